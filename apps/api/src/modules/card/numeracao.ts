import { count, eq, sql } from 'drizzle-orm';
import { DIGITOS_SEQUENCIA, montarNumeroCartao, type NumeracaoCartao } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoNumeracao } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { violouUnicidade } from '../../lib/recurso.js';

const MAIOR_SEQUENCIA = 10 ** DIGITOS_SEQUENCIA - 1;
const MAIOR_EMPRESA_COM_PADRAO = 99_999;

export const MENSAGEM_PREFIXO_EM_USO = 'Este prefixo já é usado por outra empresa do serviço. Escolha outro.';
export const MENSAGEM_PREFIXO_FIXO = 'O prefixo só pode ser alterado antes da emissão do primeiro cartão.';

/**
 * The automatic prefix: 9 followed by the company id in 5 digits (company 1 → 900001). Prefixes a
 * company chooses may not start with 9, so an automatic one never collides with a chosen one.
 */
export function prefixoPadrao(empresaId: number): string {
  if (empresaId > MAIOR_EMPRESA_COM_PADRAO) throw erro.conflito('Defina o prefixo dos cartões da empresa antes de emitir (Cartões › Numeração).');
  return `9${String(empresaId).padStart(5, '0')}`;
}

/** The company's numbering row, created with the automatic prefix on first use. */
async function garantirNumeracao(tx: Executor, empresaId: number): Promise<void> {
  await tx.insert(cartaoNumeracao).values({ empresaId, prefixo: prefixoPadrao(empresaId) }).onConflictDoNothing();
}

/**
 * Reserves `quantidade` consecutive numbers. The UPDATE locks the company's row until the end of
 * the caller's transaction, so concurrent issues queue here and never hand out a sequence twice;
 * a rolled-back issue leaves a gap, which is harmless (numbers are never reused).
 */
export async function reservarNumeros(tx: Executor, empresaId: number, quantidade: number): Promise<string[]> {
  await garantirNumeracao(tx, empresaId);
  const [r] = await tx
    .update(cartaoNumeracao)
    .set({ proximaSequencia: sql`${cartaoNumeracao.proximaSequencia} + ${quantidade}`, atualizadoEm: new Date() })
    .where(eq(cartaoNumeracao.empresaId, empresaId))
    .returning({ prefixo: cartaoNumeracao.prefixo, proxima: cartaoNumeracao.proximaSequencia });
  const inicio = r!.proxima - quantidade;
  if (r!.proxima - 1 > MAIOR_SEQUENCIA) throw erro.conflito('A numeração de cartões desta empresa se esgotou. Fale com o suporte.');
  return Array.from({ length: quantidade }, (_, i) => montarNumeroCartao(r!.prefixo, inicio + i));
}

/** `travar`: holds the row (as an issue does) so no card is issued between this read and a change. */
export async function lerNumeracao(tx: Executor, empresaId: number, travar = false): Promise<NumeracaoCartao> {
  await garantirNumeracao(tx, empresaId);
  const consulta = tx.select().from(cartaoNumeracao).where(eq(cartaoNumeracao.empresaId, empresaId));
  const [n] = travar ? await consulta.for('update') : await consulta;
  const [emitidos] = await tx.select({ n: count() }).from(cartao).where(eq(cartao.empresaId, empresaId));
  const cartoesEmitidos = emitidos?.n ?? 0;
  return {
    prefixo: n!.prefixo,
    proximaSequencia: n!.proximaSequencia,
    proximoNumero: montarNumeroCartao(n!.prefixo, n!.proximaSequencia),
    cartoesEmitidos,
    alteravel: cartoesEmitidos === 0,
  };
}

/**
 * A chosen prefix. Only before the first card: a number already printed must keep telling whose card
 * it is, and a freed prefix taken by another company would make two cards share a number.
 */
export async function definirPrefixo(tx: Executor, empresaId: number, prefixo: string): Promise<NumeracaoCartao> {
  const atual = await lerNumeracao(tx, empresaId, true);
  if (atual.prefixo === prefixo) return atual;
  if (!atual.alteravel) throw erro.conflito(MENSAGEM_PREFIXO_FIXO);
  try {
    await tx.update(cartaoNumeracao).set({ prefixo, atualizadoEm: new Date() }).where(eq(cartaoNumeracao.empresaId, empresaId));
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito(MENSAGEM_PREFIXO_EM_USO);
    throw e;
  }
  return lerNumeracao(tx, empresaId);
}
