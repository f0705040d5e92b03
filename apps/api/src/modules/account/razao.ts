import { centavosParaReais, formatarBRL, formatarData } from '@bonifica/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { conta, lancamento, partida } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { DOCUMENTO_DO_LANCAMENTO, type DocumentoQueEstorna } from './documento-do-lancamento.js';
import { arrayPg, consumirLotes, inserirLotesDeLancamentosSql, inserirLotesSql, iso, restaurarLotes, situacaoLotes, type Consumo, type LoteDoLancamento, type ModoConsumo, type NovoLote } from './lotes.js';

export type TipoConta = (typeof conta.$inferSelect)['tipo'];
export type TipoLancamento = (typeof lancamento.$inferSelect)['tipo'];
export type Unidade = 'CASHBACK' | 'PONTOS' | 'PREPAGO';

export const CONTA_SISTEMA: Record<Unidade, TipoConta> = {
  CASHBACK: 'SISTEMA_CASHBACK',
  PONTOS: 'SISTEMA_PONTOS',
  PREPAGO: 'SISTEMA_PREPAGO',
};

export type Movimento = { contaId: number; valor: number };

export type NovoLancamento = {
  empresaId: number;
  tipo: TipoLancamento;
  descricao: string;
  partidas: Movimento[];
  filialId?: number | null;
  usuarioId?: number | null;
  referencia?: unknown;
  estornoDeId?: number | null;
  /** Only for back-dated history (demo seed, opening balances); live postings take the database clock. */
  criadoEm?: Date;
};

export const MENSAGEM_SALDO_INSUFICIENTE = 'Saldo insuficiente para esta operação.';

/** Internal options of a posting's lots (docs/areas/razao.md "Validade e carência"). */
export type OpcoesLotes = {
  /** Reversal: what the reversed debit took from each lot, given back exactly. */
  restaurar?: [number, number][];
  /** Unification: the lots taken from an origin account are recreated, same dates, in this account. */
  moverLotesPara?: Map<number, number>;
};

export type ContaTravada = { id: number; clienteId: number | null; tipo: TipoConta; saldo: number; bloqueada: boolean };

/**
 * Locks the customer accounts of a posting in id order (no deadlock between two postings touching
 * the same pair) and reads the system ones without a lock. The values come from the locking
 * statement itself, so they are the latest committed ones after a wait.
 */
async function travarContas(tx: Executor, empresaId: number, ids: number[]): Promise<ContaTravada[]> {
  const lista = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const r = await tx.execute(sql`
    with travadas as (
      select id, cliente_id, tipo, saldo, bloqueada from conta
      where id in (${lista}) and empresa_id = ${empresaId} and cliente_id is not null
      order by id for update
    )
    select * from travadas
    union all
    select id, cliente_id, tipo, saldo, bloqueada from conta where id in (${lista}) and empresa_id = ${empresaId} and cliente_id is null`);
  return (r as unknown as { rows: { id: number; cliente_id: number | null; tipo: TipoConta; saldo: number | string; bloqueada: boolean }[] }).rows.map((c) => ({
    id: Number(c.id),
    clienteId: c.cliente_id === null ? null : Number(c.cliente_id),
    tipo: c.tipo,
    saldo: Number(c.saldo),
    bloqueada: c.bloqueada,
  }));
}

function quantia(tipo: TipoConta, v: number): string {
  return tipo === 'PONTOS' ? `${v.toLocaleString('pt-BR')} pontos` : formatarBRL(centavosParaReais(v));
}

/** The refusal of a debit that the balance covers but whose lots are still waiting (or lapsed). */
async function recusarPorCarencia(tx: Executor, empresaId: number, c: ContaTravada, pedido: number, disponivel: number, agora: Date | null | undefined): Promise<never> {
  // `disponivel` is what the refused statement took (all usable lots); the waiting and lapsed lots were not touched.
  const s = (await situacaoLotes(tx, empresaId, [c.id], agora)).get(c.id);
  const partes = [`Saldo disponível insuficiente: ${quantia(c.tipo, disponivel)} disponível para uso agora, e a operação pede ${quantia(c.tipo, pedido)}.`];
  if (s && s.emCarencia > 0) partes.push(`${quantia(c.tipo, s.emCarencia)} ainda está em carência${s.liberacao ? ` (libera a partir de ${formatarData(s.liberacao)})` : ''}.`);
  if (s && s.vencido > 0) partes.push(`${quantia(c.tipo, s.vencido)} venceu e será baixado.`);
  throw erro.conflito(partes.join(' '));
}

