import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { linhas } from './consulta.js';
import { FUSO } from '../../lib/fuso.js';

/**
 * The customer summary (`cliente_resumo`, docs/decisions/033): one wide row per customer with what
 * the audience count filters on, kept by the `resumo-clientes` job — never by the sale (decision
 * 017). Every write recomputes whole rows from the sources, so running a batch twice, or two runs
 * side by side, changes nothing: the job is idempotent and resumes after a crash from its state row.
 */


/**
 * Changes are read from `marca − MARGEM`: a row stamped just before the previous run began may have
 * committed after that run read the sources. The writers are short request transactions (a sale
 * waits at most LIMITE_ESPERA_TRAVA per lock), as in decision 018; what slips past anyway (a longer
 * job writing old timestamps) is caught by the nightly full pass (`recomporResumos`).
 */
const MARGEM = '2 minutes';

/** Customers per transaction: the first load by id range, the changes by id list. */
export const LOTE_CARGA = 20_000;
export const LOTE_MUDANCAS = 2_000;

/**
 * After each batch but the last the job rests FOLGA times as long as the batch took, so it takes at
 * most 1 / (1 + FOLGA) of one database connection's time. Without it, a round after a busy two
 * minutes (170,000 sales, 100,000+ customers) held a core for tens of seconds and the counter's
 * sales queued behind it (bench/RESULTS.md, decision 033 "Ritmo da tarefa"): the summary may lag a
 * little more in a rush — the screen says from when its data is — and the sales do not.
 */
export const FOLGA = 1;

/** Batch sizes and rest factor of one run (tests use small batches; the bench measures with no rest). */
export type Lotes = { carga?: number; mudancas?: number; folga?: number };

/** Runs `lote` for each item, resting between them (not after the last) as FOLGA says. */
async function comFolga<T>(itens: T[], folga: number, lote: (item: T) => Promise<void>): Promise<void> {
  for (const [i, item] of itens.entries()) {
    const inicio = performance.now();
    await lote(item);
    if (folga > 0 && i < itens.length - 1) await new Promise((ok) => setTimeout(ok, (performance.now() - inicio) * folga));
  }
}

/** Which customers a batch recomputes, as a predicate on a customer id column. */
type Alvo = { ate: number; de: number } | { ids: number[] };
const noAlvo = (alvo: Alvo, coluna: SQL): SQL =>
  'ids' in alvo ? sql`${coluna} = any(${`{${alvo.ids.join(',')}}`}::int[])` : sql`${coluna} > ${alvo.de} and ${coluna} <= ${alvo.ate}`;

/**
 * The join of the customers' cashback and points balances (`s.cb`, `s.pt`). By id list (the changes
 * of a run), one lookup per customer on conta's unique index: as a grouped pass, the planner read
 * the whole table for 2,000 ids — 100 of the batch's 130 ms with 400,000 accounts (bench/RESULTS.md,
 * 28/11). By id range (a load of 20,000), one grouped pass over the range, which the lookups made slower.
 */
function juntarSaldos(empresaId: number, alvo: Alvo): SQL {
  const colunas = sql`coalesce(max(k.saldo) filter (where k.tipo = 'CASHBACK'), 0) as cb, coalesce(max(k.saldo) filter (where k.tipo = 'PONTOS'), 0) as pt`;
  const contas = sql`k.empresa_id = ${empresaId} and k.tipo in ('CASHBACK', 'PONTOS')`;
  return 'ids' in alvo
    ? sql`left join lateral (select ${colunas} from conta k where ${contas} and k.cliente_id = c.id) s on true`
    : sql`left join (select k.cliente_id, ${colunas} from conta k where ${contas} and ${noAlvo(alvo, sql`k.cliente_id`)} group by 1) s on s.cliente_id = c.id`;
}

/**
 * Recomputes the summary rows of some customers from `cliente`, `transacao`, `conta` and
 * `cliente_consentimento`, in one statement (one snapshot). Rows that would not change are not
 * rewritten (no dead row for nothing). Sales are grouped by calendar day in Brasília — the same
 * days the direct compiler bounds with `inicioDoDia` — with running totals per day.
 */
