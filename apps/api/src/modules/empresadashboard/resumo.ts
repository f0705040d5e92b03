import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { REGISTROS_HLL, SQL_RANK_HLL, SQL_REGISTRO_HLL } from './hll.js';

/** Calendar days of the dashboard are days in Brasília (as the sales filter; docs/areas/dashboard.md). */
export const FUSO = 'America/Sao_Paulo';

/**
 * A day is summarised once it has been over for this long: a sale begun at 23:59:59 may still be
 * committing a moment after midnight, and the summary of a day is never rewritten.
 */
const MARGEM_FECHAMENTO = '10 minutes';

/** Rows of a raw statement, the same on both drivers. */
export async function linhas<T>(tx: Executor, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

/** The first calendar day that is not closed yet (usually today), by the database clock. */
export async function primeiroDiaAberto(tx: Executor): Promise<string> {
  const [l] = await linhas<{ dia: string }>(tx, sql`select ((now() - ${MARGEM_FECHAMENTO}::interval) at time zone ${FUSO})::date::text as dia`);
  return l!.dia;
}

/** Today's calendar day in the company's zone (YYYY-MM-DD). */
export function hojeNoFuso(agora: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
}

/** Instant where a calendar day of the company begins. */
export const inicioDoDia = (dia: string) => sql`(${dia}::date)::timestamp at time zone ${FUSO}`;
/** Instant where the calendar day after `dia` begins (exclusive end of a range). */
export const fimDoDia = (dia: string) => sql`(${dia}::date + 1)::timestamp at time zone ${FUSO}`;
/** The calendar day of a timestamptz column, as text. */
export const diaDe = (coluna: string) => sql.raw(`((${coluna} at time zone '${FUSO}')::date)::text`);

/**
 * Makes sure every closed day of [de, ate] has its summary rows, computing the missing ones from
 * `transacao` and `cliente` in one set-based statement. The first call over a year of millions of
 * sales takes seconds; every later call reads ≤ 366 × branches rows. Concurrent callers may compute
 * the same days: the primary key keeps the first.
 */
export async function garantirResumo(tx: Executor, empresaId: number, de: string, ate: string): Promise<void> {
  if (ate < de) return;
  const [faltando] = await linhas<{ de: string | null; ate: string | null }>(
    tx,
    sql`select min(d)::date::text as de, max(d)::date::text as ate
        from generate_series(${de}::date, ${ate}::date, interval '1 day') d
        where not exists (select 1 from resumo_venda_dia r where r.empresa_id = ${empresaId} and r.dia = d::date and r.filial_id = 0)`,
  );
  if (!faltando?.de || !faltando.ate) return;
  await calcularResumo(tx, empresaId, faltando.de, faltando.ate);
}

async function calcularResumo(tx: Executor, empresaId: number, de: string, ate: string): Promise<void> {
  const registro = sql.raw(SQL_REGISTRO_HLL('t.cliente_id'));
  const rank = sql.raw(SQL_RANK_HLL('t.cliente_id'));
  // One pass over the days' sales grouped by (day, branch, HLL register): the totals and the
  // sketch both come from this small intermediate result.
  await tx.execute(sql`
    insert into resumo_venda_dia (empresa_id, dia, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, novos_clientes, clientes_hll)
    with g as (
      select (t.criado_em at time zone ${FUSO})::date as dia, coalesce(t.filial_id, 0) as filial_id, ${registro} as r,
             count(*) as n, sum(t.valor_centavos) as valor, sum(t.resgate_centavos) as resgate,
             sum(t.cashback_centavos) as cashback, sum(t.pontos) as pontos, max(${rank}) as rank
      from transacao t
      where t.empresa_id = ${empresaId} and t.criado_em >= ${inicioDoDia(de)} and t.criado_em < ${fimDoDia(ate)}
      group by 1, 2, 3
    ),
    tot as (
      select dia, filial_id, sum(n)::int as vendas, sum(valor)::bigint as valor, sum(resgate)::bigint as resgate,
             sum(cashback)::bigint as cashback, sum(pontos)::bigint as pontos
      from g group by 1, 2
    ),
    hll as (
      select k.dia, k.filial_id, decode(string_agg(lpad(to_hex(coalesce(g.rank, 0)), 2, '0'), '' order by s.r), 'hex') as sketch
      from tot k cross join generate_series(0, ${REGISTROS_HLL - 1}) s(r)
      left join g on g.dia = k.dia and g.filial_id = k.filial_id and g.r = s.r
      group by k.dia, k.filial_id
    ),
    nov as (
      select (c.criado_em at time zone ${FUSO})::date as dia, coalesce(c.filial_origem_id, 0) as filial_id, count(*)::int as n
      from cliente c
      where c.empresa_id = ${empresaId} and c.criado_em >= ${inicioDoDia(de)} and c.criado_em < ${fimDoDia(ate)}
      group by 1, 2
    ),
    chaves as (
      select dia, filial_id from tot
      union select dia, filial_id from nov
      union select d::date, 0 from generate_series(${de}::date, ${ate}::date, interval '1 day') d
    )
    select ${empresaId}, k.dia, k.filial_id, coalesce(tot.vendas, 0), coalesce(tot.valor, 0), coalesce(tot.resgate, 0),
           coalesce(tot.cashback, 0), coalesce(tot.pontos, 0), coalesce(nov.n, 0), hll.sketch
    from chaves k
    left join tot on tot.dia = k.dia and tot.filial_id = k.filial_id
    left join nov on nov.dia = k.dia and nov.filial_id = k.filial_id
    left join hll on hll.dia = k.dia and hll.filial_id = k.filial_id
    on conflict do nothing`);
}

/**
 * Forgets the summaries from `desde` on: for code that writes sales or customers back-dated into
 * closed days (history imports, the bench generator). Live sales never need it.
 */
export async function invalidarResumo(tx: Executor, empresaId: number, desde: string): Promise<void> {
  await tx.execute(sql`delete from resumo_venda_dia where empresa_id = ${empresaId} and dia >= ${desde}::date`);
}