/** A posting checked against its locked accounts: what each account moves, gross debits and credits. */
export type PlanoLancamento = {
  doCliente: Map<number, ContaTravada>;
  delta: Map<number, number>;
  debitos: Map<number, number>;
  creditos: Map<number, number>;
};

/**
 * Writes one immutable posting of the double-entry ledger (ARCHITECTURE §6).
 *
 * Customer accounts are locked in id order and their cached balance moves in the same transaction
 * as the entries; a balance that would go below zero stops the whole posting. System accounts are
 * the other side of every entry and are not locked: their balance is the negated sum of the
 * customers', read when needed, so that every sale of a company does not queue on one row.
 *
 * Credit lots follow in a constant number of statements: the debits of customer accounts take
 * lots (FIFO by expiry, see lotes.ts) and what was taken is recorded in `referencia.lotes`, so a
 * reversal gives it back exactly; the credits become new lots. The posting, its entries, the
 * balances and the new lots are written by one statement.
 *
 * Sales compose the same steps for a whole batch in two round-trips (transacao/venda.ts):
 * planejarLancamento, sqlConsumirLotes, exigirLotesDisponiveis, novosLotes and sqlGravarLancamentos.
 */
export async function lancar(tx: Executor, l: NovoLancamento & OpcoesLotes): Promise<number> {
  const ids = [...new Set(l.partidas.map((p) => p.contaId))].sort((a, b) => a - b);
  const contas = await travarContas(tx, l.empresaId, ids);
  if (contas.length !== ids.length) throw erro.naoEncontrado('Conta não encontrada.');
  const plano = planejarLancamento(l, contas);
  const consumo = await consumirLotes(tx, l.empresaId, plano.debitos, modoConsumo(l), l.criadoEm, l.estornoDeId ?? null);
  await exigirLotesDisponiveis(async () => tx, l, plano, consumo);
  const restaurados = await restaurarLotes(tx, l.empresaId, l.restaurar ?? []);
  const r = await tx.execute(sqlGravarLancamentos(l.empresaId, [{ l, plano, consumo, novos: novosLotes(l, plano, consumo, restaurados) }]));
  return Number((r as unknown as { rows: { lancamento_id: number }[] }).rows[0]!.lancamento_id);
}

/** Checks a posting against its locked accounts: sums to zero, no blocked debit, no balance below zero. */
export function planejarLancamento(l: NovoLancamento, contas: ContaTravada[]): PlanoLancamento {
  if (l.partidas.length < 2) throw new Error('Um lançamento precisa de pelo menos duas partidas.');
  if (l.partidas.some((p) => !Number.isSafeInteger(p.valor) || p.valor === 0)) throw new Error('Partidas devem ser inteiras e não nulas.');
  if (l.partidas.reduce((s, p) => s + p.valor, 0) !== 0) throw new Error('As partidas de um lançamento devem somar zero.');
  const faltando = l.partidas.find((p) => !contas.some((c) => c.id === p.contaId));
  if (faltando) throw new Error(`Conta ${faltando.contaId} do lançamento não foi travada.`);

  const doCliente = new Map(contas.filter((c) => c.clienteId !== null).map((c) => [c.id, c]));
  const delta = new Map<number, number>();
  const debitos = new Map<number, number>();
  const creditos = new Map<number, number>();
  for (const p of l.partidas) {
    delta.set(p.contaId, (delta.get(p.contaId) ?? 0) + p.valor);
    if (!doCliente.has(p.contaId)) continue;
    // Gross, not net: a sale that redeems 10 and accrues 2 spends 10 of old lots and opens a new lot of 2.
    const lado = p.valor < 0 ? debitos : creditos;
    lado.set(p.contaId, (lado.get(p.contaId) ?? 0) + Math.abs(p.valor));
  }
  for (const c of doCliente.values()) {
    const d = delta.get(c.id) ?? 0;
    // Expiry is the programme's rule, not a use of the balance: it runs on blocked accounts too.
    if (d < 0 && c.bloqueada && l.tipo !== 'EXPIRACAO') throw erro.conflito('Conta bloqueada: não é possível debitar.');
    if (c.saldo + d < 0) throw erro.conflito(MENSAGEM_SALDO_INSUFICIENTE);
  }
  return { doCliente, delta, debitos, creditos };
}