async function recalcular(tx: Executor, empresaId: number, alvo: Alvo): Promise<void> {
  await tx.execute(sql`
    insert into cliente_resumo as r (cliente_id, empresa_id, saldo_cashback, saldo_pontos, filial_origem_id, ultima_compra,
      mes_nascimento, ativo, whatsapp, email, dias, qtd_acum, valor_acum, tem_celular, tem_email, primeira_compra, qtd_total, valor_total)
    with dia as (
      select t.cliente_id, (t.criado_em at time zone ${FUSO})::date as dia, count(*)::int as n, sum(t.valor_centavos)::bigint as valor
      from transacao t
      where t.empresa_id = ${empresaId} and ${noAlvo(alvo, sql`t.cliente_id`)} and t.status = 'CONFIRMADA'
      group by 1, 2
    ),
    acum as (
      select cliente_id, dia, n, sum(n) over w as qtd, sum(valor) over w as valor
      from dia window w as (partition by cliente_id order by dia)
    ),
    compras as (
      select cliente_id, max(dia) as ultima, min(dia) as primeira,
        array_agg(dia order by dia) as dias,
        case when bool_and(n = 1) then null else array_agg(qtd::int order by dia) end as qtd_acum,
        array_agg(valor::bigint order by dia) as valor_acum
      from acum group by cliente_id
    ),
    consentimentos as (
      select x.cliente_id, coalesce(bool_or(x.concedido) filter (where x.canal = 'WHATSAPP'), false) as wa,
        coalesce(bool_or(x.concedido) filter (where x.canal = 'EMAIL'), false) as em
      from (
        select distinct on (cc.cliente_id, cc.canal) cc.cliente_id, cc.canal, cc.concedido
        from cliente_consentimento cc
        where cc.empresa_id = ${empresaId} and ${noAlvo(alvo, sql`cc.cliente_id`)} and cc.canal in ('WHATSAPP', 'EMAIL')
        order by cc.cliente_id, cc.canal, cc.criado_em desc, cc.id desc
      ) x
      group by 1
    )
    select c.id, c.empresa_id, coalesce(s.cb, 0), coalesce(s.pt, 0), c.filial_origem_id, v.ultima,
      extract(month from c.data_nascimento)::smallint, c.status = 'ATIVO', coalesce(k.wa, false), coalesce(k.em, false),
      v.dias, v.qtd_acum, v.valor_acum, c.celular is not null, c.email is not null, v.primeira,
      -- The history's totals are the last running totals (as 0048 fills the rows it found).
      coalesce(v.qtd_acum[cardinality(v.qtd_acum)], cardinality(v.dias), 0), coalesce(v.valor_acum[cardinality(v.valor_acum)], 0)
    from cliente c
    left join compras v on v.cliente_id = c.id
    ${juntarSaldos(empresaId, alvo)}
    left join consentimentos k on k.cliente_id = c.id
    where c.empresa_id = ${empresaId} and ${noAlvo(alvo, sql`c.id`)}
    on conflict (cliente_id) do update set
      empresa_id = excluded.empresa_id, saldo_cashback = excluded.saldo_cashback, saldo_pontos = excluded.saldo_pontos,
      filial_origem_id = excluded.filial_origem_id, ultima_compra = excluded.ultima_compra, mes_nascimento = excluded.mes_nascimento,
      ativo = excluded.ativo, whatsapp = excluded.whatsapp, email = excluded.email, dias = excluded.dias,
      qtd_acum = excluded.qtd_acum, valor_acum = excluded.valor_acum, tem_celular = excluded.tem_celular, tem_email = excluded.tem_email,
      primeira_compra = excluded.primeira_compra, qtd_total = excluded.qtd_total, valor_total = excluded.valor_total
    where (r.empresa_id, r.saldo_cashback, r.saldo_pontos, r.filial_origem_id, r.ultima_compra, r.mes_nascimento, r.ativo,
           r.whatsapp, r.email, r.dias, r.qtd_acum, r.valor_acum, r.tem_celular, r.tem_email, r.primeira_compra, r.qtd_total, r.valor_total)
      is distinct from (excluded.empresa_id, excluded.saldo_cashback, excluded.saldo_pontos, excluded.filial_origem_id,
           excluded.ultima_compra, excluded.mes_nascimento, excluded.ativo, excluded.whatsapp, excluded.email, excluded.dias,
           excluded.qtd_acum, excluded.valor_acum, excluded.tem_celular, excluded.tem_email, excluded.primeira_compra,
           excluded.qtd_total, excluded.valor_total)`);
}

