import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * Credit lots (table `credito`, docs/areas/razao.md "Validade e carência"). Every credit to a
 * customer account is a lot; every debit takes from lots. For each customer account the sum of its
 * lots' `restante` equals its balance. Each helper here is ONE statement whatever the number of lots
 * (the sale path is benchmarked), and all of them run under the account locks taken by `lancar`.
 */

/**
 * How a posting's debits take lots:
 * - USO: a redemption or manual debit — only usable lots (waiting period over, not lapsed), oldest expiry first;
 * - ESTORNO: the reversal of a credit — the reversed posting's own lot first, then any open lot;
 * - VENCIDOS: the expiry job — only lapsed lots;
 * - TODOS: a unification — every open lot, moved whole to the other customer.
 */
export type ModoConsumo = 'USO' | 'ESTORNO' | 'VENCIDOS' | 'TODOS';

export type Consumo = { creditoId: number; contaId: number; qtd: number; disponivelEm: Date; expiraEm: Date | null };

/** A lot to create; without `datas`, the programme's rule gives its waiting period and validity. */
export type NovoLote = {
  contaId: number;
  valor: number;
  /** Apply the rule's validity (cashback and points; prepaid money never lapses). */
  regra: boolean;
  /** Explicit dates (a unification keeps the moved lots' own). */
  datas?: { disponivelEm: Date; expiraEm: Date | null };
};

/** Drizzle expands JS arrays into parameter lists; a Postgres array travels as one text parameter. */
export function arrayPg(valores: (number | string | boolean | null)[]): string {
  return `{${valores.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? `"${v}"` : String(v))).join(',')}}`;
}

/**
 * The clock of a posting: the back-dated instant of the seed/tests, else the statement's start.
 * Not now() (the transaction's start): a redemption that waited on the account lock for a sale
 * must see that sale's lot (stamped with the sale's now()) as already there, not in the future.
 */
export function instante(agora: Date | null | undefined): SQL {
  return agora ? sql`${agora.toISOString()}::timestamptz` : sql`statement_timestamp()`;
}

function linhas<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

/**
 * Lots read per account before the statement knows whether they cover the debit: the FIFO prefix by
 * the index of open lots (credito_conta_aberto_idx). The median account has 6–8 open lots; a customer
 * who buys every day and seldom redeems has hundreds, and reading them all cost 3.1 ms per batch of
 * sales with 386 (bench/RESULTS.md, 28/11).
 */
export const LOTES_PRIMEIRA_LEITURA = 64;

/**
 * The statement that takes lots for the debits `pedidos` (account → amount, or a SELECT of
 * `conta_id, valor` when the caller knows the account only by its customer; one row per account),
 * FIFO as a running sum: each lot gives min(what is left in it, what is still asked after the lots
 * before it). Its rows are read by `lerConsumo`. Must run under the accounts' locks, in a statement
 * after the locking one. Each account reads its first LOTES_PRIMEIRA_LEITURA lots in FIFO order;
 * only an account those do not cover (more lots, and their sum short of the debit) reads them all —
 * a lot past a prefix that covers the debit would give nothing anyway.
 */
export function sqlConsumirLotes(empresaId: number, pedidos: Map<number, number> | SQL, modo: ModoConsumo, agora: Date | null | undefined, prioridadeLancamentoId: number | null): SQL {
  const t = instante(agora);
  const filtro =
    modo === 'USO'
      ? sql`k.disponivel_em <= ${t} and (k.expira_em is null or k.expira_em > ${t})`
      : modo === 'VENCIDOS'
        ? sql`k.expira_em <= ${t}`
        : sql`true`;
  const prioridade = modo === 'ESTORNO' && prioridadeLancamentoId !== null ? sql`(k.lancamento_id = ${prioridadeLancamentoId}) desc,` : sql``;
  const ordem = sql`${prioridade} k.expira_em asc nulls last, k.id`;
  const abertosDe = sql`k.empresa_id = ${empresaId} and k.restante > 0 and ${filtro}`;
  return sql`
    with pedido as materialized (${pedidos instanceof Map ? sql`select * from unnest(${arrayPg([...pedidos.keys()])}::int[], ${arrayPg([...pedidos.values()])}::bigint[]) as p(conta_id, valor)` : pedidos}),
    primeiros as materialized (
      select p.conta_id, p.valor, k.id, k.restante, k.expira_em, k.lancamento_id
      from pedido p cross join lateral (
        select k.id, k.restante, k.expira_em, k.lancamento_id from credito k
        where k.conta_id = p.conta_id and ${abertosDe} order by ${ordem} limit ${LOTES_PRIMEIRA_LEITURA}) k),
    descobertas as materialized (
      select coalesce(array_agg(conta_id), '{}') as ids from (
        select conta_id from primeiros group by conta_id, valor having count(*) = ${LOTES_PRIMEIRA_LEITURA} and sum(restante) < valor) x),
    lidos as (
      select f.conta_id, f.id, f.restante, f.expira_em, f.lancamento_id from primeiros f, descobertas d where f.conta_id <> all(d.ids)
      union all
      select k.conta_id, k.id, k.restante, k.expira_em, k.lancamento_id from credito k, descobertas d where k.conta_id = any(d.ids) and ${abertosDe}),
    abertos as (
      select k.id, k.conta_id, k.restante,
             coalesce(sum(k.restante) over (partition by k.conta_id order by ${ordem} rows between unbounded preceding and 1 preceding), 0) as antes
      from lidos k
    ),
    consumo as (
      select a.id, least(a.restante, p.valor - a.antes)::bigint as qtd
      from abertos a join pedido p on p.conta_id = a.conta_id
      where a.antes < p.valor
    )
    update credito k set restante = k.restante - c.qtd
    from consumo c where k.id = c.id
    returning k.id, k.conta_id, c.qtd, k.disponivel_em, k.expira_em`;
}

