import { hojeISO, type IdentificacaoVenda } from '@bonifica/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cliente, conta, empresa, regraPrograma, transacao } from '../../db/schema/index.js';
import { ErroApi, erro } from '../../lib/erros.js';
import { contaCliente, contaSistema, estornar, lancar, MENSAGEM_SALDO_INSUFICIENTE, type Movimento } from '../account/razao.js';
import { exigirContasDesbloqueadas } from '../account/bloqueadas.js';
import { beneficioVigente, regraComPlano } from '../plano/beneficio.js';

export const MENSAGEM_CLIENTE_BLOQUEADO = 'Cliente bloqueado: venda não permitida no programa.';
export const MENSAGEM_RESGATE_ACIMA_DO_SALDO = 'Saldo de cashback insuficiente para este resgate.';
export const MENSAGEM_JA_CANCELADA = 'Esta venda já foi cancelada.';
export const MENSAGEM_CASHBACK_JA_USADO = 'Saldo insuficiente para cancelar: o cashback desta venda já foi usado.';

export type Regra = {
  cashbackPercentualBp: number;
  pontosPorReal: number;
  compraMinimaCentavos: number;
  maximoCashbackPorVendaCentavos: number | null;
  ativo: boolean;
};

export type Acumulo = { cashbackCentavos: number; pontos: number };

/**
 * The accrual of one sale (docs/areas/vendas.md). Only what was paid with money accrues; the
 * minimum purchase is tested on the sale's total; every fraction is cut off (floor), never rounded up.
 */
export function calcularAcumulo(regra: Regra | null, valorCentavos: number, resgateCentavos: number): Acumulo {
  if (!regra || !regra.ativo || valorCentavos < regra.compraMinimaCentavos) return { cashbackCentavos: 0, pontos: 0 };
  const base = valorCentavos - resgateCentavos;
  // Integers all the way: centavos × basis points stays far below 2^53 for sales up to R$ 1.000.000,00.
  let cashbackCentavos = Math.floor((base * regra.cashbackPercentualBp) / 10_000);
  if (regra.maximoCashbackPorVendaCentavos !== null) cashbackCentavos = Math.min(cashbackCentavos, regra.maximoCashbackPorVendaCentavos);
  const pontos = Math.floor(base / 100) * regra.pontosPorReal;
  return { cashbackCentavos, pontos };
}

/** The rule of a branch: its own override row when there is one, else the company's row; none → null. */
export async function regraDaFilial(tx: Executor, empresaId: number, filialId: number | null): Promise<Regra | null> {
  const linhas = await tx
    .select({
      filialId: regraPrograma.filialId,
      cashbackPercentualBp: regraPrograma.cashbackPercentualBp,
      pontosPorReal: regraPrograma.pontosPorReal,
      compraMinimaCentavos: regraPrograma.compraMinimaCentavos,
      maximoCashbackPorVendaCentavos: regraPrograma.maximoCashbackPorVendaCentavos,
      ativo: regraPrograma.ativo,
    })
    .from(regraPrograma)
    .where(and(eq(regraPrograma.empresaId, empresaId), filialId === null ? isNull(regraPrograma.filialId) : or(isNull(regraPrograma.filialId), eq(regraPrograma.filialId, filialId))));
  const linha = linhas.find((l) => l.filialId !== null) ?? linhas[0];
  if (!linha) return null;
  const { filialId: _f, ...regra } = linha;
  return regra;
}

export type Saldos = { CASHBACK: number; PONTOS: number };

export async function saldosDoCliente(tx: Executor, empresaId: number, clienteId: number): Promise<Saldos> {
  const linhas = await tx
    .select({ tipo: conta.tipo, saldo: conta.saldo })
    .from(conta)
    .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, clienteId), inArray(conta.tipo, ['CASHBACK', 'PONTOS'])));
  return { CASHBACK: linhas.find((l) => l.tipo === 'CASHBACK')?.saldo ?? 0, PONTOS: linhas.find((l) => l.tipo === 'PONTOS')?.saldo ?? 0 };
}

