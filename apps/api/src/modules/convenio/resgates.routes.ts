import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  estornoResgateParceiroSchema,
  filtroResgatesParceiroSchema,
  idParamSchema,
  paginaParamsSchema,
  PERMISSOES,
  periodoResgatesParceiroSchema,
  resgateParceiroSchema,
  type ResultadoResgateParceiro,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { estornarResgate, lancarResgate, type AutorResgate } from './resgate-parceiro.js';
import { listarResgates, totalizar } from './resgates.consulta.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

const parceiroEResgateSchema = z.object({
  id: idParamSchema.shape.id,
  resgateId: idParamSchema.shape.id,
});

/**
 * Redemptions at a partner typed in by the back office (the spec's `convenio/conta/*`;
 * docs/areas/rede-credenciada.md): post, list, totals and reversal. Posting calls take an
 * Idempotency-Key, so a double click posts once.
 */
export async function resgatesRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['convenio'];
  const autor = (request: Parameters<typeof usuarioDe>[0]): AutorResgate => {
    const u = usuarioDe(request);
    // Management may unblock accounts: the blocked-account message tells it where.
    return { empresaId: empresaDe(request), usuarioId: u.id, tokenApiId: null, filialId: u.empresaAtualId, desbloqueia: true };
  };

  rotas.post(
    '/convenio/conta',
    { schema: { tags, summary: 'Lança um resgate do saldo do cliente num parceiro da rede credenciada', body: resgateParceiroSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const a = autor(request);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ResultadoResgateParceiro>(tx, request, a.empresaId, async () => {
          const feito = await lancarResgate(tx, a, request.body);
          await auditar(tx, request, { acao: 'CRIAR', entidade: 'resgate_parceiro', entidadeId: feito.resgate.id, depois: feito.resgate });
          return feito;
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    '/convenio/conta/filtrar/:id/:page/:size',
    { schema: { tags, summary: 'Resgates de um parceiro (período, situação)', params: idParamSchema.extend(paginaParamsSchema.shape), body: filtroResgatesParceiroSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = empresaDe(request);
      const { id, page, size } = request.params;
      const r = await transacaoDoUsuario(request, (tx) => listarResgates(tx, empresaId, id, request.body, page, size));
      return pagina(r.itens, r.total, page, size);
    },
  );

  rotas.get(
    '/convenio/conta/:id/totalizador',
    { schema: { tags, summary: 'Totais de resgates de um parceiro no período (a acertar com ele)', params: idParamSchema, querystring: periodoResgatesParceiroSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = empresaDe(request);
      const q = request.query;
      return ok(await transacaoDoUsuario(request, (tx) => totalizar(tx, empresaId, request.params.id, q.de, q.ate)));
    },
  );

  rotas.delete(
    '/convenio/conta/:id/excluir/:resgateId',
    { schema: { tags, summary: 'Estorna um resgate no parceiro: o saldo volta ao cliente uma única vez', params: parceiroEResgateSchema, body: estornoResgateParceiroSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const a = autor(request);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia(tx, request, a.empresaId, async () => {
          const e = await estornarResgate(tx, a, request.params.id, request.params.resgateId, request.body.motivo);
          await auditar(tx, request, { acao: 'ESTORNO', entidade: 'resgate_parceiro', entidadeId: e.depois.id, antes: e.antes, depois: e.depois });
          return { resgate: e.depois, saldoDisponivel: e.saldoDisponivel };
        }),
      );
      return ok(r);
    },
  );
}