export function lerConsumo(rows: unknown[]): Consumo[] {
  return (rows as { id: number; conta_id: number; qtd: number | string; disponivel_em: Date | string; expira_em: Date | string | null }[]).map((l) => ({
    creditoId: Number(l.id),
    contaId: Number(l.conta_id),
    qtd: Number(l.qtd),
    disponivelEm: new Date(l.disponivel_em),
    expiraEm: l.expira_em === null ? null : new Date(l.expira_em),
  }));
}

export async function consumirLotes(
  tx: Executor,
  empresaId: number,
  pedidos: Map<number, number>,
  modo: ModoConsumo,
  agora: Date | null | undefined,
  prioridadeLancamentoId: number | null,
): Promise<Consumo[]> {
  if (pedidos.size === 0) return [];
  return lerConsumo(linhas(await tx.execute(sqlConsumirLotes(empresaId, pedidos, modo, agora, prioridadeLancamentoId))));
}

/**
 * The statement that gives back to each lot what was taken from it: `lotes` as [lot, amount]. It
 * selects `conta_id, qtd`. Also how a batch of sales returns the lots of a refused redemption.
 */
export function sqlRestaurarLotes(empresaId: number, lotes: [number, number][]): SQL {
  return sql`
    update credito k set restante = k.restante + r.qtd
    from unnest(${arrayPg(lotes.map((l) => l[0]))}::int[], ${arrayPg(lotes.map((l) => l[1]))}::bigint[]) as r(id, qtd)
    where k.id = r.id and k.empresa_id = ${empresaId}
    returning k.conta_id, r.qtd`;
}

/** Gives back to each lot what a reversed debit took from it (recorded in the debit's `referencia.lotes`). */
export async function restaurarLotes(tx: Executor, empresaId: number, lotes: [number, number][]): Promise<Map<number, number>> {
  const porConta = new Map<number, number>();
  if (lotes.length === 0) return porConta;
  const r = await tx.execute(sqlRestaurarLotes(empresaId, lotes));
  for (const l of linhas<{ conta_id: number; qtd: number | string }>(r)) porConta.set(Number(l.conta_id), (porConta.get(Number(l.conta_id)) ?? 0) + Number(l.qtd));
  return porConta;
}

/** A date as the JSON documents of the write statements carry it (null: the statement's own clock, or none). */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A new lot in the postings' write statement: `ord` names its posting; branch, waiting period and clock are the posting's. */
export type LoteDoLancamento = NovoLote & { ord: number; filialId: number | null; comCarencia: boolean; agora: Date | null | undefined };

/**
 * The INSERT of new lots, as a fragment of the postings' write statement (razao.ts
 * sqlGravarLancamentos): each lot names its posting by `ord`, whose id comes from the CTE `ids`,
 * and the rule is read inside the statement (the branch's row, else the company's), so lots cost
 * no round-trip of their own. The lots travel as one JSON parameter, whatever their number.
 */
