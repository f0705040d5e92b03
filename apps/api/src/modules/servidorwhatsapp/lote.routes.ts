import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, loteOpcionalQuerySchema, PERMISSOES } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';
import { cancelarLote, mudarLotes, pararEntregador, progressoLote } from '../mensagem/index.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * Batches of the outbox (spec §7 "WhatsApp messaging"; docs/areas/mensageria.md "Caixa de saída").
 * The spec's calls are GETs that change data, so they demand the XSRF header like a POST.
 */
export async function loteMensagemRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['servidorwhatsapp'];
  const config = { permissoes: GESTAO, alteraDados: true };
  // A stop ends the outbox loop at its next turn instead of waiting out its minute.
  app.addHook('preClose', (done) => {
    pararEntregador(app.db);
    done();
  });

  async function mudar(request: FastifyRequest, para: 'PAUSADO' | 'ATIVO', loteId: number | undefined) {
    const empresaId = empresaDe(request);
    return transacaoDoUsuario(request, async (tx) => {
      const ids = await mudarLotes(tx, empresaId, para, loteId);
      for (const id of ids) {
        await auditar(tx, request, { acao: para === 'PAUSADO' ? 'PAUSAR' : 'INICIAR', entidade: 'lote_mensagem', entidadeId: id, depois: { status: para } });
      }
      return ids;
    });
  }

  rotas.get('/servidorwhatsapp/iniciar', { schema: { tags, querystring: loteOpcionalQuerySchema }, config }, async (request) => {
    const ids = await mudar(request, 'ATIVO', request.query.lote);
    return ok({ lotes: ids });
  });

  rotas.get('/servidorwhatsapp/pausar', { schema: { tags, querystring: loteOpcionalQuerySchema }, config }, async (request) => {
    const ids = await mudar(request, 'PAUSADO', request.query.lote);
    return ok({ lotes: ids });
  });

  rotas.get('/servidorwhatsapp/cancelar/:id', { schema: { tags, params: idParamSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const r = await transacaoDoUsuario(request, async (tx) => {
      const c = await cancelarLote(tx, empresaId, request.params.id);
      if (!c) throw erro.naoEncontrado('Lote não encontrado.');
      await auditar(tx, request, {
        acao: 'CANCELAR',
        entidade: 'lote_mensagem',
        entidadeId: request.params.id,
        antes: { status: c.antes },
        depois: { status: 'CANCELADO', canceladas: c.canceladas },
      });
      return c;
    });
    return ok({ canceladas: r.canceladas });
  });

  // Not in the spec: the live counts a batch's progress bar reads (docs/areas/mensageria.md).
  rotas.get('/servidorwhatsapp/lote/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO } }, async (request) => {
    const empresaId = empresaDe(request);
    const p = await transacaoDoUsuario(request, (tx) => progressoLote(tx, empresaId, request.params.id));
    if (!p) throw erro.naoEncontrado('Lote não encontrado.');
    return ok(p);
  });
}
