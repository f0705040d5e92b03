import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportarClientesSchema, PODE_EXPORTAR_CLIENTES, type ExportarClientes, type TarefaCriada } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { disposicaoAnexo, lerTudo, TIPOS_MIME } from '../../lib/planilha.js';
import { ok } from '../../lib/resposta.js';
import { criarTarefa, registrarTipoTarefa } from '../../lib/tarefas.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { contarClientesExportacao, nomeArquivoExportacao, planilhaClientes } from './exportar.js';

export const TAREFA_RELATORIO_CLIENTES = 'RELATORIO_CLIENTES';

/** The async report: the same spreadsheet, built by a job with progress and kept in its `tarefa` row. */
registrarTipoTarefa(TAREFA_RELATORIO_CLIENTES, async (app, t) => {
  const pedido = exportarClientesSchema.parse(t.parametros.filtro ?? {});
  await t.definirTotal(await contarClientesExportacao(app.db, t.usuario, pedido));
  const { formato, ...filtro } = pedido;
  const conteudo = await lerTudo(planilhaClientes(app.banco, t.usuario, filtro, formato, (n) => t.avancar(n)));
  return {
    resultado: { formato },
    arquivo: { conteudo, nome: await nomeArquivoExportacao(app.db, t.usuario, formato), tipo: TIPOS_MIME[formato] },
  };
});

/** client/exportar and client/relatorio/assincrono (spec §7 "Clients"); registered by client.routes.ts. */
export async function exportarRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cliente'];
  const config = { permissoes: PODE_EXPORTAR_CLIENTES };

  // Taking the customer base out is recorded: who, when and with which filters (never the rows).
  rotas.post('/client/exportar', { schema: { tags, body: exportarClientesSchema }, config }, async (request, reply) => {
    const u = usuarioDe(request);
    const { formato, ...filtro } = request.body as ExportarClientes;
    await transacaoDoUsuario(request, (tx) => auditar(tx, request, { acao: 'EXPORTAR', entidade: 'cliente', depois: { formato, filtro } }));
    const nome = await nomeArquivoExportacao(app.db, u, formato);
    return reply
      .header('content-type', TIPOS_MIME[formato])
      .header('content-disposition', disposicaoAnexo(nome))
      .header('cache-control', 'no-store')
      .send(planilhaClientes(app.banco, u, filtro, formato));
  });

  rotas.post('/client/relatorio/assincrono', { schema: { tags, body: exportarClientesSchema }, config }, async (request) => {
    const u = usuarioDe(request);
    const id = await transacaoDoUsuario(request, async (tx) => {
      const id = await criarTarefa(tx, { tipo: TAREFA_RELATORIO_CLIENTES, usuario: u, parametros: { filtro: request.body } });
      await auditar(tx, request, { acao: 'EXPORTAR', entidade: 'cliente', entidadeId: null, depois: { tarefa: id, ...request.body } });
      return id;
    });
    await app.tarefas.enfileirar(id);
    return ok<TarefaCriada>({ id });
  });
}