/**
 * A use of the balance (USO) must find usable lots for all it debits; lots still waiting or
 * lapsed make the refusal say so. `executor` is only called to explain a refusal.
 */
export async function exigirLotesDisponiveis(executor: () => Promise<Executor>, l: NovoLancamento, plano: PlanoLancamento, consumo: Consumo[]): Promise<void> {
  if (modoConsumo(l) !== 'USO') return;
  const tomado = new Map<number, number>();
  for (const k of consumo) tomado.set(k.contaId, (tomado.get(k.contaId) ?? 0) + k.qtd);
  for (const [contaId, pedido] of plano.debitos) {
    const disponivel = tomado.get(contaId) ?? 0;
    if (disponivel < pedido) await recusarPorCarencia(await executor(), l.empresaId, plano.doCliente.get(contaId)!, pedido, disponivel, l.criadoEm);
  }
}

/** How a posting's debits take lots (see lotes.ts). */
export function modoConsumo(l: NovoLancamento): ModoConsumo {
  if (l.tipo === 'EXPIRACAO') return 'VENCIDOS';
  if (l.estornoDeId) return 'ESTORNO';
  if (l.tipo === 'UNIFICACAO') return 'TODOS';
  return 'USO';
}

/** One posting ready to write: checked against its locked accounts, with the lots it took and opens. */
export type Gravacao = { l: NovoLancamento; plano: PlanoLancamento; consumo: Consumo[]; novos: NovoLote[] };

/**
 * The one statement that writes postings — one from `lancar`, a batch of sales from venda.ts: the
 * postings, their entries, the cached balances and the new lots, whatever their number, so that a
 * batch costs one statement instead of one per posting (docs/decisions/017-vendas-em-lote.md).
 * The ids come from the sequence in CTE `ids(ord, id)`, `ord` counting `itens` from 1; `anexos` are
 * more data-modifying CTEs of the same statement that may read `ids` (the sale rows). All values
 * travel as JSON documents: one parameter each, whatever the size of the batch, so the statement
 * keeps one prepared form. It selects `lancamento_id` in the order of `itens`.
 */
export function sqlGravarLancamentos(empresaId: number, itens: Gravacao[], anexos: SQL[] = []): SQL {
  const lancamentos = itens.map(({ l, consumo }, i) => ({
    ord: i + 1,
    tipo: l.tipo,
    descricao: l.descricao,
    filial_id: l.filialId ?? null,
    usuario_id: l.usuarioId ?? null,
    estorno_de_id: l.estornoDeId ?? null,
    criado_em: iso(l.criadoEm),
    referencia:
      consumo.length === 0
        ? (l.referencia ?? null)
        : { ...(l.referencia && typeof l.referencia === 'object' ? (l.referencia as object) : {}), lotes: consumo.map((k) => [k.creditoId, k.qtd]) },
  }));
  const partidas = itens.flatMap(({ l }, i) => l.partidas.map((p) => ({ ord: i + 1, conta_id: p.contaId, valor: p.valor, criado_em: iso(l.criadoEm) })));
  const saldos = itens.flatMap(({ plano }) =>
    [...plano.doCliente.keys()].filter((id) => (plano.delta.get(id) ?? 0) !== 0).map((id) => ({ conta_id: id, valor: plano.delta.get(id)! })),
  );
  const lotes: LoteDoLancamento[] = itens.flatMap(({ l, novos }, i) =>
    // The waiting period is for what a sale credits; adjustments and reversals are usable at once.
    novos.map((n) => ({ ...n, ord: i + 1, filialId: l.filialId ?? null, comCarencia: l.tipo === 'VENDA', agora: l.criadoEm })),
  );
  return sql`
    with ids as materialized (
      select ord, nextval('lancamento_id_seq')::int as id from generate_series(1, ${itens.length}::int) as ord),
    l as (
      insert into lancamento (id, empresa_id, tipo, descricao, filial_id, usuario_id, referencia, estorno_de_id, criado_em)
      select ids.id, ${empresaId}, x.tipo, x.descricao, x.filial_id, x.usuario_id, x.referencia, x.estorno_de_id, coalesce(x.criado_em, now())
      from json_to_recordset(${JSON.stringify(lancamentos)}::json)
           as x(ord int, tipo varchar, descricao varchar, filial_id int, usuario_id int, estorno_de_id int, criado_em timestamptz, referencia jsonb)
      join ids on ids.ord = x.ord),
    p as (
      insert into partida (empresa_id, lancamento_id, conta_id, valor, criado_em)
      select ${empresaId}, ids.id, x.conta_id, x.valor, coalesce(x.criado_em, now())
      from json_to_recordset(${JSON.stringify(partidas)}::json) as x(ord int, conta_id int, valor bigint, criado_em timestamptz)
      join ids on ids.ord = x.ord),
    s as (
      update conta set saldo = conta.saldo + d.valor
      from (select x.conta_id, sum(x.valor) as valor from json_to_recordset(${JSON.stringify(saldos)}::json) as x(conta_id int, valor bigint) group by x.conta_id) as d
      where conta.id = d.conta_id),
    k as (${inserirLotesSql(empresaId, lotes)})
    ${sql.join(anexos.map((a, i) => sql`, ${sql.raw(`a${i}`)} as (${a})`))}
    select id as lancamento_id from ids order by ord`;
}

