import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  formatarBRL,
  centavosParaReais,
  ROTULOS_STATUS_RESGATE_PREMIO,
  STATUS_RESGATE_VIVOS,
  TRANSICOES_RESGATE_PREMIO,
  type ResgatePremio,
  type StatusResgatePremio,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { premio, premioResgate, premioResgateHistorico } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { estornar } from '../account/index.js';
import { buscarResgate } from './resgate.consulta.js';

/** Who acts on a redemption: the user and the branch they work at (where the prize is collected by default). */
export type Autor = { empresaId: number; usuarioId: number; filialId: number | null };

export const MENSAGEM_SEM_ESTOQUE = 'Prêmio esgotado: não há mais unidades em estoque.';
export const MENSAGEM_JA_CANCELADO = 'Este resgate já foi cancelado.';
export const MENSAGEM_CODIGO_NAO_CONFERE = 'O código não confere com o deste resgate.';

/** No 0/O, 1/I/L: the code is read aloud and typed at the counter. */
const ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function novoCodigo(): string {
  let c = '';
  for (let i = 0; i < 8; i++) c += ALFABETO[randomInt(ALFABETO.length)];
  return c;
}

async function historico(tx: Executor, a: Autor, resgateId: number, de: StatusResgatePremio | null, para: StatusResgatePremio, observacao?: string | null) {
  await tx.insert(premioResgateHistorico).values({ empresaId: a.empresaId, resgateId, de, para, usuarioId: a.usuarioId, observacao: observacao || null });
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