/** The active customers per (branch, birthday month, consents) of the summary as it now is. */
async function remontarContagens(tx: Executor, empresaId: number): Promise<void> {
  await tx.execute(sql`delete from cliente_resumo_contagem where empresa_id = ${empresaId}`);
  await tx.execute(sql`insert into cliente_resumo_contagem (empresa_id, filial_origem_id, mes_nascimento, whatsapp, email, clientes)
    select ${empresaId}, filial_origem_id, mes_nascimento, whatsapp, email, count(*)::int from cliente_resumo
    where empresa_id = ${empresaId} and ativo group by 2, 3, 4, 5`);
}

type Estado = { carga_ate_cliente: number | null; marca: string };

/** The company's state row, locked: batches of one company never run side by side (see recalcular). */
async function travarEstado(tx: Executor, empresaId: number): Promise<Estado> {
  await tx.execute(sql`insert into cliente_resumo_estado (empresa_id, marca) values (${empresaId}, now()) on conflict do nothing`);
  const [e] = await linhas<Estado>(
    tx,
    sql`select carga_ate_cliente, marca::text as marca from cliente_resumo_estado where empresa_id = ${empresaId} for update`,
  );
  return e!;
}

/**
 * One batch of the first load (or of the nightly full pass): the next LOTE_CARGA customers by id.
 * Returns false when the load is over. The state row records how far it went, in the same
 * transaction, so a crash resumes at the next batch.
 */
async function carregarLote(db: Db, empresaId: number, lote: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const e = await travarEstado(tx, empresaId);
    if (e.carga_ate_cliente === null) return false;
    const [l] = await linhas<{ ate: number | null }>(
      tx,
      sql`select max(id)::int as ate from (select id from cliente where empresa_id = ${empresaId} and id > ${e.carga_ate_cliente} order by id limit ${lote}) x`,
    );
    if (l?.ate == null) {
      await tx.execute(sql`update cliente_resumo_estado set carga_ate_cliente = null, atualizado_em = now() where empresa_id = ${empresaId}`);
      return false;
    }
    await recalcular(tx, empresaId, { de: e.carga_ate_cliente, ate: l.ate });
    await tx.execute(sql`update cliente_resumo_estado set carga_ate_cliente = ${l.ate}, atualizado_em = now() where empresa_id = ${empresaId}`);
    return true;
  });
}

/**
 * Customers touched since an instant: new or edited (`cliente`), a sale written or cancelled, a
 * posting on one of their accounts (redemptions, adjustments, reversals, expiry, merges), a consent.
 * A sale's own posting (VENDA) moves only its customer's accounts, already found by the sale's row
 * (same instant, same transaction): joining every sale's entries to the accounts was most of this
 * statement's time after a busy period (2.6–3.4 s for 170,000 sales, bench/RESULTS.md).
 */
async function mudadosDesde(db: Db, empresaId: number, desde: string): Promise<number[]> {
  const d = sql`${desde}::timestamptz - ${MARGEM}::interval`;
  const l = await linhas<{ id: number }>(
    db,
    sql`select distinct id from (
        select c.id from cliente c where c.empresa_id = ${empresaId} and c.atualizado_em >= ${d}
        union all select c.id from cliente c where c.empresa_id = ${empresaId} and c.criado_em >= ${d}
        union all select t.cliente_id from transacao t where t.empresa_id = ${empresaId} and t.criado_em >= ${d}
        union all select t.cliente_id from transacao t where t.empresa_id = ${empresaId} and t.cancelada_em >= ${d}
        union all select k.cliente_id from lancamento l join partida p on p.lancamento_id = l.id join conta k on k.id = p.conta_id
          where l.empresa_id = ${empresaId} and l.criado_em >= ${d} and l.tipo <> 'VENDA' and k.cliente_id is not null and k.tipo in ('CASHBACK', 'PONTOS')
        union all select cc.cliente_id from cliente_consentimento cc where cc.empresa_id = ${empresaId} and cc.criado_em >= ${d}
      ) x order by id`,
  );
  return l.map((x) => Number(x.id));
}

/**
 * The changes since the last run, in batches of LOTE_MUDANCAS customers; then the mark moves to the
 * start of this run and `dados_de` says the summary reflects the sources up to then. A crash before
 * the end leaves the mark where it was: the next run reads the same changes again (idempotent).
 */
