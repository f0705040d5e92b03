import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A campaign's uses: its own `usos` plus the rows of `cupom_desconto_contador` (db/schema/cupom.ts).
 * Sales of a campaign without limits count on those rows — one per database connection, 16 in all —
 * and never lock the campaign's row, so batches from different connections commit side by side; a
 * campaign with limits counts on its own row, which its sales already lock (docs/decisions/041 §6).
 */
export const FAIXAS_DO_CONTADOR = 16;

/**
 * A campaign whose limits count uses (in all, per customer): it counts on its own row, which its
 * sales lock from the batch's first round-trip to the commit, as the limit needs. One without (the
 * usual batch of single-use codes, a keyword for everyone) counts on the counter rows and its row is
 * never locked. The cancellation uses the same test to lock in the same order (devolucao.ts).
 */
export const sqlCampanhaLimitada = sql.raw('(usos_total is not null or usos_por_cliente is not null)');

/** `sqlCampanhaLimitada` on a campaign already read. */
export const campanhaLimitada = (c: { usosTotal: number | null; usosPorCliente: number | null }): boolean => c.usosTotal !== null || c.usosPorCliente !== null;

/** The uses of a campaign row, by its `usos` and `id` columns (drizzle columns or raw `c.usos`, `c.id`). */
export const sqlUsosDaCampanha = (usos: SQLWrapper, id: SQLWrapper): SQL<number> =>
  sql<number>`(${usos} + coalesce((select sum(k.usos) from cupom_desconto_contador k where k.cupom_id = ${id}), 0))::int`;

/** The campaign of alias `c` still has uses left (no total, or fewer uses than it). */
export const sqlUsosLivres = sql`(c.usos_total is null or ${sqlUsosDaCampanha(sql`c.usos`, sql`c.id`)} < c.usos_total)`;

/**
 * Adds `n` uses per campaign (`linhas`: a query of `cupom_id, n`) on this connection's row of each
 * campaign's counter. Campaigns in id order: two batches on the same row take them in the same order.
 */
export const sqlSomarNoContador = (empresaId: number, linhas: SQL): SQL => sql`
  insert into cupom_desconto_contador as k (empresa_id, cupom_id, faixa, usos)
  select ${empresaId}, x.cupom_id, (pg_backend_pid() % ${FAIXAS_DO_CONTADOR})::smallint, x.n from (${linhas}) x order by x.cupom_id
  on conflict (cupom_id, faixa) do update set usos = k.usos + excluded.usos`;

/**
 * Moves a campaign's counter rows into its own row, when it gets limits: from then on its sales lock
 * that row and count there, under its CHECK. One statement: the rows deleted are the versions it
 * waited for (a batch counting at the same time), so no use is lost.
 */
export const sqlDobrarContador = (empresaId: number, cupomId: number): SQL => sql`
  with d as (delete from cupom_desconto_contador where empresa_id = ${empresaId} and cupom_id = ${cupomId} returning usos)
  update cupom_desconto set usos = usos + (select coalesce(sum(d.usos), 0) from d) where id = ${cupomId} and empresa_id = ${empresaId}`;
