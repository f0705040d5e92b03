import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  corrigirDuplicadasSchema,
  duplicadaFiltroSchema,
  idParamSchema,
  PODE_CANCELAR_VENDAS,
  PODE_VENDER,
  PODE_VER_VENDAS,
  totalizadorFiltroSchema,
  centavosParaReais,
  type ComprovanteVenda,
  type TotalizadorFiltro,
  type ResultadoCorrecaoDuplicadas,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { filialVisivel, type UsuarioContexto } from '../../lib/contexto.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { lista, ok } from '../../lib/resposta.js';
import { transacao } from '../../db/schema/index.js';
import { empresaDe, sqlFiliaisVisiveis, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { comprovanteDaVenda } from './comprovante.js';
import { corrigirDuplicadas, buscarDuplicadas, MOTIVO_DUPLICADA } from './duplicada.js';
import { totalizadorPdf, totalizar } from './totalizador.js';

/** A branch's counter reprints that branch's receipts; the management reprints any (docs/areas/vendas.md). */
const IMPRIMIR = [...new Set([...PODE_VENDER, ...PODE_VER_VENDAS])];

/**
 * A user confined to a branch totals that branch: the filter names it when none is asked (so the
 * PDF's subtitle says which), and `sqlFiliaisVisiveis` holds if another one is.
 */
function filtroTotalizador(u: UsuarioContexto, f: TotalizadorFiltro): TotalizadorFiltro {
  const filialId = filialVisivel(u);
  return filialId === null || f.filialId ? f : { ...f, filialId };
}

/** Receipts, the totals report and duplicate sales (spec §7 "Transactions"; docs/areas/vendas.md). */
export async function relatorioVendaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transacao'];

  rotas.get('/transacao/impressao/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: IMPRIMIR } }, async (request) => {
    const empresaId = empresaDe(request);
    const filiais = sqlFiliaisVisiveis(usuarioDe(request), transacao.filialId);
    return ok<ComprovanteVenda>(await transacaoDoUsuario(request, (tx) => comprovanteDaVenda(tx, empresaId, request.params.id, filiais)));
  });

  rotas.post(
    '/transacao/relatorio/totalizador/',
    { schema: { tags, body: totalizadorFiltroSchema }, config: { permissoes: PODE_VER_VENDAS } },
    async (request) => {
      const empresaId = empresaDe(request);
      const u = usuarioDe(request);
      const filiais = sqlFiliaisVisiveis(u, transacao.filialId);
      return ok(await transacaoDoUsuario(request, (tx) => totalizar(tx, empresaId, filtroTotalizador(u, request.body), filiais)));
    },
  );

  rotas.post(
    '/transacao/impressao/totalizador',
    { schema: { tags, body: totalizadorFiltroSchema }, config: { permissoes: PODE_VER_VENDAS } },
    async (request, reply) => {
      const empresaId = empresaDe(request);
      const u = usuarioDe(request);
      const filiais = sqlFiliaisVisiveis(u, transacao.filialId);
      const pdf = await transacaoDoUsuario(request, (tx) => totalizadorPdf(tx, empresaId, filtroTotalizador(u, request.body), filiais));
      const nome = `totalizador-vendas-${request.body.de}-a-${request.body.ate}.pdf`;
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nome}"`).header('cache-control', 'no-store').send(pdf);
    },
  );

  rotas.post(
    '/transacao/duplicada/relatorio',
    { schema: { tags, body: duplicadaFiltroSchema }, config: { permissoes: PODE_CANCELAR_VENDAS } },
    async (request) => {
      const empresaId = empresaDe(request);
      return lista(await transacaoDoUsuario(request, (tx) => buscarDuplicadas(tx, empresaId, request.body)));
    },
  );

  rotas.post(
    '/transacao/duplicada/corrigir',
    { schema: { tags, body: corrigirDuplicadasSchema }, config: { permissoes: PODE_CANCELAR_VENDAS } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const { ids, minutos } = request.body;
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ResultadoCorrecaoDuplicadas>(tx, request, empresaId, async () => {
          const canceladas = await corrigirDuplicadas(tx, { empresaId, ids, minutos, usuarioId: u.id, filialId: u.empresaAtualId });
          for (const c of canceladas) {
            await auditar(tx, request, {
              acao: 'CANCELAR',
              entidade: 'transacao',
              entidadeId: c.transacaoId,
              antes: { status: 'CONFIRMADA' },
              depois: { status: 'CANCELADA', estornoLancamentoId: c.estornoLancamentoId, motivo: MOTIVO_DUPLICADA },
            });
          }
          return {
            canceladas: canceladas.map((c) => ({
              transacaoId: c.transacaoId,
              estornoLancamentoId: c.estornoLancamentoId,
              saldos: { CASHBACK: centavosParaReais(c.saldos.CASHBACK), PONTOS: c.saldos.PONTOS },
            })),
          };
        }),
      );
      return ok(r);
    },
  );
}