export type NovaVenda = {
  empresaId: number;
  clienteId: number;
  /** The branch of the sale; must belong to the network. */
  filialId: number | null;
  valorCentavos: number;
  resgateCentavos: number;
  usuarioId: number | null;
  /** How the customer was identified at the counter; null for sales from other channels. */
  identificacao?: IdentificacaoVenda | null;
  criadoEm?: Date;
};

export type VendaRegistrada = Acumulo & { transacaoId: number; lancamentoId: number | null; resgateCentavos: number; saldos: Saldos };

/** Validates the branch of a sale: a company of the caller's network (the matriz counts). */
export async function exigirFilialDaRede(tx: Executor, empresaId: number, filialId: number): Promise<number> {
  const [e] = await tx
    .select({ id: empresa.id })
    .from(empresa)
    .where(and(eq(empresa.id, filialId), eq(empresa.matrizId, empresaId)))
    .limit(1);
  if (!e) throw erro.requisicao('Filial inválida.');
  return e.id;
}

/**
 * Records a sale and, in ONE posting of type VENDA, the redemption (customer CASHBACK debited)
 * and the accrual (CASHBACK and PONTOS credited), each unit balanced against its system account.
 * Runs inside the caller's transaction; `tx` only (PGlite has one connection).
 */
export async function registrarVenda(tx: Executor, v: NovaVenda): Promise<VendaRegistrada> {
  const [c] = await tx
    .select({ id: cliente.id, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, v.clienteId), eq(cliente.empresaId, v.empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  if (c.status !== 'ATIVO') throw erro.conflito(MENSAGEM_CLIENTE_BLOQUEADO);

  // A plan in force on the day of the sale replaces the programme's rates (docs/areas/planos.md).
  const beneficio = await beneficioVigente(tx, v.empresaId, v.clienteId, hojeISO(v.criadoEm));
  const regra = regraComPlano(await regraDaFilial(tx, v.empresaId, v.filialId), beneficio);
  const { cashbackCentavos, pontos } = calcularAcumulo(regra, v.valorCentavos, v.resgateCentavos);

  // Accounts are created before any lock, always CASHBACK before PONTOS, so that two first sales
  // of one customer wait on each other's insert at most, never in a cycle with the locks below.
  const usaCashback = v.resgateCentavos > 0 || cashbackCentavos > 0;
  const contaCashback = usaCashback ? await contaCliente(tx, v.empresaId, v.clienteId, 'CASHBACK') : null;
  const contaPontos = pontos > 0 ? await contaCliente(tx, v.empresaId, v.clienteId, 'PONTOS') : null;
  await exigirContasDesbloqueadas(tx, v.empresaId, [contaCashback, contaPontos]);

  const partidas: Movimento[] = [];
  if (contaCashback !== null) {
    const sistemaCashback = await contaSistema(tx, v.empresaId, 'CASHBACK');
    if (v.resgateCentavos > 0) {
      // The redemption must be covered by the balance before this sale: the cashback this very
      // sale accrues is not spendable in it (lancar alone would only see the net movement).
      // Locks the customer's accounts in id order, as lancar does, so two sales never deadlock.
      const travadas = await tx
        .select({ id: conta.id, saldo: conta.saldo, bloqueada: conta.bloqueada })
        .from(conta)
        .where(and(eq(conta.empresaId, v.empresaId), eq(conta.clienteId, v.clienteId)))
        .orderBy(asc(conta.id))
        .for('update');
      const cb = travadas.find((t) => t.id === contaCashback)!;
      if (cb.bloqueada) throw erro.conflito('Conta bloqueada: não é possível debitar.');
      if (cb.saldo < v.resgateCentavos) throw erro.conflito(MENSAGEM_RESGATE_ACIMA_DO_SALDO);
      partidas.push({ contaId: contaCashback, valor: -v.resgateCentavos }, { contaId: sistemaCashback, valor: v.resgateCentavos });
    }
    if (cashbackCentavos > 0) partidas.push({ contaId: contaCashback, valor: cashbackCentavos }, { contaId: sistemaCashback, valor: -cashbackCentavos });
  }
  if (contaPontos !== null) {
    const sistemaPontos = await contaSistema(tx, v.empresaId, 'PONTOS');
    partidas.push({ contaId: contaPontos, valor: pontos }, { contaId: sistemaPontos, valor: -pontos });
  }

  const lancamentoId =
    partidas.length > 0
      ? await lancar(tx, {
          empresaId: v.empresaId,
          tipo: 'VENDA',
          descricao: 'Venda',
          filialId: v.filialId,
          usuarioId: v.usuarioId,
          partidas,
          criadoEm: v.criadoEm,
          referencia: { valorCentavos: v.valorCentavos, resgateCentavos: v.resgateCentavos, cashbackCentavos, pontos },
        })
      : null;

  const [t] = await tx
    .insert(transacao)
    .values({
      empresaId: v.empresaId,
      filialId: v.filialId,
      clienteId: v.clienteId,
      valorCentavos: v.valorCentavos,
      resgateCentavos: v.resgateCentavos,
      cashbackCentavos,
      pontos,
      lancamentoId,
      clientePlanoId: beneficio?.clientePlanoId ?? null,
      identificacao: v.identificacao ?? null,
      usuarioId: v.usuarioId,
      ...(v.criadoEm ? { criadoEm: v.criadoEm } : {}),
    })
    .returning({ id: transacao.id });
  return { transacaoId: t!.id, lancamentoId, cashbackCentavos, pontos, resgateCentavos: v.resgateCentavos, saldos: await saldosDoCliente(tx, v.empresaId, v.clienteId) };
}

export type Cancelamento = { transacaoId: number; estornoLancamentoId: number | null; clienteId: number; saldos: Saldos };

/**
 * Cancels a sale once: the row is locked, so two concurrent cancels meet here and the second
 * sees CANCELADA; the posting is reversed by `estornar`, whose unique index is the second lock.
 */
export async function cancelarVenda(
  tx: Executor,
  c: { empresaId: number; transacaoId: number; usuarioId: number | null; motivo?: string | null; filialId?: number | null; canceladaEm?: Date },
): Promise<Cancelamento> {
  const [t] = await tx
    .select({ id: transacao.id, status: transacao.status, lancamentoId: transacao.lancamentoId, clienteId: transacao.clienteId, filialId: transacao.filialId })
    .from(transacao)
    .where(and(eq(transacao.id, c.transacaoId), eq(transacao.empresaId, c.empresaId)))
    .limit(1)
    .for('update');
  if (!t) throw erro.naoEncontrado('Venda não encontrada.');
  if (t.status === 'CANCELADA') throw erro.conflito(MENSAGEM_JA_CANCELADA);
  let estornoLancamentoId: number | null = null;
  if (t.lancamentoId !== null) {
    try {
      estornoLancamentoId = await estornar(tx, c.empresaId, t.lancamentoId, {
        descricao: `Cancelamento da venda ${t.id}`,
        usuarioId: c.usuarioId,
        filialId: c.filialId ?? t.filialId,
        criadoEm: c.canceladaEm,
      });
    } catch (e) {
      if (e instanceof ErroApi && e.message === MENSAGEM_SALDO_INSUFICIENTE) throw erro.conflito(MENSAGEM_CASHBACK_JA_USADO);
      throw e;
    }
  }
  await tx
    .update(transacao)
    .set({
      status: 'CANCELADA',
      estornoLancamentoId,
      canceladaEm: c.canceladaEm ?? sql`now()`,
      canceladaPorId: c.usuarioId,
      motivoCancelamento: c.motivo || null,
    })
    .where(eq(transacao.id, t.id));
  return { transacaoId: t.id, estornoLancamentoId, clienteId: t.clienteId, saldos: await saldosDoCliente(tx, c.empresaId, t.clienteId) };
}
