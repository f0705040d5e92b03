import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { conta, lancamento, partida } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';

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

/**
 * Writes one immutable posting of the double-entry ledger (ARCHITECTURE §6).
 *
 * Customer accounts are locked in id order (no deadlocks between two postings touching the same
 * pair) and their cached balance moves in the same transaction as the entries; a balance that
 * would go below zero stops the whole posting. System accounts are the other side of every entry
 * and are not locked: their balance is the negated sum of the customers', read when needed, so
 * that every sale of a company does not queue on one row.
 */
export async function lancar(tx: Executor, l: NovoLancamento): Promise<number> {
  if (l.partidas.length < 2) throw new Error('Um lançamento precisa de pelo menos duas partidas.');
  if (l.partidas.some((p) => !Number.isSafeInteger(p.valor) || p.valor === 0)) throw new Error('Partidas devem ser inteiras e não nulas.');
  if (l.partidas.reduce((s, p) => s + p.valor, 0) !== 0) throw new Error('As partidas de um lançamento devem somar zero.');

  const ids = [...new Set(l.partidas.map((p) => p.contaId))].sort((a, b) => a - b);
  const contas = await tx
    .select({ id: conta.id, clienteId: conta.clienteId, saldo: conta.saldo, bloqueada: conta.bloqueada, empresaId: conta.empresaId })
    .from(conta)
    .where(and(inArray(conta.id, ids), eq(conta.empresaId, l.empresaId)))
    .orderBy(asc(conta.id))
    .for('update');
  if (contas.length !== ids.length) throw erro.naoEncontrado('Conta não encontrada.');

  const delta = new Map<number, number>();
  for (const p of l.partidas) delta.set(p.contaId, (delta.get(p.contaId) ?? 0) + p.valor);
  for (const c of contas) {
    if (c.clienteId === null) continue;
    const d = delta.get(c.id) ?? 0;
    if (d < 0 && c.bloqueada) throw erro.conflito('Conta bloqueada: não é possível debitar.');
    if (c.saldo + d < 0) throw erro.conflito(MENSAGEM_SALDO_INSUFICIENTE);
  }

  const [novo] = await tx
    .insert(lancamento)
    .values({
      empresaId: l.empresaId,
      tipo: l.tipo,
      descricao: l.descricao,
      filialId: l.filialId ?? null,
      usuarioId: l.usuarioId ?? null,
      referencia: l.referencia ?? null,
      estornoDeId: l.estornoDeId ?? null,
      ...(l.criadoEm ? { criadoEm: l.criadoEm } : {}),
    })
    .returning({ id: lancamento.id });
  const lancamentoId = novo!.id;
  await tx
    .insert(partida)
    .values(l.partidas.map((p) => ({ empresaId: l.empresaId, lancamentoId, contaId: p.contaId, valor: p.valor, ...(l.criadoEm ? { criadoEm: l.criadoEm } : {}) })));
  for (const c of contas) {
    const d = delta.get(c.id) ?? 0;
    if (c.clienteId !== null && d !== 0) {
      await tx.update(conta).set({ saldo: sql`${conta.saldo} + ${d}` }).where(eq(conta.id, c.id));
    }
  }
  return lancamentoId;
}

/** Reverses a posting exactly once: the unique (empresa, estorno_de_id) index refuses a second reversal. */
export async function estornar(
  tx: Executor,
  empresaId: number,
  lancamentoId: number,
  extra: { descricao: string; usuarioId?: number | null; filialId?: number | null; criadoEm?: Date },
): Promise<number> {
  const [original] = await tx
    .select({ id: lancamento.id, estornoDeId: lancamento.estornoDeId })
    .from(lancamento)
    .where(and(eq(lancamento.id, lancamentoId), eq(lancamento.empresaId, empresaId)))
    .limit(1);
  if (!original) throw erro.naoEncontrado('Lançamento não encontrado.');
  if (original.estornoDeId !== null) throw erro.conflito('Um estorno não pode ser estornado.');
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
  });
}

/** The company's system account of a unit, created on first use (concurrent creators meet on the unique key). */
export async function contaSistema(tx: Executor, empresaId: number, unidade: Unidade): Promise<number> {
  const tipo = CONTA_SISTEMA[unidade];
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
