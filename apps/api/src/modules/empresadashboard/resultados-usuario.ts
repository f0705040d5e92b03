import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { centavosParaReais, formatarBRL, formatarData, type DashboardFiltro } from '@bonifica/contracts';
import { relatorioPdf } from '../../lib/pdf.js';
import { transacaoDoUsuario } from '../../lib/tenant.js';
import { faixaDaRequisicao } from './faixa.js';
import { nomesDaRede } from './painel.js';
import { nosDias } from './fusos.js';
import { linhas } from './resumo.js';

type ResultadoUsuario = {
  usuario: string;
  vendas: number;
  valor: number;
  resgate: number;
  cashback: number;
  pontos: number;
  canceladas: number;
};

const inteiro = new Intl.NumberFormat('pt-BR');

/**
 * POST empresadashboard/imprimir/resultados/usuario: sales per attendant in the period, as a PDF.
 * A printed report, read live from the sales (not from the daily summary, which has no user).
 */
export async function responderResultadosPorUsuario(request: FastifyRequest, reply: FastifyReply, f: DashboardFiltro) {
  const { faixa, resultados, nomes } = await transacaoDoUsuario(request, async (tx) => {
    const faixa = await faixaDaRequisicao(tx, request, f);
    const brutas = await linhas<Record<string, unknown>>(
      tx,
      sql`select coalesce(u.nome, 'Sem usuário') as usuario,
                 count(*) filter (where t.status = 'CONFIRMADA') as vendas,
                 coalesce(sum(t.valor_centavos) filter (where t.status = 'CONFIRMADA'), 0) as valor,
                 coalesce(sum(t.resgate_centavos) filter (where t.status = 'CONFIRMADA'), 0) as resgate,
                 coalesce(sum(t.cashback_centavos) filter (where t.status = 'CONFIRMADA'), 0) as cashback,
                 coalesce(sum(t.pontos) filter (where t.status = 'CONFIRMADA'), 0) as pontos,
                 count(*) filter (where t.status = 'CANCELADA') as canceladas
          from transacao t left join usuario u on u.id = t.usuario_id
          where t.empresa_id = ${faixa.empresaId} and ${nosDias(faixa.fusos, faixa.de, faixa.ate, 't.criado_em', 't.filial_id')}
            ${faixa.filialId === null ? sql`` : sql`and t.filial_id = ${faixa.filialId}`}
          group by u.id, u.nome
          order by 3 desc, 1`,
    );
    const resultados: ResultadoUsuario[] = brutas.map((l) => ({
      usuario: String(l.usuario),
      vendas: Number(l.vendas),
      valor: Number(l.valor),
      resgate: Number(l.resgate),
      cashback: Number(l.cashback),
      pontos: Number(l.pontos),
      canceladas: Number(l.canceladas),
    }));
    return { faixa, resultados, nomes: await nomesDaRede(tx, faixa.empresaId) };
  });
  const brl = (centavos: number) => formatarBRL(centavosParaReais(centavos));
  const total = resultados.reduce((s, r) => ({ vendas: s.vendas + r.vendas, valor: s.valor + r.valor }), { vendas: 0, valor: 0 });
  const pdf = await relatorioPdf<ResultadoUsuario>({
    titulo: 'Resultados por usuário',
    empresa: nomes.get(faixa.empresaId),
    subtitulo: [`Período ${formatarData(faixa.de)} a ${formatarData(faixa.ate)}`, faixa.filialId ? `Filial ${nomes.get(faixa.filialId) ?? faixa.filialId}` : 'Todas as filiais'].join(' · '),
    paisagem: true,
    resumo: [
      ['Usuários', inteiro.format(resultados.length)],
      ['Vendas', inteiro.format(total.vendas)],
      ['Valor vendido', brl(total.valor)],
      ['Ticket médio', brl(total.vendas ? Math.round(total.valor / total.vendas) : 0)],
    ],
    colunas: [
      { titulo: 'Usuário', valor: (r) => r.usuario, largura: '*' },
      { titulo: 'Vendas', valor: (r) => inteiro.format(r.vendas), largura: 50, alinhamento: 'right' },
      { titulo: 'Valor', valor: (r) => brl(r.valor), largura: 80, alinhamento: 'right' },
      { titulo: 'Ticket médio', valor: (r) => brl(r.vendas ? Math.round(r.valor / r.vendas) : 0), largura: 70, alinhamento: 'right' },
      { titulo: 'Cashback emitido', valor: (r) => brl(r.cashback), largura: 80, alinhamento: 'right' },
      { titulo: 'Cashback resgatado', valor: (r) => brl(r.resgate), largura: 80, alinhamento: 'right' },
      { titulo: 'Pontos', valor: (r) => inteiro.format(r.pontos), largura: 60, alinhamento: 'right' },
      { titulo: 'Canceladas', valor: (r) => inteiro.format(r.canceladas), largura: 60, alinhamento: 'right' },
    ],
    linhas: resultados,
  });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="resultados-por-usuario-${faixa.de}-a-${faixa.ate}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
