import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Banco } from '../db/client.js';
import type { UsuarioContexto } from './contexto.js';
import { textoComLiterais } from './sql-literal.js';
import { comTenant, sqlVinculoTenant } from './tenant.js';

/** client.query with a callback: see lerEmUmaIda for why not its promise form. */
function consultar(cliente: pg.PoolClient, texto: string): Promise<unknown> {
  return new Promise((ok, falha) => {
    cliente.query(texto, (e: Error | null, r: unknown) => (e ? falha(e) : ok(r)));
  });
}

/**
 * One read in its own short transaction of the caller's company, in ONE round-trip on PostgreSQL:
 * BEGIN, the tenant binding (RLS), the query and COMMIT go as one simple-protocol message, the
 * values written in as literals with the driver's escaping. Each run is planned with its own
 * values (a search by prefix keeps its index), unlike a prepared generic plan.
 *
 * Made for reads repeated page after page (the customer export), where memory counts as much as
 * time: through the promise form of node-postgres's client.query the rows of every page outlived
 * two young-generation collections and were promoted — half a gigabyte of old-generation garbage
 * over a million rows, so the process grew by 200 MB before each full collection — while through
 * its callback form they die young (a few MB promoted in all). Measured with --trace-gc-nvp
 * (promoted bytes per scavenge) on pg 8.23; bench/exportacao.mjs watches the result.
 * On PGlite (no pool: one connection in the process) it is an ordinary transaction.
 */
export async function lerEmUmaIda<T>(banco: Banco, usuario: UsuarioContexto, consulta: SQL): Promise<T[]> {
  if (!banco.pool) return comTenant(banco.db, usuario, async (tx) => ((await tx.execute(consulta)) as unknown as { rows: T[] }).rows);
  const vinculo = sqlVinculoTenant(usuario);
  const textos = ['begin'];
  for (const s of vinculo ? [vinculo, consulta] : [consulta]) {
    textos.push(textoComLiterais(s));
  }
  textos.push('commit');
  const cliente = await banco.pool.connect();
  let descartar = false;
  try {
    const r = (await consultar(cliente, textos.join(';\n'))) as { rows: T[] }[];
    return r[textos.length - 2]!.rows;
  } catch (e) {
    // A failed statement leaves the explicit transaction aborted; a connection whose ROLLBACK fails
    // is in an unknown state and must not go back to the pool.
    await consultar(cliente, 'rollback').catch(() => (descartar = true));
    throw e;
  } finally {
    cliente.release(descartar || undefined);
  }
}
