import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { filtroCaixaSaidaSchema, paginaParamsSchema, PODE_GERENCIAR_MENSAGENS, resolverRevisarSchema, zonaIana, type FusoHorario, type ResultadoResolver } from '@bonifica/contracts';
import { empresa } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { listarCaixa, resolverRevisar, resumoCaixa } from './caixa.js';

const config = { permissoes: PODE_GERENCIAR_MENSAGENS };
const tags = ['mensagem_saida'];

/**
 * The outbox screen (Mensagens › Caixa de saída; docs/areas/mensageria.md "Caixa de saída: a tela",
 * decision 035). Paths are ours: the spec shows the screen's need, not its calls.
 */
export async function caixaSaidaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  rotas.post('/mensagem/saida/filterpaginated/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroCaixaSaidaSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const { page, size } = request.params;
    const r = await transacaoDoUsuario(request, async (tx) => {
      const [e] = await tx.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
      return listarCaixa(tx, empresaId, request.body, page, size, zonaIana(e?.fuso as FusoHorario | undefined));
    });
    return pagina(r.itens, r.total, page, size, r.totalLimitado);
  });

  rotas.get('/mensagem/saida/resumo', { schema: { tags }, config }, async (request) => {
    const empresaId = empresaDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => resumoCaixa(tx, empresaId)));
  });

  /** One or many messages in REVISAR: re-send, take as sent, or discard. Each change is audited. */
  rotas.post('/mensagem/saida/resolver', { schema: { tags, body: resolverRevisarSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const u = usuarioDe(request);
    const { ids, acao } = request.body;
    const r = await transacaoDoUsuario(request, async (tx) => {
      const feito = await resolverRevisar(tx, empresaId, u.id, ids, acao);
      if (!feito) throw erro.naoEncontrado('Mensagem não encontrada.');
      for (const id of feito.alteradas) {
        await auditar(tx, request, { acao: `REVISAR_${acao}`, entidade: 'mensagem_saida', entidadeId: id, antes: { status: 'REVISAR' }, depois: { revisao: acao } });
      }
      for (const id of feito.lotesReabertos) {
        await auditar(tx, request, { acao: 'REABRIR', entidade: 'lote_mensagem', entidadeId: id, antes: { status: 'CONCLUIDO' }, depois: { status: 'ATIVO' } });
      }
      return feito;
    });
    return ok<ResultadoResolver>({ alteradas: r.alteradas.length, ignoradas: r.ignoradas.length });
  });
}