/**
 * The lots the credits of customer accounts open: what restored lots (reversal) already gave back
 * is not opened again; moved lots (unification) keep their dates; the rest are new lots under the
 * programme's rule.
 */
export function novosLotes(l: NovoLancamento & OpcoesLotes, plano: PlanoLancamento, consumo: Consumo[], restaurados: Map<number, number>): NovoLote[] {
  if (plano.creditos.size === 0) return [];
  const falta = new Map(plano.creditos);
  for (const [contaId, qtd] of restaurados) falta.set(contaId, (falta.get(contaId) ?? 0) - qtd);
  const novos: NovoLote[] = [];
  if (l.moverLotesPara) {
    for (const k of consumo) {
      const destino = l.moverLotesPara.get(k.contaId);
      if (destino === undefined || !falta.get(destino)) continue;
      novos.push({ contaId: destino, valor: k.qtd, regra: false, datas: { disponivelEm: k.disponivelEm, expiraEm: k.expiraEm } });
      falta.set(destino, falta.get(destino)! - k.qtd);
    }
  }
  for (const [contaId, valor] of falta) {
    if (valor <= 0) continue;
    // A reversal without a record (history from before the lots) opens a lot usable now that never lapses.
    const tipo = plano.doCliente.get(contaId)!.tipo;
    novos.push({ contaId, valor, regra: !l.estornoDeId && (tipo === 'CASHBACK' || tipo === 'PONTOS') });
  }
  return novos;
}

/** What a posting's debits took from lots, as recorded by `lancar` (absent in history from before the lots). */
export function lotesConsumidos(referencia: unknown): [number, number][] {
  const lotes = referencia && typeof referencia === 'object' ? (referencia as { lotes?: unknown }).lotes : undefined;
  if (!Array.isArray(lotes)) return [];
  return lotes.filter((x): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every((n) => Number.isSafeInteger(n)));
}

/**
 * Reverses a posting exactly once: the unique (empresa, estorno_de_id) index refuses a second reversal.
 * A posting of a document is reversed only by that document (`documento`, e.g. the sale's
 * cancellation); without it, only free postings (documento-do-lancamento.ts).
 * Lots follow exactly: the reversed credits leave the posting's own lot first; the reversed debits
 * give back to the very lots they took from, with their dates.
 */
export async function estornar(
  tx: Executor,
  empresaId: number,
  lancamentoId: number,
  extra: { descricao: string; usuarioId?: number | null; filialId?: number | null; criadoEm?: Date; documento?: DocumentoQueEstorna },
): Promise<number> {
  const [original] = await tx
    .select({ id: lancamento.id, tipo: lancamento.tipo, referencia: lancamento.referencia })
    .from(lancamento)
    .where(and(eq(lancamento.id, lancamentoId), eq(lancamento.empresaId, empresaId)))
    .limit(1);
  if (!original) throw erro.naoEncontrado('Lançamento não encontrado.');
  const dono = DOCUMENTO_DO_LANCAMENTO[original.tipo];
  if (!dono.livre && extra.documento !== original.tipo) throw erro.conflito(dono.mensagem);
  const [jaEstornado] = await tx
    .select({ id: lancamento.id })
    .from(lancamento)
    .where(and(eq(lancamento.empresaId, empresaId), eq(lancamento.estornoDeId, lancamentoId)))
    .limit(1);
  if (jaEstornado) throw erro.conflito('Este lançamento já foi estornado.');
  const partidas = await tx.select({ contaId: partida.contaId, valor: partida.valor }).from(partida).where(eq(partida.lancamentoId, lancamentoId));
  return lancar(tx, {
    empresaId,
    tipo: 'ESTORNO',
    descricao: extra.descricao,
    usuarioId: extra.usuarioId,
    filialId: extra.filialId,
    estornoDeId: lancamentoId,
    criadoEm: extra.criadoEm,
    partidas: partidas.map((p) => ({ contaId: p.contaId, valor: -p.valor })),
    restaurar: lotesConsumidos(original.referencia),
  });
}

