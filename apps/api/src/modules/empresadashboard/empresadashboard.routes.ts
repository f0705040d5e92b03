import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agrupamentoDoPeriodo,
  dashboardFiltroSchema,
  periodosPredefinidos,
  PODE_VER_DASHBOARD,
  type DashboardCashback,
  type DashboardCompleto,
  type DashboardCupom,
  type DashboardFiltro,
  type DashboardPontuacao,
  type DashboardPontuacaoUnitaria,
  type DashboardPrepago,
  type FusoHorario,
  zonaIana,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { lista, ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresa } from '../../db/schema/index.js';
import { clientesAtivos, partes, razaoPorDia, vendasPorDia, type Faixa, type Partes } from './consultas.js';
import { faixaDaRequisicao } from './faixa.js';
import { completo, montarPainel, nomesDaRede, reais, type Painel } from './painel.js';
import { responderResultadosPorUsuario } from './resultados-usuario.js';
import { hojeNoFuso } from './resumo.js';
import { vendasComCupom } from './cupons.js';
import { painelPrepago } from './vale-presente.js';

export const MENSAGEM_SEM_CUPONS = 'Nenhuma venda com cupom no período.';

/**
 * The figures every sub-call needs (sales per day and non-sale postings, bucketed), then what a
 * call adds on top, in the same transaction.
 */
async function painelDaRequisicao<T = undefined>(
  request: FastifyRequest,
  f: DashboardFiltro,
  extra?: (tx: Executor, faixa: Faixa, pt: Partes, painel: Painel) => Promise<T>,
): Promise<{ painel: Painel; extra: T | undefined }> {
  return transacaoDoUsuario(request, async (tx) => {
    const faixa = await faixaDaRequisicao(tx, request, f);
    const pt = await partes(tx, faixa);
    const painel = montarPainel(faixa, await vendasPorDia(tx, faixa, pt), await razaoPorDia(tx, faixa));
    return { painel, extra: await extra?.(tx, faixa, pt, painel) };
  });
}

/** Dashboard (segment `empresadashboard`, docs/areas/dashboard.md). Management and report viewers only. */
export async function empresadashboardRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['empresadashboard'];
  const config = { permissoes: PODE_VER_DASHBOARD };
  const schema = { tags, body: dashboardFiltroSchema };

  rotas.post('/empresadashboard/completo', { schema, config }, async (request) => {
    const { painel, extra } = await painelDaRequisicao(request, request.body, async (tx, faixa, pt, p) => ({
      ativos: await clientesAtivos(tx, faixa, pt, p.total.vendas),
      nomes: await nomesDaRede(tx, faixa.empresaId),
    }));
    return ok<DashboardCompleto>(completo(painel, extra!.ativos, extra!.nomes));
  });

  rotas.post('/empresadashboard/vendascashback', { schema, config }, async (request) => {
    const { painel: p } = await painelDaRequisicao(request, request.body);
    return ok<DashboardCashback>({
      periodo: p.periodo,
      totais: { vendas: p.total.vendas, valor: reais(p.total.valor), emitido: reais(p.total.cashbackEmitido), resgatado: reais(p.total.cashbackResgatado), expirado: reais(p.total.cashbackExpirado) },
      serie: p.serie.map((s) => ({ periodo: s.periodo, vendas: s.vendas, valor: reais(s.valor), emitido: reais(s.cashbackEmitido), resgatado: reais(s.cashbackResgatado), expirado: reais(s.cashbackExpirado) })),
    });
  });

  rotas.post('/empresadashboard/vendaspontuacao', { schema, config }, async (request) => {
    const { painel: p } = await painelDaRequisicao(request, request.body);
    return ok<DashboardPontuacao>({
      periodo: p.periodo,
      totais: { vendas: p.total.vendas, emitidos: p.total.pontosEmitidos, resgatados: p.total.pontosResgatados, expirados: p.total.pontosExpirados },
      serie: p.serie.map((s) => ({ periodo: s.periodo, vendas: s.vendas, emitidos: s.pontosEmitidos, resgatados: s.pontosResgatados, expirados: s.pontosExpirados })),
    });
  });

  // "Pontuação unitária": what one sale accrues on average, in points (two decimals).
  rotas.post('/empresadashboard/vendaspontuacaounitaria', { schema, config }, async (request) => {
    const { painel: p } = await painelDaRequisicao(request, request.body);
    const media = (pontos: number, vendas: number) => (vendas > 0 ? Math.round((pontos / vendas) * 100) / 100 : 0);
    return ok<DashboardPontuacaoUnitaria>({
      periodo: p.periodo,
      totais: { vendas: p.total.vendas, pontos: p.total.pontosEmitidos, mediaPorVenda: media(p.total.pontosEmitidos, p.total.vendas) },
      serie: p.serie.map((s) => ({ periodo: s.periodo, vendas: s.vendas, pontos: s.pontosEmitidos, mediaPorVenda: media(s.pontosEmitidos, s.vendas) })),
    });
  });

  rotas.post('/empresadashboard/vendasprepago', { schema, config }, async (request) => {
    const { extra } = await painelDaRequisicao(request, request.body, (tx, faixa, _pt, p) => painelPrepago(tx, faixa, p));
    return ok<DashboardPrepago>(extra!);
  });

  // Sales with a coupon (docs/areas/cupons.md): counted from the coupon uses in force.
  rotas.post('/empresadashboard/vendascupom', { schema, config }, async (request) => {
    const r = await transacaoDoUsuario(request, async (tx) => {
      const faixa = await faixaDaRequisicao(tx, request, request.body);
      return { faixa, cupons: await vendasComCupom(tx, faixa) };
    });
    const { faixa } = r;
    return ok<DashboardCupom>({
      periodo: { de: faixa.de, ate: faixa.ate, filialId: faixa.filialId, agrupamento: agrupamentoDoPeriodo(faixa.de, faixa.ate) },
      disponivel: true,
      mensagem: r.cupons.totais.vendas ? '' : MENSAGEM_SEM_CUPONS,
      ...r.cupons,
    });
  });

  rotas.post('/empresadashboard/imprimir/resultados/usuario', { schema, config }, (request, reply) => responderResultadosPorUsuario(request, reply, request.body));

  // "Today" is the calendar day of the caller's company (the branch they work at, else the matriz), in its zone.
  rotas.get('/empresadashboard/filtroperiodo', { schema: { tags }, config }, async (request) => {
    const u = usuarioDe(request);
    const fuso = await transacaoDoUsuario(request, async (tx) => {
      const [e] = await tx.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, u.empresaAtualId ?? u.empresaId ?? 0)).limit(1);
      return e?.fuso ?? null;
    });
    return lista(periodosPredefinidos(hojeNoFuso(new Date(), zonaIana(fuso as FusoHorario | null))));
  });
}
