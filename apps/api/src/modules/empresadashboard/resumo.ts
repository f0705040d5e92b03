import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { REGISTROS_HLL, SQL_RANK_HLL, SQL_REGISTRO_HLL } from './hll.js';

/** Calendar days of the dashboard are days in Brasília (as the sales filter; docs/areas/dashboard.md). */
export const FUSO = 'America/Sao_Paulo';

/**
 * A day (or an interval of today) is summarised once it has been over for this long: a sale begun
 * at 23:59:59 may still be committing a moment after midnight, and a summary is never rewritten.
 * A sale's transaction is short and waits at most LIMITE_ESPERA_TRAVA for each lock (transacao-agrupada.ts),
 * so two minutes cover it with room to spare.
 */
const MARGEM_FECHAMENTO = '2 minutes';

/**
 * Today's closed part is summarised per interval of this length: only the last few minutes are
 * read from the sales (up to MARGEM_FECHAMENTO + INTERVALO), however busy the day.
 */
const INTERVALO = '5 minutes';

/** Start of the interval an instant falls in (intervals are aligned on UTC, and so on Brasília's hours). */
const inicioDoIntervalo = (instante: SQL) => sql`date_bin(${INTERVALO}::interval, ${instante}, timestamptz '2000-01-01 00:00:00+00')`;

