import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';

import {
  centavosParaReais,
  formatarBRL,
  formatarData,
  paginaParamsSchema,
  PODE_VER_RELATORIOS_CONTAS,
  rankingFiltroSchema,
  rankingImpressaoSchema,
  ROTULOS_CRITERIO_RANKING,
  type LinhaRanking,
  type RankingFiltro,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, empresa, transacao } from '../../db/schema/index.js';
import { relatorioPdf } from '../../lib/pdf.js';
import { pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { documentoVisivel } from '../client/index.js';
import { FUSO } from '../../lib/fuso.js';


/**
 * Customers ranked by what their confirmed sales of the period accrued (cashback or points) or
 * spent. A cancelled sale does not count; a customer with nothing of the criterion is left out.
 * Ties share the position (rank(): 1, 2, 2, 4) and are listed by name.
 */
async function ranking(tx: Executor, empresaId: number, f: RankingFiltro, limite: number, deslocamento: number) {
  const metrica = {
    CASHBACK: sql`sum(${transacao.cashbackCentavos})`,
    PONTOS: sql`sum(${transacao.pontos})`,
    COMPRAS: sql`sum(${transacao.valorCentavos})`,
  }[f.criterio];
  const agregado = tx
      .select({
        clienteId: transacao.clienteId,
        compras: sql<number>`count(*)`.as('compras'),
        valor: sql<number>`sum(${transacao.valorCentavos})`.as('valor'),
        cashback: sql<number>`sum(${transacao.cashbackCentavos})`.as('cashback'),
        pontos: sql<number>`sum(${transacao.pontos})`.as('pontos'),
        posicao: sql<number>`rank() over (order by ${metrica} desc)`.as('posicao'),
      })
      .from(transacao)
      .where(
        and(
          eq(transacao.empresaId, empresaId),
          eq(transacao.status, 'CONFIRMADA'),
          gte(transacao.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`),
          lt(transacao.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`),
          f.filialId ? eq(transacao.filialId, f.filialId) : undefined,
        ),
      )
      .groupBy(transacao.clienteId)
      .having(sql`${metrica} > 0`)
      .as('agregado');
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        posicao: agregado.posicao,
        clienteId: agregado.clienteId,
        nome: cliente.nome,
        documento: cliente.documento,
        compras: agregado.compras,
        valor: agregado.valor,
        cashback: agregado.cashback,
        pontos: agregado.pontos,
      })
      .from(agregado)
      .innerJoin(cliente, eq(cliente.id, agregado.clienteId))
      .orderBy(asc(agregado.posicao), asc(sql`busca_normalizada(${cliente.nome})`), asc(cliente.id))
      .limit(limite)
      .offset(deslocamento),
    tx.select({ n: count() }).from(agregado),
  ]);
  // Sums come back as bigint (a string from node-postgres); Number() reads either.
  const itens: LinhaRanking[] = linhas.map((l) => ({
    posicao: Number(l.posicao),
    clienteId: l.clienteId,
    nome: l.nome,
    documento: l.documento,
    compras: Number(l.compras),
    valorCompras: centavosParaReais(Number(l.valor)),
    cashback: centavosParaReais(Number(l.cashback)),
    pontos: Number(l.pontos),
  }));
  return { itens, total: total?.n ?? 0 };
}

/** Ranking of customers (spec §7 "Accounts": account/ranking/{page}/{size}, account/ranking/impressao). */
export async function rankingRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const config = { permissoes: PODE_VER_RELATORIOS_CONTAS };

  rotas.post('/account/ranking/:page/:size', { schema: { tags, params: paginaParamsSchema, body: rankingFiltroSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const { page, size } = request.params;
    const { itens, total } = await transacaoDoUsuario(request, (tx) => ranking(tx, empresaId, request.body, size, page * size));
    const u = usuarioDe(request);
    return pagina(itens.map((l) => ({ ...l, documento: documentoVisivel(u, l.documento) })), total, page, size);
  });

  rotas.post('/account/ranking/impressao', { schema: { tags, body: rankingImpressaoSchema }, config }, async (request, reply) => {
    const empresaId = empresaDe(request);
    const { limite, ...filtro } = request.body;
    const { itens, filial } = await transacaoDoUsuario(request, async (tx) => {
      const r = await ranking(tx, empresaId, filtro, limite, 0);
      const [e] = filtro.filialId
        ? await tx.select({ nome: empresa.nomeCurto }).from(empresa).where(and(eq(empresa.id, filtro.filialId), eq(empresa.matrizId, empresaId))).limit(1)
        : [];
      return { ...r, filial: e?.nome ?? null };
    });
    const pdf = await relatorioPdf<LinhaRanking>({
      titulo: `Ranking de clientes — ${ROTULOS_CRITERIO_RANKING[filtro.criterio]}`,
      subtitulo: [`Período de ${formatarData(filtro.de)} a ${formatarData(filtro.ate)}`, filial ? `Filial ${filial}` : 'Todas as filiais'].join(' · '),
      linhas: itens,
      colunas: [
        { titulo: 'Posição', valor: (l) => `${l.posicao}º`, largura: 'auto', alinhamento: 'right' },
        { titulo: 'Cliente', valor: (l) => l.nome },
        { titulo: 'Compras', valor: (l) => String(l.compras), largura: 'auto', alinhamento: 'right' },
        { titulo: 'Valor em compras', valor: (l) => formatarBRL(l.valorCompras), largura: 'auto', alinhamento: 'right' },
        { titulo: 'Cashback', valor: (l) => formatarBRL(l.cashback), largura: 'auto', alinhamento: 'right' },
        { titulo: 'Pontos', valor: (l) => l.pontos.toLocaleString('pt-BR'), largura: 'auto', alinhamento: 'right' },
      ],
    });
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="ranking-clientes.pdf"').send(pdf);
  });
}
