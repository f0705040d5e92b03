import { sql } from 'drizzle-orm';
import { agrupamentoDoPeriodo, centavosParaReais, type DashboardCupom } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import type { Faixa } from './consultas.js';
import { diaLocal, nosDias } from './fusos.js';
import { linhas } from './resumo.js';
import { baldes } from './painel.js';

/**
 * POST empresadashboard/vendascupom (docs/areas/cupons.md): the sales with a coupon in force (not
 * cancelled), their gross value and the discount given, per day (or month) of each branch's zone.
 * Read from the coupon uses, a small table next to the sales; the bonus given is in `bonus`.
 */
export async function vendasComCupom(tx: Executor, f: Faixa): Promise<Omit<DashboardCupom, 'periodo' | 'disponivel' | 'mensagem'>> {
  const dia = diaLocal(f.fusos, sql.raw('u.criado_em'), sql.raw('coalesce(u.filial_id, u.empresa_id)'));
  const r = await linhas<{ dia: string; vendas: number; valor: string; desconto: string }>(
    tx,
    sql`select to_char(${dia}, 'YYYY-MM-DD') as dia, count(*)::int as vendas, sum(u.valor_bruto_centavos)::bigint as valor, sum(u.desconto_centavos)::bigint as desconto
        from cupom_desconto_uso u
        where u.empresa_id = ${f.empresaId} and u.status = 'USADO'
          and ${nosDias(f.fusos, f.de, f.ate, 'u.criado_em', 'coalesce(u.filial_id, u.empresa_id)')}
          ${f.filialId ? sql`and u.filial_id = ${f.filialId}` : sql``}
        group by 1`,
  );
  const agrupamento = agrupamentoDoPeriodo(f.de, f.ate);
  const serie = new Map(baldes(f.de, f.ate, agrupamento).map((b) => [b, { vendas: 0, valor: 0, desconto: 0 }]));
  for (const l of r) {
    const b = serie.get(agrupamento === 'MES' ? l.dia.slice(0, 7) : l.dia);
    if (!b) continue;
    b.vendas += l.vendas;
    b.valor += Number(l.valor);
    b.desconto += Number(l.desconto);
  }
  const totais = { vendas: 0, valor: 0, desconto: 0 };
  const pontos = [...serie].map(([periodo, b]) => {
    totais.vendas += b.vendas;
    totais.valor += b.valor;
    totais.desconto += b.desconto;
    return { periodo, vendas: b.vendas, valor: centavosParaReais(b.valor), desconto: centavosParaReais(b.desconto) };
  });
  return { totais: { vendas: totais.vendas, valor: centavosParaReais(totais.valor), desconto: centavosParaReais(totais.desconto) }, serie: pontos };
}