async function aplicarMudancas(db: Db, empresaId: number, lote: number, folga: number): Promise<number> {
  const [e] = await linhas<{ marca: string; agora: string }>(
    db,
    sql`select marca::text as marca, now()::text as agora from cliente_resumo_estado where empresa_id = ${empresaId}`,
  );
  const ids = await mudadosDesde(db, empresaId, e!.marca);
  const lotes = Array.from({ length: Math.ceil(ids.length / lote) }, (_, k) => ids.slice(k * lote, (k + 1) * lote));
  await comFolga(lotes, folga, (doLote) =>
    db.transaction(async (tx) => {
      await travarEstado(tx, empresaId);
      await recalcular(tx, empresaId, { ids: doLote });
    }),
  );
  await db.transaction(async (tx) => {
    const estado = await travarEstado(tx, empresaId);
    if (estado.carga_ate_cliente !== null) return; // a full pass began meanwhile: the mark waits for it
    await remontarContagens(tx, empresaId);
    await tx.execute(
      sql`update cliente_resumo_estado set marca = greatest(marca, ${e!.agora}::timestamptz), dados_de = greatest(dados_de, ${e!.agora}::timestamptz),
        atualizado_em = now() where empresa_id = ${empresaId}`,
    );
  });
  return ids.length;
}

export type RodadaResumo = { empresas: number; carregados: number; mudados: number };

/**
 * One run for one company: the first load (or the nightly full pass) to its end, then the changes
 * since the mark. The first load starts with the mark at its own start, so what changes while it
 * runs is read right after it.
 */
export async function atualizarResumoDaEmpresa(db: Db, empresaId: number, lotes: Lotes = {}): Promise<{ carregados: number; mudados: number }> {
  const folga = lotes.folga ?? FOLGA;
  let carregados = 0;
  for (;;) {
    const inicio = performance.now();
    if (!(await carregarLote(db, empresaId, lotes.carga ?? LOTE_CARGA))) break;
    carregados++;
    if (folga > 0) await new Promise((ok) => setTimeout(ok, (performance.now() - inicio) * folga));
  }
  const mudados = await aplicarMudancas(db, empresaId, lotes.mudancas ?? LOTE_MUDANCAS, folga);
  return { carregados, mudados };
}

/**
 * The count reads the covering index only (0038) when the summary's pages are marked all-visible,
 * which a vacuum does; autovacuum may be off or late, so the job does it after writing (it visits
 * only the pages written since the last one). After a load, fresh planner statistics too.
 */
export async function arrumarResumo(db: Db, r: { carregados: number; mudados: number }): Promise<void> {
  if (r.carregados > 0) await db.execute(sql`vacuum (analyze) cliente_resumo`);
  else if (r.mudados > 0) await db.execute(sql`vacuum cliente_resumo`);
}

/** The `resumo-clientes` job: every company with customers, one after the other. */
export async function atualizarResumos(db: Db): Promise<RodadaResumo> {
  // Tenants are the head offices (empresa.matriz_id = id); one without customers costs a few tiny statements.
  const empresas = await linhas<{ id: number }>(db, sql`select id from empresa where matriz_id = id order by 1`);
  const total: RodadaResumo = { empresas: 0, carregados: 0, mudados: 0 };
  for (const { id } of empresas) {
    const r = await atualizarResumoDaEmpresa(db, Number(id));
    total.empresas++;
    total.carregados += r.carregados;
    total.mudados += r.mudados;
  }
  await arrumarResumo(db, total);
  return total;
}

/**
 * Nightly: every company's summary is loaded again from the first customer, in the next runs —
 * what any change detection may have missed is corrected within a day. Counts keep using the rows
 * (each batch only makes them fresher) and `dados_de` keeps its instant until the pass ends.
 * The mark is not moved: changes made during the pass are read after it.
 */
export async function recomporResumos(db: Db): Promise<void> {
  await db.execute(sql`update cliente_resumo_estado set carga_ate_cliente = 0, atualizado_em = now()`);
}

/** The instant the company's summary reflects, or null when it is not ready (the count then reads the tables). */
export async function dadosDoResumo(tx: Executor, empresaId: number): Promise<string | null> {
  const [e] = await linhas<{ dados_de: string | null }>(
    tx,
    sql`select to_char(dados_de at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as dados_de from cliente_resumo_estado where empresa_id = ${empresaId}`,
  );
  return e?.dados_de ?? null;
}