export function inserirLotesSql(empresaId: number, lotes: LoteDoLancamento[]): SQL {
  const linhas = lotes.map((n) => ({
    ord: n.ord,
    conta_id: n.contaId,
    valor: n.valor,
    regra: n.regra,
    explicito: n.datas !== undefined,
    disponivel_em: iso(n.datas?.disponivelEm),
    expira_em: iso(n.datas?.expiraEm),
    filial_id: n.filialId,
    com_carencia: n.comCarencia,
    agora: iso(n.agora),
  }));
  // The clock of `instante`, per lot: the posting's back-dated instant, else the statement's start.
  const t = sql`coalesce(n.agora, statement_timestamp())`;
  return sql`
    insert into credito (empresa_id, conta_id, lancamento_id, valor, restante, disponivel_em, expira_em, criado_em)
    select ${empresaId}, n.conta_id, ids.id, n.valor, n.valor,
           case when n.explicito then n.disponivel_em
                else ${t} + make_interval(days => case when n.regra and n.com_carencia then coalesce(r.carencia_dias, 0) else 0 end) end,
           case when n.explicito then n.expira_em
                when n.regra then ${t} + make_interval(days => r.validade_dias) end,
           ${t}
    from json_to_recordset(${JSON.stringify(linhas)}::json)
         as n(ord int, conta_id int, valor bigint, regra boolean, explicito boolean, disponivel_em timestamptz, expira_em timestamptz,
              filial_id int, com_carencia boolean, agora timestamptz)
    join ids on ids.ord = n.ord
    left join lateral (
      select validade_dias, carencia_dias from regra_programa
      where empresa_id = ${empresaId} and (filial_id is null or filial_id = n.filial_id) and ativo
      order by filial_id nulls last limit 1
    ) r on true`;
}

/**
 * The lots of many credit postings at once (razao.ts creditarClientesEmLote), one per row of
 * `origem` (`lancamento_id, conta_id, valor`): the same lots `inserirLotesSql` opens for a credit
 * without explicit dates — usable at the posting's clock, lapsing after the rule's validity when
 * `regra` (cashback, points), with the waiting period for sales only — for a whole batch in one
 * statement. The rule is read once for the batch, which shares one branch.
 */
export function inserirLotesDeLancamentosSql(
  l: { empresaId: number; filialId: number | null; comCarencia: boolean; agora: Date | null | undefined },
  regra: boolean,
  origem: SQL,
): SQL {
  const t = instante(l.agora);
  return sql`
    insert into credito (empresa_id, conta_id, lancamento_id, valor, restante, disponivel_em, expira_em, criado_em)
    select ${l.empresaId}, o.conta_id, o.lancamento_id, o.valor, o.valor,
           ${t} + make_interval(days => case when ${regra}::boolean and ${l.comCarencia}::boolean then coalesce(r.carencia_dias, 0) else 0 end),
           case when ${regra}::boolean then ${t} + make_interval(days => r.validade_dias) end,
           ${t}
    from (${origem}) as o
    left join (
      select validade_dias, carencia_dias from regra_programa
      where empresa_id = ${l.empresaId} and (filial_id is null or filial_id = ${l.filialId}) and ativo
      order by filial_id nulls last limit 1
    ) r on true`;
}

export type SituacaoLotes = { disponivel: number; emCarencia: number; vencido: number; aExpirar: number; liberacao: Date | null; proximaExpiracao: Date | null };

/** What the lots of some accounts hold, split by what may be used now (saldos screen, refusal messages). */
export async function situacaoLotes(tx: Executor, empresaId: number, contaIds: number[], agora?: Date | null, diasAExpirar = 30): Promise<Map<number, SituacaoLotes>> {
  const mapa = new Map<number, SituacaoLotes>();
  if (contaIds.length === 0) return mapa;
  const t = instante(agora);
  const r = await tx.execute(sql`
    select k.conta_id,
      coalesce(sum(k.restante) filter (where k.disponivel_em <= ${t} and (k.expira_em is null or k.expira_em > ${t})), 0)::bigint as disponivel,
      coalesce(sum(k.restante) filter (where k.disponivel_em > ${t} and (k.expira_em is null or k.expira_em > ${t})), 0)::bigint as em_carencia,
      coalesce(sum(k.restante) filter (where k.expira_em <= ${t}), 0)::bigint as vencido,
      coalesce(sum(k.restante) filter (where k.expira_em > ${t} and k.expira_em <= ${t} + make_interval(days => ${diasAExpirar})), 0)::bigint as a_expirar,
      min(k.disponivel_em) filter (where k.disponivel_em > ${t}) as liberacao,
      min(k.expira_em) filter (where k.expira_em > ${t}) as proxima_expiracao
    from credito k
    where k.empresa_id = ${empresaId} and k.conta_id = any(${arrayPg(contaIds)}::int[]) and k.restante > 0
    group by k.conta_id`);
  const data = (v: Date | string | null) => (v === null ? null : new Date(v));
  for (const l of linhas<{ conta_id: number; disponivel: number; em_carencia: number; vencido: number; a_expirar: number; liberacao: Date | null; proxima_expiracao: Date | null }>(r)) {
    mapa.set(Number(l.conta_id), {
      disponivel: Number(l.disponivel),
      emCarencia: Number(l.em_carencia),
      vencido: Number(l.vencido),
      aExpirar: Number(l.a_expirar),
      liberacao: data(l.liberacao),
      proximaExpiracao: data(l.proxima_expiracao),
    });
  }
  return mapa;
}