/** The company's system account of a unit, created on first use (concurrent creators meet on the unique key). */
export async function contaSistema(tx: Executor, empresaId: number, unidade: Unidade): Promise<number> {
  return contaDaEmpresa(tx, empresaId, CONTA_SISTEMA[unidade]);
}

/**
 * The company's account of what it owes the accredited network in a unit: the other side of every
 * redemption at a partner (docs/areas/rede-credenciada.md). One per company and unit, like the
 * system accounts and not locked either; what each partner is owed is the sum of its live
 * redemptions (resgate_parceiro), each of which points to its posting.
 */
export async function contaParceiros(tx: Executor, empresaId: number, unidade: 'CASHBACK' | 'PONTOS'): Promise<number> {
  return contaDaEmpresa(tx, empresaId, unidade === 'CASHBACK' ? 'PARCEIRO_CASHBACK' : 'PARCEIRO_PONTOS');
}

/**
 * The company's account of what it owes the bearers of its gift cards (unit PREPAGO, against
 * SISTEMA_PREPAGO; docs/areas/vale-presente.md). Not locked either: each card's balance is kept
 * and locked by the valepresente module, of which this account is the sum.
 */
export async function contaValesPresente(tx: Executor, empresaId: number): Promise<number> {
  return contaDaEmpresa(tx, empresaId, 'VALE_PRESENTE');
}

async function contaDaEmpresa(tx: Executor, empresaId: number, tipo: TipoConta): Promise<number> {
  await tx.insert(conta).values({ empresaId, clienteId: null, tipo }).onConflictDoNothing();
  const [c] = await tx
    .select({ id: conta.id })
    .from(conta)
    .where(and(eq(conta.empresaId, empresaId), isNull(conta.clienteId), eq(conta.tipo, tipo)))
    .limit(1);
  return c!.id;
}

/** A customer's account of a unit, created on first use. */
export async function contaCliente(tx: Executor, empresaId: number, clienteId: number, unidade: Unidade): Promise<number> {
  await tx.insert(conta).values({ empresaId, clienteId, tipo: unidade }).onConflictDoNothing();
  const [c] = await tx
    .select({ id: conta.id })
    .from(conta)
    .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, clienteId), eq(conta.tipo, unidade)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  return c.id;
}

/** Moves `valor` between a customer account and the company's system account of the same unit. */
export async function creditarCliente(
  tx: Executor,
  base: Omit<NovoLancamento, 'partidas'> & { clienteId: number; unidade: Unidade; valor: number },
): Promise<number> {
  const contaId = await contaCliente(tx, base.empresaId, base.clienteId, base.unidade);
  const sistemaId = await contaSistema(tx, base.empresaId, base.unidade);
  const { clienteId: _c, unidade: _u, valor, ...resto } = base;
  return lancar(tx, { ...resto, partidas: [{ contaId, valor }, { contaId: sistemaId, valor: -valor }] });
}

/** One credit of `creditarClientesEmLote`: its own posting, with its own description and reference. */
export type CreditoCliente = { clienteId: number; valor: number; descricao: string; referencia?: unknown };

/**
 * Many `creditarCliente` at once (an import's opening balances): each item is still its own
 * posting — the customer's account of the unit +valor, the company's system account −valor — with
 * its entries, its credit lot and the customer's cached balance, as `lancar` writes it; but the
 * whole list takes four statements instead of six round-trips per item.
 *
 * The checks `lancar` makes for a posting reduce here to what a credit can break: amounts are
 * positive integers, and every customer has (gets) the account of the unit in this company. A
 * credit never takes lots nor lowers a balance, and a blocked account may receive (only its debits
 * are refused), so no lot is consumed and no floor is checked. The customer accounts are locked in
 * id order, like `travarContas`, so a concurrent posting on them waits instead of losing an update;
 * the per-statement trigger of migration 0012 still checks that every posting sums to zero.
 *
 * Returns the postings' ids in the order of `itens`.
 */
