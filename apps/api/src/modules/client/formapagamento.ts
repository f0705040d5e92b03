import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, PODE_CONSULTAR_CLIENTES, type FormaPagamentoAtiva } from '@bonifica/contracts';
import { cliente } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { lista } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';
import { listarContratos, somarDias } from '../plano/index.js';

/** More VIGENTE contracts than this for one customer would be a data error, not a list to page. */
const MAXIMO_CONTRATOS = 100;

/**
 * GET client/{id}/formapagamento/ativo. Plan billing (card, PIX, boleto) comes in a later issue, so
 * no payment instrument is stored yet: what a customer pays today is each VIGENTE plan contract, listed
 * with its price and next due date and `meio: null`. A customer without one gets an empty list.
 */
export async function formaPagamentoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.get(
    '/client/:id/formapagamento/ativo',
    { schema: { tags: ['cliente'], params: idParamSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request) => {
      const empresaId = empresaDe(request);
      const contratos = await transacaoDoUsuario(request, async (tx) => {
        const [c] = await tx.select({ id: cliente.id }).from(cliente).where(and(eq(cliente.id, request.params.id), eq(cliente.empresaId, empresaId))).limit(1);
        if (!c) throw erro.naoEncontrado();
        return (await listarContratos(tx, empresaId, { clienteId: c.id, situacao: 'VIGENTE', ordenarPor: 'fim', direcao: 'asc' }, 0, MAXIMO_CONTRATOS)).itens;
      });
      return lista<FormaPagamentoAtiva>(
        contratos.map((k) => ({
          origem: 'PLANO',
          clientePlanoId: k.id,
          planoNome: k.planoNome,
          periodicidade: k.periodicidade,
          valor: k.preco,
          proximoVencimento: somarDias(k.fim, 1),
          meio: null,
        })),
      );
    },
  );
}
