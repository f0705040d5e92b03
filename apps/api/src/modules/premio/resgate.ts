import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { hojeNoFuso } from '../../lib/fuso.js';
import {
  formatarBRL,
  centavosParaReais,
  ROTULOS_PERIODO_LIMITE,
  ROTULOS_STATUS_RESGATE_PREMIO,
  STATUS_RESGATE_VIVOS,
  TRANSICOES_RESGATE_PREMIO,
  type PeriodoLimite,
  type ResgatePremio,
  type StatusResgatePremio,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, conta, empresa, premio, premioResgate, premioResgateHistorico } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { contaSistema, estornar, lancar, MENSAGEM_SALDO_INSUFICIENTE, type Movimento } from '../account/index.js';
import { buscarResgate } from './resgate.consulta.js';

/** Who acts on a redemption: the user and the branch they work at (where the prize is collected by default). */
export type Autor = { empresaId: number; usuarioId: number; filialId: number | null };

export const MENSAGEM_SEM_ESTOQUE = 'Prêmio esgotado: não há mais unidades em estoque.';
export const MENSAGEM_JA_CANCELADO = 'Este resgate já foi cancelado.';
export const MENSAGEM_CODIGO_NAO_CONFERE = 'O código não confere com o deste resgate.';

/** No 0/O, 1/I/L: the code is read aloud and typed at the counter. */
const ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function novoCodigo(): string {
  let c = '';
  for (let i = 0; i < 8; i++) c += ALFABETO[randomInt(ALFABETO.length)];
  return c;
}

const INICIO_DO_PERIODO: Record<Exclude<PeriodoLimite, 'SEMPRE'>, string> = { DIA: 'day', SEMANA: 'week', MES: 'month', ANO: 'year' };

async function historico(tx: Executor, a: Autor, resgateId: number, de: StatusResgatePremio | null, para: StatusResgatePremio, observacao?: string | null) {
  await tx.insert(premioResgateHistorico).values({ empresaId: a.empresaId, resgateId, de, para, usuarioId: a.usuarioId, observacao: observacao || null });
}

/**
 * A customer redeems a prize (docs/areas/premios.md). The prize is read without a lock: every
 * redemption of a popular prize would otherwise queue behind the one before it for its whole
 * transaction (bench/premios.mjs: 6/s). What needs one-at-a-time is locked where it lives, as late
 * and as narrow as possible:
 * - the stock: one conditional `UPDATE … estoque - 1 WHERE estoque > 0` at the very end — a unit is
 *   taken only if there is one (never negative), and the prize's row is held only until the commit;
 * - the per-customer limit: the customer's row (`FOR NO KEY UPDATE`) before counting, so two counters
 *   redeeming for the same person take turns (only for a prize with a limit);
 * - the balance: one balanced RESGATE posting by `lancar`, which locks the customer's accounts and
 *   takes the cost from the usable lots (oldest expiry first, waiting period respected, never below zero).
 * Lock order: customer, accounts, prize — the same in the cancellation. Same transaction.
 */