export async function creditarClientesEmLote(
  tx: Executor,
  base: { empresaId: number; tipo: TipoLancamento; unidade: Unidade; usuarioId?: number | null; filialId?: number | null },
  itens: CreditoCliente[],
): Promise<number[]> {
  if (itens.length === 0) return [];
  if (itens.some((i) => !Number.isSafeInteger(i.valor) || i.valor <= 0)) throw new Error('Créditos devem ser inteiros e positivos.');
  const sistemaId = await contaSistema(tx, base.empresaId, base.unidade);
  const clientes = [...new Set(itens.map((i) => i.clienteId))];
  // Like contaCliente, the account is created on first use — here only for customers of this company.
  await tx.execute(sql`
    insert into conta (empresa_id, cliente_id, tipo)
    select ${base.empresaId}, c.id, ${base.unidade} from cliente c
    where c.empresa_id = ${base.empresaId} and c.id = any(${arrayPg(clientes)}::int[])
    on conflict do nothing`);
  const linhas = itens.map((i, ordem) => ({ ordem, cliente_id: i.clienteId, valor: i.valor, descricao: i.descricao, referencia: i.referencia ?? null }));
  // Ids reserved from the sequence first (one per item, in a materialised CTE): each posting's
  // entries and lot are tied to it without trusting the order of a RETURNING. The accounts are found
  // by one unique-key probe per customer, then locked by primary key: plans that stay right when the
  // statistics lag behind a bulk load (a filter over every account of the company, otherwise).
  const lotes = inserirLotesDeLancamentosSql(
    { empresaId: base.empresaId, filialId: base.filialId ?? null, comCarencia: base.tipo === 'VENDA', agora: undefined },
    base.unidade !== 'PREPAGO',
    sql`select d.lancamento_id, k.id as conta_id, d.valor from d join k on k.cliente_id = d.cliente_id`,
  );
  const r = await tx.execute(sql`
    with d as materialized (
      select x.ordem, x.cliente_id, x.valor, x.descricao, x.referencia, nextval(pg_get_serial_sequence('lancamento', 'id'))::int as lancamento_id
      from json_to_recordset(${JSON.stringify(linhas)}::json) as x(ordem int, cliente_id int, valor bigint, descricao varchar, referencia jsonb)
    ),
    contas as materialized (
      select k.id from unnest(${arrayPg(clientes)}::int[]) as c(id)
      cross join lateral (select id from conta where empresa_id = ${base.empresaId} and cliente_id = c.id and tipo = ${base.unidade}) as k
    ),
    k as materialized (
      select id, cliente_id from conta where id = any(array(select id from contas)) order by id for update
    ),
    l as (
      insert into lancamento (id, empresa_id, tipo, descricao, filial_id, usuario_id, referencia, criado_em)
      select d.lancamento_id, ${base.empresaId}, ${base.tipo}, d.descricao, ${base.filialId ?? null}::int, ${base.usuarioId ?? null}::int, d.referencia, now()
      from d join k on k.cliente_id = d.cliente_id),
    p as (
      insert into partida (empresa_id, lancamento_id, conta_id, valor, criado_em)
      select ${base.empresaId}, d.lancamento_id, x.conta_id, x.valor, now()
      from d join k on k.cliente_id = d.cliente_id
      cross join lateral (values (k.id, d.valor), (${sistemaId}::int, -d.valor)) as x(conta_id, valor)),
    s as (
      update conta set saldo = conta.saldo + t.valor
      from (select k.id, sum(d.valor) as valor from d join k on k.cliente_id = d.cliente_id group by k.id) as t
      where conta.id = t.id),
    c as (${lotes})
    select d.ordem, d.lancamento_id, k.id is not null as tem_conta from d left join k on k.cliente_id = d.cliente_id order by d.ordem`);
  const gravados = (r as unknown as { rows: { ordem: number; lancamento_id: number; tem_conta: boolean }[] }).rows;
  // A customer of another company (or none) has no account here: nothing of theirs was written, and the whole transaction is refused.
  if (gravados.some((g) => !g.tem_conta)) throw erro.naoEncontrado('Conta não encontrada.');
  return gravados.map((g) => Number(g.lancamento_id));
}
