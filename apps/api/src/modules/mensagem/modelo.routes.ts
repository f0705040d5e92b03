import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filtroModeloMensagemSchema, modeloMensagemSaveSchema, PODE_GERENCIAR_MENSAGENS, previsualizarModeloSchema, type ModeloMensagemDados } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarModelo, excluirModelo, gravarModelo, listarModelos, tenant } from './modelo.repository.js';
import { contextoDaEmpresa, renderizarParaCliente } from './renderizacao.js';

/**
 * Message templates (issue 14 §3; spec §2 "messages: template"). The spec gives the screen, not
 * the calls: ours follow the generic resource pattern under `mensagem/modelo/`.
 */
export async function modeloRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  registrarRecurso(app, {
    raiz: 'mensagem/modelo/',
    entidade: 'modelo_mensagem',
    permissoes: { ler: PODE_GERENCIAR_MENSAGENS, escrever: PODE_GERENCIAR_MENSAGENS },
    filtro: filtroModeloMensagemSchema,
    salvar: modeloMensagemSaveSchema,
    listar: listarModelos,
    buscar: buscarModelo,
    gravar: (tx, u, d, antes) => gravarModelo(tx, u, d as ModeloMensagemDados, antes),
    excluir: (tx, u, id) => excluirModelo(tx, u, id),
  });

  // A POST that only reads: the text travels in the body (it may be long and is still being typed).
  rotas.post(
    '/mensagem/modelo/previsualizar',
    { schema: { tags: ['modelo_mensagem'], body: previsualizarModeloSchema }, config: { permissoes: PODE_GERENCIAR_MENSAGENS } },
    async (request) => {
      const u = usuarioDe(request);
      const b = request.body;
      const r = await transacaoDoUsuario(request, async (tx) => {
        const ctx = await contextoDaEmpresa(tx, tenant(u), { cupom: b.cupom, link: b.link });
        return renderizarParaCliente(tx, ctx, b.clienteId, { texto: b.texto, assunto: b.assunto });
      });
      if (!r) throw erro.naoEncontrado('Cliente não encontrado.');
      return ok(r);
    },
  );
}
