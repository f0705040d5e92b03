import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoImpressao, transacao } from '../../db/schema/index.js';
import { reservarNumeros } from './numeracao.js';

const DIA = 86_400_000;

/**
 * Demo cards (docs/areas/cartoes.md): the automatic prefix, 10 cards — 5 in use by customers who
 * buy (two of every three of their sales identified by the card), 1 blocked after a loss, 4 still
 * available — a printed batch for the linked ones and 2 cards waiting in the print queue.
 */
export async function semearCartoesDemo(tx: Executor, empresaId: number, usuarioId: number | null): Promise<void> {
  const compradores = await tx
    .selectDistinct({ clienteId: transacao.clienteId })
    .from(transacao)
    .where(and(eq(transacao.empresaId, empresaId), isNotNull(transacao.clienteId)))
    .orderBy(asc(transacao.clienteId))
    .limit(6);
  const numeros = await reservarNumeros(tx, empresaId, 10);
  const agora = Date.now();
  const emitidoEm = new Date(agora - 75 * DIA);
  const vinculadoEm = new Date(agora - 70 * DIA);
  const linhas = numeros.map((numero, i) => {
    const dono = compradores[i]?.clienteId ?? null;
    const base = { empresaId, numero, filialId: empresaId, emitidoPorId: usuarioId, emitidoEm, atualizadoEm: emitidoEm };
    if (i < 5 && dono) return { ...base, clienteId: dono, status: 'ATIVO' as const, vinculadoEm };
    if (i === 5 && dono)
      return { ...base, clienteId: dono, status: 'BLOQUEADO' as const, vinculadoEm, bloqueadoEm: new Date(agora - 3 * DIA), motivoStatus: 'Cliente informou a perda do cartão.' };
    return { ...base, status: 'DISPONIVEL' as const };
  });
  const cartoes = await tx.insert(cartao).values(linhas).returning({ id: cartao.id, clienteId: cartao.clienteId, status: cartao.status });

  const emUso = cartoes.filter((c) => c.clienteId !== null);
  await tx.insert(cartaoImpressao).values([
    ...emUso.map((c) => ({ empresaId, cartaoId: c.id, status: 'IMPRESSO' as const, lote: 'DEMO-1', solicitadoPorId: usuarioId, criadoEm: vinculadoEm, impressoEm: new Date(vinculadoEm.getTime() + DIA) })),
    ...cartoes.slice(-2).map((c) => ({ empresaId, cartaoId: c.id, solicitadoPorId: usuarioId })),
  ]);

  // The demo sales were posted before the cards existed; two of every three of the holders' sales are told as made with the card.
  for (const c of emUso) {
    const vendas = await tx
      .select({ id: transacao.id })
      .from(transacao)
      .where(and(eq(transacao.empresaId, empresaId), eq(transacao.clienteId, c.clienteId!)))
      .orderBy(asc(transacao.id));
    const comCartao = vendas.filter((_, i) => i % 3 !== 2).map((v) => v.id);
    if (comCartao.length) {
      await tx
        .update(transacao)
        .set({ identificacao: 'CARTAO', cartaoId: c.id })
        .where(and(eq(transacao.empresaId, empresaId), inArray(transacao.id, comCartao), sql`${transacao.cartaoId} is null`));
    }
  }
}
