import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gerarImpressaoParamsSchema, gerarImpressaoSchema, PODE_GERENCIAR_CUPONS } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { disposicaoAnexo } from '../../lib/planilha.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { codigosDepoisDe } from './consultas.js';
import { nomeDaEmpresa } from '../company/index.js';
import { buscarCupom } from './cupom.repository.js';
import { folhaDeCuponsPdf } from './impressao.js';

/** POST cupomdesconto/gerarimpressao{x} (spec path verbatim: the coupon's id glued to the word). */
export async function impressaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.post(
    '/cupomdesconto/gerarimpressao:x',
    { schema: { tags: ['cupomdesconto'], summary: 'Folha A4 dos códigos livres do cupom, com QR e código de barras, para recortar', params: gerarImpressaoParamsSchema, body: gerarImpressaoSchema }, config: { permissoes: PODE_GERENCIAR_CUPONS } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = u.empresaId!;
      const { c, codigos, nome } = await transacaoDoUsuario(request, async (tx) => {
        const c = await buscarCupom(tx, u, request.params.x);
        if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
        const codigos = await codigosDepoisDe(tx, empresaId, { cupomId: c.id, situacao: 'LIVRE' }, null, request.body.limite);
        await auditar(tx, request, { acao: 'IMPRIMIR', entidade: 'cupomdesconto', entidadeId: c.id, depois: { codigos: codigos.length } });
        return { c, codigos, nome: await nomeDaEmpresa(tx, empresaId) };
      });
      const pdf = await folhaDeCuponsPdf(c, nome, codigos);
      return reply.header('content-type', 'application/pdf').header('content-disposition', disposicaoAnexo(`cupons-${c.id}.pdf`)).send(pdf);
    },
  );
}
