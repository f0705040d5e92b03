import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { integracaoClienteQuerySchema, somenteDigitos } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cliente } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { pedidoIdempotente, type PedidoIdempotente } from '../../lib/idempotencia.js';

export const MENSAGEM_SEM_CHAVE = 'Informe o cabeçalho Idempotency-Key (um identificador único da operação, por exemplo o número do cupom fiscal).';

export const MENSAGEM_CELULAR_AMBIGUO = 'Mais de um cliente tem este celular. Identifique o cliente pelo CPF/CNPJ ou pelo cartão.';

/** The base of the integration API (not in the spec: docs/areas/integracao.md says why and how it is versioned). */
export const BASE_INTEGRACAO = '/integracao/v1';

// Loose: the other headers (Authorization, User-Agent) must stay on the request after validation.
export const cabecalhosPostagem = z.looseObject({
  'idempotency-key': z.string().optional().describe('Obrigatório: identificador único da operação (1 a 100 caracteres). Repetir a mesma chave devolve a primeira resposta.'),
});

export function exigirChave(request: FastifyRequest, empresaId: number): PedidoIdempotente {
  const p = pedidoIdempotente(request, empresaId);
  if (!p) throw erro.requisicao(MENSAGEM_SEM_CHAVE);
  return p;
}

/** The customer of a company by exactly one of CPF/CNPJ, mobile or an active card; null if none, 409 if the mobile is shared. */
export async function acharCliente(tx: Executor, empresaId: number, q: z.infer<typeof integracaoClienteQuerySchema>): Promise<number | null> {
  if (q.cartao !== undefined) {
    const [c] = await tx
      .select({ id: cartao.clienteId })
      .from(cartao)
      .where(and(eq(cartao.empresaId, empresaId), eq(cartao.numero, somenteDigitos(q.cartao)), eq(cartao.status, 'ATIVO')))
      .limit(1);
    return c?.id ?? null;
  }
  const achados = await tx
    .select({ id: cliente.id })
    .from(cliente)
    .where(
      and(
        eq(cliente.empresaId, empresaId),
        q.cpf !== undefined ? eq(cliente.documento, somenteDigitos(q.cpf)) : eq(cliente.celular, somenteDigitos(q.celular).replace(/^55(?=\d{10,11}$)/, '')),
      ),
    )
    .limit(2);
  // A mobile number is not unique among customers (a family shares one): never guess which one pays.
  if (achados.length > 1) throw erro.conflito(MENSAGEM_CELULAR_AMBIGUO);
  return achados[0]?.id ?? null;
}
