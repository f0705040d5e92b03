import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { diaLocal, noIntervalo, ZONAS, type Fusos } from './fusos.js';
import { REGISTROS_HLL, SQL_RANK_HLL, SQL_REGISTRO_HLL } from './hll.js';

/** Brasília: the zone of "today" when no branch is in view (tests, the default of a new company). */
import { FUSO, hojeNoFuso } from '../../lib/fuso.js';

export { FUSO, hojeNoFuso };

/**
 * A day is summarised once it has been over for this long: a sale begun at 23:59:59 may still be
 * committing a moment after midnight, and a daily summary is never rewritten. A sale's transaction
 * is short and waits at most LIMITE_ESPERA_TRAVA for each lock (transacao-agrupada.ts), so two
 * minutes cover it with room to spare. The open days need no margin: their intervals accumulate.
 */
const MARGEM_FECHAMENTO = '2 minutes';

/** The open days' figures are kept per interval of this length (resumo_venda_intervalo). */
const INTERVALO = '5 minutes';

/** Start of the interval an instant falls in (aligned on UTC, and so on the whole hours of every zone of ZONAS). */
const inicioDoIntervalo = (instante: SQL) => sql`date_bin(${INTERVALO}::interval, ${instante}, timestamptz '2000-01-01 00:00:00+00')`;