export async function resgatarPremio(tx: Executor, a: Autor, d: { premioId: number; clienteId: number; filialId?: number | undefined }): Promise<ResgatePremio> {
  const [p] = await tx
    .select()
    .from(premio)
    .where(and(eq(premio.id, d.premioId), eq(premio.empresaId, a.empresaId)))
    .limit(1);
  if (!p) throw erro.naoEncontrado('Prêmio não encontrado.');
  if (!p.ativo) throw erro.conflito('Este prêmio está inativo: não pode ser resgatado.');
  const hoje = hojeNoFuso();
  if ((p.validoDe && hoje < p.validoDe) || (p.validoAte && hoje > p.validoAte)) throw erro.conflito('Este prêmio está fora do período de validade.');
  if (p.estoque !== null && p.estoque <= 0) throw erro.conflito(MENSAGEM_SEM_ESTOQUE);

  const filialId = d.filialId ?? a.filialId;
  // The caller's own branch was checked when the session chose it; one given in the request is checked here.
  if (d.filialId && d.filialId !== a.filialId) {
    const [f] = await tx.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.id, filialId!), eq(empresa.matrizId, a.empresaId))).limit(1);
    if (!f) throw erro.naoEncontrado('Filial não encontrada.');
  }
  if (filialId) {
    if (p.filiais.length && !p.filiais.includes(filialId)) throw erro.conflito('Este prêmio não é retirado nesta loja.');
  }

  const consultaCliente = tx
    .select({ id: cliente.id, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, d.clienteId), eq(cliente.empresaId, a.empresaId)))
    .limit(1);
  const [c] = p.limitePorCliente !== null ? await consultaCliente.for('no key update') : await consultaCliente;
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  if (c.status !== 'ATIVO') throw erro.conflito('Cliente bloqueado: resgate não permitido no programa.');

  if (p.limitePorCliente !== null) {
    const desde = p.limitePeriodo === 'SEMPRE' ? sql`true` : sql`${premioResgate.criadoEm} >= date_trunc(${INICIO_DO_PERIODO[p.limitePeriodo]}, now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo'`;
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(premioResgate)
      .where(and(eq(premioResgate.empresaId, a.empresaId), eq(premioResgate.premioId, p.id), eq(premioResgate.clienteId, c.id), ne(premioResgate.status, 'CANCELADO'), desde))) as [{ n: number }];
    if (n >= p.limitePorCliente) {
      throw erro.conflito(`Limite deste prêmio atingido: ${p.limitePorCliente} ${p.limitePorCliente === 1 ? 'resgate' : 'resgates'} por cliente ${ROTULOS_PERIODO_LIMITE[p.limitePeriodo]}.`);
    }
  }

  const custos: ['PONTOS' | 'CASHBACK', number][] = [];
  if (p.custoPontos) custos.push(['PONTOS', p.custoPontos]);
  if (p.custoCentavos) custos.push(['CASHBACK', p.custoCentavos]);
  const contas = await tx
    .select({ id: conta.id, tipo: conta.tipo, bloqueada: conta.bloqueada })
    .from(conta)
    .where(and(eq(conta.empresaId, a.empresaId), eq(conta.clienteId, c.id), inArray(conta.tipo, custos.map(([u]) => u))));
  const partidas: Movimento[] = [];
  for (const [unidade, valor] of custos) {
    const k = contas.find((x) => x.tipo === unidade);
    if (!k) throw erro.conflito(MENSAGEM_SALDO_INSUFICIENTE);
    // Read without the lock for a clear message; `lancar` refuses a blocked debit under the lock anyway.
    if (k.bloqueada) throw erro.conflito(`A conta de ${unidade === 'PONTOS' ? 'pontos' : 'cashback'} deste cliente está bloqueada: o saldo não pode ser usado.`);
    partidas.push({ contaId: k.id, valor: -valor }, { contaId: await contaSistema(tx, a.empresaId, unidade), valor });
  }

  let codigo = novoCodigo();
  // A repeated code (1 in 10^12) is drawn again; the unique index is the last barrier.
  while ((await tx.select({ id: premioResgate.id }).from(premioResgate).where(and(eq(premioResgate.empresaId, a.empresaId), eq(premioResgate.codigo, codigo))).limit(1)).length) codigo = novoCodigo();

  const lancamentoId = await lancar(tx, {
    empresaId: a.empresaId,
    tipo: 'RESGATE',
    descricao: `Resgate do prêmio ${p.nome} (código ${codigo})`.slice(0, 200),
    filialId,
    usuarioId: a.usuarioId,
    referencia: { premioId: p.id, codigo },
    partidas,
  });
  const [novo] = await tx
    .insert(premioResgate)
    .values({ empresaId: a.empresaId, premioId: p.id, clienteId: c.id, filialId, codigo, custoPontos: p.custoPontos ?? 0, custoCentavos: p.custoCentavos ?? 0, lancamentoId, usuarioId: a.usuarioId })
    .returning({ id: premioResgate.id });
  await historico(tx, a, novo!.id, null, 'SOLICITADO');
  const feito = (await buscarResgate(tx, a.empresaId, null, novo!.id))!;
  if (p.estoque !== null) {
    // Last: the prize's row stays locked only from here to the commit. No unit left (another counter
    // took the last one since the read above): the whole redemption rolls back with this error.
    const [unidade] = await tx
      .update(premio)
      .set({ estoque: sql`${premio.estoque} - 1` })
      .where(and(eq(premio.id, p.id), sql`${premio.estoque} > 0`))
      .returning({ id: premio.id });
    if (!unidade) throw erro.conflito(MENSAGEM_SEM_ESTOQUE);
  }
  return feito;
}

/** The redemption locked for a change; 404 for another company's or, for a counter bound to a branch, another branch's. */
async function travar(tx: Executor, a: Autor, filialVisivel: number | null, id: number) {
  const [r] = await tx
    .select()
    .from(premioResgate)
    .where(and(eq(premioResgate.id, id), eq(premioResgate.empresaId, a.empresaId), filialVisivel ? eq(premioResgate.filialId, filialVisivel) : undefined))
    .for('update')
    .limit(1);
  if (!r) throw erro.naoEncontrado('Resgate não encontrado.');
  return r;
}

const naoPode = (de: StatusResgatePremio, para: StatusResgatePremio) =>
  erro.conflito(`Um resgate ${ROTULOS_STATUS_RESGATE_PREMIO[de].toLowerCase()} não pode passar para ${ROTULOS_STATUS_RESGATE_PREMIO[para].toLowerCase()}.`);