/** Rows of a raw statement, the same on both drivers. */
export async function linhas<T>(tx: Executor, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

const iso = (instante: SQL) => sql`to_char(${instante} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The clock of a dashboard query over [de, ate], in one round-trip: the first calendar day not
 * closed yet (usually today) and the first interval not closed yet, by the database clock, and the
 * instants (ISO) where the open part of the range begins and ends and where the open day begins.
 */
export async function relogio(tx: Executor, de: string, ate: string): Promise<{ diaAberto: string; intervaloAberto: string; inicioAberto: string; inicioDoDiaAberto: string; fim: string }> {
  const [l] = await linhas<{ dia_aberto: string; intervalo_aberto: string; inicio_aberto: string; inicio_do_dia_aberto: string; fim: string }>(
    tx,
    sql`select d.dia::text as dia_aberto, ${iso(sql`d.intervalo`)} as intervalo_aberto,
               ${iso(sql`(greatest(d.dia, ${de}::date))::timestamp at time zone ${FUSO}`)} as inicio_aberto,
               ${iso(sql`d.dia::timestamp at time zone ${FUSO}`)} as inicio_do_dia_aberto,
               ${iso(fimDoDia(ate))} as fim
        from (select ((now() - ${MARGEM_FECHAMENTO}::interval) at time zone ${FUSO})::date as dia,
                     ${inicioDoIntervalo(sql`now() - ${MARGEM_FECHAMENTO}::interval`)} as intervalo) d`,
  );
  return { diaAberto: l!.dia_aberto, intervaloAberto: l!.intervalo_aberto, inicioAberto: l!.inicio_aberto, inicioDoDiaAberto: l!.inicio_do_dia_aberto, fim: l!.fim };
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
  const { de: d0, ate: d1 } = faltando;
  const balde = sql`(t.criado_em at time zone ${FUSO})::date`;
  await tx.execute(sql`
    insert into resumo_venda_dia (empresa_id, dia, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, novos_clientes, clientes_hll)
    with ${ctesDosTotais(empresaId, balde, inicioDoDia(d0), fimDoDia(d1))},
    nov as (
      select (c.criado_em at time zone ${FUSO})::date as balde, coalesce(c.filial_origem_id, 0) as filial_id, count(*)::int as n
      from cliente c
      where c.empresa_id = ${empresaId} and c.criado_em >= ${inicioDoDia(d0)} and c.criado_em < ${fimDoDia(d1)}
      group by 1, 2
    ),
    chaves as (
      select balde, filial_id from tot
      union select balde, filial_id from nov
      union select d::date, 0 from generate_series(${d0}::date, ${d1}::date, interval '1 day') d
    )
    select ${empresaId}, k.balde, k.filial_id, coalesce(tot.vendas, 0), coalesce(tot.valor, 0), coalesce(tot.resgate, 0),
           coalesce(tot.cashback, 0), coalesce(tot.pontos, 0), coalesce(nov.n, 0), hll.sketch
    from chaves k
    left join tot on tot.balde = k.balde and tot.filial_id = k.filial_id
    left join nov on nov.balde = k.balde and nov.filial_id = k.filial_id
    left join hll on hll.balde = k.balde and hll.filial_id = k.filial_id
    on conflict do nothing`);
}

/**
 * The same for the closed intervals [de, ate) of the open day (instants at interval starts). The
 * rows of intervals before `descartarAntes` (days that have their daily summary) are dropped on the way.
 */
export async function garantirResumoIntervalos(tx: Executor, empresaId: number, de: string, ate: string, descartarAntes: string): Promise<void> {
  await tx.execute(sql`delete from resumo_venda_intervalo where empresa_id = ${empresaId} and inicio < ${descartarAntes}::timestamptz`);
  if (ate <= de) return;
  const passo = sql`${INTERVALO}::interval`;
  const [faltando] = await linhas<{ de: string | null; ate: string | null }>(
    tx,
    sql`select min(h) as de, max(h) + ${passo} as ate
        from generate_series(${de}::timestamptz, ${ate}::timestamptz - ${passo}, ${passo}) h
        where not exists (select 1 from resumo_venda_intervalo r where r.empresa_id = ${empresaId} and r.inicio = h and r.filial_id = 0)`,
  );
  if (!faltando?.de || !faltando.ate) return;
  const h0 = sql`${new Date(faltando.de).toISOString()}::timestamptz`;
  const h1 = sql`${new Date(faltando.ate).toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into resumo_venda_intervalo (empresa_id, inicio, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, clientes_hll)
    with ${ctesDosTotais(empresaId, inicioDoIntervalo(sql`t.criado_em`), h0, h1)},
    chaves as (
      select balde, filial_id from tot
      union select h, 0 from generate_series(${h0}, ${h1} - ${passo}, ${passo}) h
    )
    select ${empresaId}, k.balde, k.filial_id, coalesce(tot.vendas, 0), coalesce(tot.valor, 0), coalesce(tot.resgate, 0),
           coalesce(tot.cashback, 0), coalesce(tot.pontos, 0), hll.sketch
    from chaves k
    left join tot on tot.balde = k.balde and tot.filial_id = k.filial_id
    left join hll on hll.balde = k.balde and hll.filial_id = k.filial_id
    on conflict do nothing`);
}

/**
 * Totals (tot) and buyers' sketch (hll) of the sales in [inicio, fim) per (balde, branch): one pass
 * over the sales grouped by (bucket, branch, HLL register), both coming from that small result.
 */
function ctesDosTotais(empresaId: number, balde: SQL, inicio: SQL, fim: SQL): SQL {
  const registro = sql.raw(SQL_REGISTRO_HLL('t.cliente_id'));
  const rank = sql.raw(SQL_RANK_HLL('t.cliente_id'));
  return sql`
    g as (
      select ${balde} as balde, coalesce(t.filial_id, 0) as filial_id, ${registro} as r,
             count(*) as n, sum(t.valor_centavos) as valor, sum(t.resgate_centavos) as resgate,
             sum(t.cashback_centavos) as cashback, sum(t.pontos) as pontos, max(${rank}) as rank
      from transacao t
      where t.empresa_id = ${empresaId} and t.criado_em >= ${inicio} and t.criado_em < ${fim}
      group by 1, 2, 3
    ),
    tot as (
      select balde, filial_id, sum(n)::int as vendas, sum(valor)::bigint as valor, sum(resgate)::bigint as resgate,
             sum(cashback)::bigint as cashback, sum(pontos)::bigint as pontos
      from g group by 1, 2
    ),
    hll as (
      select k.balde, k.filial_id, decode(string_agg(lpad(to_hex(coalesce(g.rank, 0)), 2, '0'), '' order by s.r), 'hex') as sketch
      from tot k cross join generate_series(0, ${REGISTROS_HLL - 1}) s(r)
      left join g on g.balde = k.balde and g.filial_id = k.filial_id and g.r = s.r
      group by k.balde, k.filial_id
    )`;
}