/** Rows of a raw statement, the same on both drivers. */
export async function linhas<T>(tx: Executor, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

const iso = (instante: SQL) => sql`to_char(${instante} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const zonas = () => sql`unnest(${`{${ZONAS.join(',')}}`}::text[])`;

/**
 * The dashboard's clock, the same for every company (decision 025): the first calendar day not
 * closed in every zone of ZONAS (usually today; from midnight in Brasília until two minutes past
 * midnight in Rio Branco, also yesterday), and the instant where that day begins in the eastmost
 * zone — the open days' intervals are kept from there on.
 */
export async function relogio(tx: Executor): Promise<{ diaAberto: string; inicioDoDiaAberto: string }> {
  const [l] = await linhas<{ dia_aberto: string; inicio_do_dia_aberto: string }>(
    tx,
    sql`with d as (select min(((now() - ${MARGEM_FECHAMENTO}::interval) at time zone z)::date) as dia from ${zonas()} z)
        select d.dia::text as dia_aberto, ${iso(sql`(select min(d.dia::timestamp at time zone z) from ${zonas()} z)`)} as inicio_do_dia_aberto from d`,
  );
  return { diaAberto: l!.dia_aberto, inicioDoDiaAberto: l!.inicio_do_dia_aberto };
}


/**
 * Makes sure every closed day of [de, ate] has its summary rows, computing the missing ones from
 * `transacao` and `cliente` in one set-based statement. The first call over a year of millions of
 * sales takes seconds; every later call reads ≤ 366 × branches rows. Concurrent callers may compute
 * the same days: the primary key keeps the first. Each row's day is its branch's calendar day in the
 * branch's zone (`fusos`, read under the zones' lock: lerFusos).
 */
export async function garantirResumo(tx: Executor, empresaId: number, fusos: Fusos, de: string, ate: string): Promise<void> {
  if (ate < de) return;
  const [faltando] = await linhas<{ de: string | null; ate: string | null }>(
    tx,
    sql`select min(d)::date::text as de, max(d)::date::text as ate
        from generate_series(${de}::date, ${ate}::date, interval '1 day') d
        where not exists (select 1 from resumo_venda_dia r where r.empresa_id = ${empresaId} and r.dia = d::date and r.filial_id = 0)`,
  );
  if (!faltando?.de || !faltando.ate) return;
  const { de: d0, ate: d1 } = faltando;
  const balde = diaLocal(fusos, sql`t.criado_em`, sql`t.filial_id`);
  await tx.execute(sql`
    insert into resumo_venda_dia (empresa_id, dia, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, novos_clientes, clientes_hll)
    with ${ctesDosTotais(empresaId, balde, noIntervalo(fusos, d0, d1, 't.criado_em'))},
    nov as (
      select ${diaLocal(fusos, sql`c.criado_em`, sql`c.filial_origem_id`)} as balde, coalesce(c.filial_origem_id, 0) as filial_id, count(*)::int as n
      from cliente c
      where c.empresa_id = ${empresaId} and ${noIntervalo(fusos, d0, d1, 'c.criado_em')}
      group by 1, 2
    ),
    chaves as (
      -- The instant range also holds edges of the days around [d0, d1] in other zones: left out here.
      select balde, filial_id from tot where balde between ${d0}::date and ${d1}::date
      union select balde, filial_id from nov where balde between ${d0}::date and ${d1}::date
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

/** The accepted sales of a batch as their rows are written (venda.ts), the fields the open day's summary needs (centavos). */
export type VendasDoLote = { filial_id: number | null; cliente_id: number; valor: number; resgate: number; cashback: number; pontos: number }[];

/**
 * The pending summary rows of a batch of sales — one per branch —, as a CTE of the statement that
 * writes the sales: they commit together, so the fold can never see one without the other.
 */
export function sqlVendasPendentes(empresaId: number, vendas: VendasDoLote, criadoEm: Date | undefined): SQL {
  const doDia = vendas.map(({ filial_id, cliente_id, valor, resgate, cashback, pontos }) => ({ filial_id, cliente_id, valor, resgate, cashback, pontos }));
  return sql`
    insert into resumo_venda_pendente (empresa_id, criado_em, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, clientes)
    select ${empresaId}, ${criadoEm ? sql`${criadoEm.toISOString()}::timestamptz` : sql`now()`}, coalesce(x.filial_id, 0), count(*),
           sum(x.valor), sum(x.resgate), sum(x.cashback), sum(x.pontos), array_agg(x.cliente_id)
    from json_to_recordset(${JSON.stringify(doDia)}::json) as x(filial_id int, cliente_id int, valor bigint, resgate bigint, cashback bigint, pontos bigint)
    group by coalesce(x.filial_id, 0)`;
}

/**
 * Folds the company's pending rows into the intervals of the open days, deleting them in the same
 * statement: a row is counted once, by whichever fold deletes it, even when its sales committed
 * after their interval ended — so the open days need no closing margin and nothing is read from the
 * sales. Rows of days before `descartarAntes` (they have their daily summary, built from the sales)
 * are dropped, and so are those days' intervals.
 */
export async function consolidarPendentes(tx: Executor, empresaId: number, descartarAntes: string): Promise<void> {
  await tx.execute(sql`delete from resumo_venda_intervalo where empresa_id = ${empresaId} and inicio < ${descartarAntes}::timestamptz`);
  const registro = sql.raw(SQL_REGISTRO_HLL('u.c'));
  const rank = sql.raw(SQL_RANK_HLL('u.c'));
  await tx.execute(sql`
    with d as (
      delete from resumo_venda_pendente where empresa_id = ${empresaId}
      returning criado_em, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, clientes
    ),
    b as (select ${inicioDoIntervalo(sql`d.criado_em`)} as balde, d.* from d where d.criado_em >= ${descartarAntes}::timestamptz),
    tot as (
      select balde, filial_id, sum(vendas)::int as vendas, sum(valor_centavos)::bigint as valor, sum(resgate_centavos)::bigint as resgate,
             sum(cashback_centavos)::bigint as cashback, sum(pontos)::bigint as pontos
      from b group by 1, 2
    ),
    g as (
      select b.balde, b.filial_id, ${registro} as r, max(${rank}) as rank
      from b cross join lateral unnest(b.clientes) as u(c)
      group by 1, 2, 3
    ),
    ${cteHll}
    insert into resumo_venda_intervalo (empresa_id, inicio, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, clientes_hll)
    select ${empresaId}, tot.balde, tot.filial_id, tot.vendas, tot.valor, tot.resgate, tot.cashback, tot.pontos, hll.sketch
    from tot join hll on hll.balde = tot.balde and hll.filial_id = tot.filial_id
    order by 2, 3
    on conflict (empresa_id, inicio, filial_id) do update set
      vendas = resumo_venda_intervalo.vendas + excluded.vendas,
      valor_centavos = resumo_venda_intervalo.valor_centavos + excluded.valor_centavos,
      resgate_centavos = resumo_venda_intervalo.resgate_centavos + excluded.resgate_centavos,
      cashback_centavos = resumo_venda_intervalo.cashback_centavos + excluded.cashback_centavos,
      pontos = resumo_venda_intervalo.pontos + excluded.pontos,
      clientes_hll = hll_unir(resumo_venda_intervalo.clientes_hll, excluded.clientes_hll),
      calculado_em = now()`);
}

/**
 * The every-minute job: every company's pending rows folded, each company in a transaction of its
 * own, so a dashboard call never has more than about a minute of sales to fold. Runs as the
 * database owner across tenants, like the other scheduled jobs.
 */
export async function consolidarTodas(db: Db): Promise<number> {
  const empresas = await linhas<{ empresa_id: number }>(db, sql`select distinct empresa_id from resumo_venda_pendente`);
  if (empresas.length === 0) return 0;
  const { inicioDoDiaAberto } = await relogio(db);
  for (const { empresa_id } of empresas) await db.transaction((tx) => consolidarPendentes(tx, Number(empresa_id), inicioDoDiaAberto));
  return empresas.length;
}

/**
 * Totals (tot) and buyers' sketch (hll) of the sales of some days per (balde, branch): one pass
 * over the sales grouped by (bucket, branch, HLL register), both coming from that small result.
 */
function ctesDosTotais(empresaId: number, balde: SQL, noIntervalo: SQL): SQL {
  const registro = sql.raw(SQL_REGISTRO_HLL('t.cliente_id'));
  const rank = sql.raw(SQL_RANK_HLL('t.cliente_id'));
  return sql`
    g as (
      select ${balde} as balde, coalesce(t.filial_id, 0) as filial_id, ${registro} as r,
             count(*) as n, sum(t.valor_centavos) as valor, sum(t.resgate_centavos) as resgate,
             sum(t.cashback_centavos) as cashback, sum(t.pontos) as pontos, max(${rank}) as rank
      from transacao t
      where t.empresa_id = ${empresaId} and ${noIntervalo}
      group by 1, 2, 3
    ),
    tot as (
      select balde, filial_id, sum(n)::int as vendas, sum(valor)::bigint as valor, sum(resgate)::bigint as resgate,
             sum(cashback)::bigint as cashback, sum(pontos)::bigint as pontos
      from g group by 1, 2
    ),
    ${cteHll}`;
}

/** The buyers' sketch of each bucket of `tot`, from `g`: the highest rank per (bucket, branch, register). */
const cteHll = sql`
    hll as (
      select k.balde, k.filial_id, decode(string_agg(lpad(to_hex(coalesce(g.rank, 0)), 2, '0'), '' order by s.r), 'hex') as sketch
      from tot k cross join generate_series(0, ${REGISTROS_HLL - 1}) s(r)
      left join g on g.balde = k.balde and g.filial_id = k.filial_id and g.r = s.r
      group by k.balde, k.filial_id
    )`;