/**
 * Cancels a live redemption exactly once: its row is locked, so a double click waits and then finds
 * it CANCELADO (409); the ledger's unique index on `estorno_de_id` is the last barrier. The customer
 * gets back exactly the lots the redemption took (with their dates) and the unit goes back to stock.
 */
export async function cancelarResgate(tx: Executor, a: Autor, filialVisivel: number | null, id: number, motivo: string): Promise<{ antes: ResgatePremio; depois: ResgatePremio }> {
  const r = await travar(tx, a, filialVisivel, id);
  if (r.status === 'CANCELADO') throw erro.conflito(MENSAGEM_JA_CANCELADO);
  if (r.status === 'RETIRADO') throw erro.conflito('Este prêmio já foi retirado: o resgate não pode ser cancelado.');
  const antes = (await buscarResgate(tx, a.empresaId, null, r.id))!;
  const estornoLancamentoId = await estornar(tx, a.empresaId, r.lancamentoId, {
    descricao: `Cancelamento do resgate ${r.codigo}: ${motivo}`.slice(0, 200),
    usuarioId: a.usuarioId,
    filialId: a.filialId,
    documento: 'RESGATE',
  });
  // The customer's accounts (estornar) before the prize's row: the redemption's order.
  await tx
    .update(premio)
    .set({ estoque: sql`${premio.estoque} + 1` })
    .where(and(eq(premio.id, r.premioId), isNotNull(premio.estoque)));
  await tx
    .update(premioResgate)
    .set({ status: 'CANCELADO', canceladoEm: new Date(), atualizadoEm: new Date(), motivoCancelamento: motivo, estornoLancamentoId })
    .where(eq(premioResgate.id, r.id));
  await historico(tx, a, r.id, r.status, 'CANCELADO', motivo);
  return { antes, depois: (await buscarResgate(tx, a.empresaId, null, r.id))! };
}

/** POST premio/resgate/alterar/status: the forward steps of the table; CANCELADO is the cancellation. */
export async function alterarStatus(tx: Executor, a: Autor, filialVisivel: number | null, d: { id: number; status: StatusResgatePremio; observacao?: string | undefined }) {
  if (d.status === 'CANCELADO') {
    if (!d.observacao || d.observacao.length < 3) throw erro.requisicao('Informe o motivo do cancelamento na observação.');
    return cancelarResgate(tx, a, filialVisivel, d.id, d.observacao);
  }
  const r = await travar(tx, a, filialVisivel, d.id);
  if (d.status === 'RETIRADO' && STATUS_RESGATE_VIVOS.includes(r.status)) throw erro.conflito('Para entregar o prêmio, confirme o código do resgate (Entregar).');
  if (!TRANSICOES_RESGATE_PREMIO[r.status].includes(d.status)) throw naoPode(r.status, d.status);
  const antes = (await buscarResgate(tx, a.empresaId, null, r.id))!;
  await tx.update(premioResgate).set({ status: d.status, atualizadoEm: new Date() }).where(eq(premioResgate.id, r.id));
  await historico(tx, a, r.id, r.status, d.status, d.observacao);
  return { antes, depois: (await buscarResgate(tx, a.empresaId, null, r.id))! };
}

/**
 * GET premio/resgate/retirar/{id}/{codigo}: hands the prize over against the voucher's code, from any
 * live status (a prize on the counter shelf goes at once). A counter bound to a branch reaches only
 * its own branch's redemptions (`travar`).
 */
export async function retirar(tx: Executor, a: Autor, filialVisivel: number | null, id: number, codigo: string) {
  const r = await travar(tx, a, filialVisivel, id);
  if (r.codigo !== codigo.trim().toUpperCase()) throw erro.conflito(MENSAGEM_CODIGO_NAO_CONFERE);
  if (r.status === 'RETIRADO') throw erro.conflito('Este prêmio já foi retirado.');
  if (r.status === 'CANCELADO') throw erro.conflito('Este resgate foi cancelado: o prêmio não pode ser entregue.');
  const antes = (await buscarResgate(tx, a.empresaId, null, r.id))!;
  await tx.update(premioResgate).set({ status: 'RETIRADO', retiradoEm: new Date(), atualizadoEm: new Date() }).where(eq(premioResgate.id, r.id));
  await historico(tx, a, r.id, r.status, 'RETIRADO');
  return { antes, depois: (await buscarResgate(tx, a.empresaId, null, r.id))! };
}

/** What a prize costs, as the customer reads it. */
export function custoPorExtenso(pontos: number, centavos: number): string {
  const partes = [];
  if (pontos) partes.push(`${pontos.toLocaleString('pt-BR')} pontos`);
  if (centavos) partes.push(`${formatarBRL(centavosParaReais(centavos))} de cashback`);
  return partes.join(' + ');
}
