import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Planner statistics during bulk loads. An import of 100,000 customers into a young database grows
 * its tables a hundredfold in seconds, while the statistics still describe the demo data (or
 * nothing: a table never analysed). Plans made from them — and kept for the session, as those of
 * the trigger functions are — scan whole tables per statement: the zero-sum check on `partida`
 * (migration 0012) became a sequential scan per batch, and the import quadratic. Autovacuum would
 * analyse these tables a minute later; PGlite has no autovacuum at all. So the import does what
 * autovacuum would, each time it has about quadrupled the table it fills.
 */

/** The planner's idea of a table's size (pg_class.reltuples; 0 when never analysed). */
export async function linhasEstimadas(db: Db, tabela: string): Promise<number> {
  const r = await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass(${tabela})`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * ANALYZE of some tables, outside any tenant transaction: it needs the tables' owner (the role the
 * app connects with, which ran the migrations); any other role gets a warning and the tables are
 * skipped, never an error. Names come from the callers' constants, never from a request.
 */
export async function analisarTabelas(db: Db, tabelas: readonly string[]): Promise<void> {
  if (tabelas.length === 0) return;
  if (tabelas.some((t) => !/^[a-z_][a-z0-9_]*$/.test(t))) throw new Error(`Nome de tabela inválido: ${tabelas.join(', ')}`);
  await db.execute(sql.raw(`analyze ${tabelas.join(', ')}`));
}
