import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cepParamSchema } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';

export async function enderecoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/endereco/cep/:cep', { schema: { tags: ['endereco'], params: cepParamSchema } }, async (request) => {
    const r = await app.adaptadores.cep.buscar(request.params.cep);
    if (r.tipo === 'inexistente') throw erro.naoEncontrado('CEP não encontrado. Confira os números ou preencha o endereço manualmente.');
    if (r.tipo === 'indisponivel') throw erro.indisponivel('A consulta de CEP está indisponível no momento. Preencha o endereço manualmente.');
    return ok(r.endereco);
  });
}
