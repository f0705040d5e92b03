import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/** Rows of a raw query, typed by the caller (test seeding and checks, under the owner role: no RLS). */
export function linhasDe(db: () => Db) {
  return async function linhas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
    return ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  };
}

let nEtiqueta = 0;
/**
 * A saved audience of exactly `ids` (through a tag of their own), optionally with the company's
 * imported contacts (`incluirContatos`, decision 034).
 */
export async function publicoDe(db: Db, empresaId: number, ids: number[], opcoes: { incluirContatos?: boolean } = {}): Promise<number> {
  const linhas = linhasDe(() => db);
  const [e] = await linhas<{ id: number }>(sql`insert into etiqueta (empresa_id, nome) values (${empresaId}, ${`publico-${++nEtiqueta}`}) returning id`);
  await db.execute(sql`insert into cliente_etiqueta (empresa_id, etiqueta_id, cliente_id) select ${empresaId}, ${e!.id}, x from unnest(${`{${ids.join(',')}}`}::int[]) x`);
  const condicoes = { etiquetas: [e!.id], ...(opcoes.incluirContatos ? { incluirContatos: true } : {}) };
  const [p] = await linhas<{ id: number }>(sql`insert into publico (empresa_id, nome, condicoes) values (${empresaId}, ${`Público ${nEtiqueta}`}, ${JSON.stringify(condicoes)}::jsonb) returning id`);
  return p!.id;
}
