import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tarefaIdParamSchema } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { disposicaoAnexo } from '../../lib/planilha.js';
import { ok } from '../../lib/resposta.js';
import { buscarTarefa, lerArquivoTarefa, statusDaTarefa } from '../../lib/tarefas.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { sistemaTarefaRoutes } from './sistema-tarefa.routes.js';

export const MENSAGEM_TAREFA_NAO_ENCONTRADA = 'Tarefa não encontrada.';
export const MENSAGEM_ARQUIVO_INDISPONIVEL = 'O arquivo desta tarefa ainda não está disponível.';

/** Status and result file of any background job (docs/areas/importacao.md § Tarefas). */
export async function tarefaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tarefa'];
  await sistemaTarefaRoutes(app);

  // Spec §7 "Clients": GET status/assincrono/{id} — what the progress bar polls.
  rotas.get('/status/assincrono/:id', { schema: { tags, params: tarefaIdParamSchema } }, async (request) => {
    const u = usuarioDe(request);
    const t = await transacaoDoUsuario(request, (tx) => buscarTarefa(tx, u, request.params.id));
    if (!t) throw erro.naoEncontrado(MENSAGEM_TAREFA_NAO_ENCONTRADA);
    return ok(statusDaTarefa(t));
  });

  // The result file carries customers' personal data: only the user who asked for it, or management (buscarTarefa).
  rotas.get('/tarefa/:id/arquivo', { schema: { tags, params: tarefaIdParamSchema } }, async (request, reply) => {
    const u = usuarioDe(request);
    const { arquivo } = await transacaoDoUsuario(request, async (tx) => {
      const t = await buscarTarefa(tx, u, request.params.id);
      if (!t) throw erro.naoEncontrado(MENSAGEM_TAREFA_NAO_ENCONTRADA);
      return { arquivo: t.status === 'CONCLUIDA' && t.temArquivo ? await lerArquivoTarefa(tx, u, t.id) : null };
    });
    if (!arquivo?.arquivo || !arquivo.nome) throw erro.naoEncontrado(MENSAGEM_ARQUIVO_INDISPONIVEL);
    return reply
      .header('content-type', arquivo.tipo ?? 'application/octet-stream')
      .header('content-disposition', disposicaoAnexo(arquivo.nome))
      .header('cache-control', 'no-store')
      .send(arquivo.arquivo);
  });
}
