import { eq } from 'drizzle-orm';
import {
  agrupamentoDoPeriodo,
  centavosParaReais,
  type Agrupamento,
  type DashboardCompleto,
  type FilialDashboard,
  type PeriodoDashboard,
  type PontoDashboard,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import type { Faixa, LinhaRazao, LinhaVendas } from './consultas.js';

/** Integer figures of one bucket: the wire point's fields in centavos and points (reais only at the edge). */
type Acumulado = Omit<PontoDashboard, 'periodo'> & { canceladas: number };

const vazio = (): Acumulado => ({
  vendas: 0,
  valor: 0,
  canceladas: 0,
  cashbackEmitido: 0,
  cashbackResgatado: 0,
  cashbackExpirado: 0,
  pontosEmitidos: 0,
  pontosResgatados: 0,
  pontosExpirados: 0,
  prepagoCreditado: 0,
  prepagoUtilizado: 0,
  novosClientes: 0,
});

function somarVendas(a: Acumulado, l: LinhaVendas): void {
  a.vendas += l.vendas;
  a.valor += l.valor;
  a.canceladas += l.canceladas;
  a.cashbackEmitido += l.cashback;
  a.cashbackResgatado += l.resgate;
  a.pontosEmitidos += l.pontos;
  a.novosClientes += l.novosClientes;
}

/**
 * Non-sale postings on the cards (docs/areas/dashboard.md): an expiry's debits are what expired;
 * a RESGATE's debits were redeemed outside a sale; prepaid counts every load and every use except
 * transfers between customers (UNIFICACAO) and expiries.
 */
function somarRazao(a: Acumulado, l: LinhaRazao): void {
  const debitado = -l.debitos;
  if (l.tipo === 'EXPIRACAO') {
    if (l.unidade === 'CASHBACK') a.cashbackExpirado += debitado;
    if (l.unidade === 'PONTOS') a.pontosExpirados += debitado;
  } else if (l.tipo === 'RESGATE') {
    if (l.unidade === 'CASHBACK') a.cashbackResgatado += debitado;
    if (l.unidade === 'PONTOS') a.pontosResgatados += debitado;
  }
  if (l.unidade === 'PREPAGO' && l.tipo !== 'UNIFICACAO') {
    a.prepagoCreditado += l.creditos;
    if (l.tipo !== 'EXPIRACAO') a.prepagoUtilizado += debitado;
  }
}

const somarTudo = (de: Acumulado, em: Acumulado) => {
  for (const k of Object.keys(em) as (keyof Acumulado)[]) em[k] += de[k];
};

/** Every bucket of the range, in order, so a chart shows the empty days too. */
export function baldes(de: string, ate: string, agrupamento: Agrupamento): string[] {
  const r: string[] = [];
  if (agrupamento === 'MES') {
    let [a, m] = de.slice(0, 7).split('-').map(Number) as [number, number];
    const fim = ate.slice(0, 7);
    for (;;) {
      const chave = `${a}-${String(m).padStart(2, '0')}`;
      r.push(chave);
      if (chave >= fim) return r;
      m = m === 12 ? 1 : m + 1;
      if (m === 1) a++;
    }
  }
  for (let t = Date.parse(`${de}T00:00:00Z`); ; t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    r.push(d);
    if (d >= ate) return r;
  }
}

export type Painel = {
  periodo: PeriodoDashboard;
  total: Acumulado;
  serie: (Acumulado & { periodo: string })[];
  porFilial: Map<number, { vendas: number; valor: number }>;
};

export function montarPainel(f: Faixa, vendas: LinhaVendas[], razao: LinhaRazao[]): Painel {
  const agrupamento = agrupamentoDoPeriodo(f.de, f.ate);
  const chave = (dia: string) => (agrupamento === 'MES' ? dia.slice(0, 7) : dia);
  const porBalde = new Map(baldes(f.de, f.ate, agrupamento).map((b) => [b, vazio()]));
  const porFilial = new Map<number, { vendas: number; valor: number }>();
  for (const l of vendas) {
    const b = porBalde.get(chave(l.dia));
    if (b) somarVendas(b, l);
    if (l.vendas !== 0 || l.valor !== 0) {
      const pf = porFilial.get(l.filialId) ?? { vendas: 0, valor: 0 };
      pf.vendas += l.vendas;
      pf.valor += l.valor;
      porFilial.set(l.filialId, pf);
    }
  }
  for (const l of razao) {
    const b = porBalde.get(chave(l.dia));
    if (b) somarRazao(b, l);
  }
  const total = vazio();
  for (const b of porBalde.values()) somarTudo(b, total);
  return {
    periodo: { de: f.de, ate: f.ate, filialId: f.filialId, agrupamento },
    total,
    serie: [...porBalde].map(([periodo, a]) => ({ periodo, ...a })),
    porFilial,
  };
}

export const reais = centavosParaReais;
const ticket = (valor: number, vendas: number) => (vendas > 0 ? Math.round(valor / vendas) : 0);

export function pontoWire(a: Acumulado & { periodo: string }): PontoDashboard {
  return {
    periodo: a.periodo,
    vendas: a.vendas,
    valor: reais(a.valor),
    cashbackEmitido: reais(a.cashbackEmitido),
    cashbackResgatado: reais(a.cashbackResgatado),
    cashbackExpirado: reais(a.cashbackExpirado),
    pontosEmitidos: a.pontosEmitidos,
    pontosResgatados: a.pontosResgatados,
    pontosExpirados: a.pontosExpirados,
    prepagoCreditado: reais(a.prepagoCreditado),
    prepagoUtilizado: reais(a.prepagoUtilizado),
    novosClientes: a.novosClientes,
  };
}

/** Names of the network's companies (matriz and branches), for the ranking of branches. */
export async function nomesDaRede(tx: Executor, empresaId: number): Promise<Map<number, string>> {
  const rede = await tx
    .select({ id: empresa.id, nome: empresa.nomeCurto })
    .from(empresa)
    .where(eq(empresa.matrizId, empresaId));
  return new Map(rede.map((e) => [e.id, e.nome]));
}

const TOP_FILIAIS = 5;

export function topFiliais(p: Painel, nomes: Map<number, string>): FilialDashboard[] {
  return [...p.porFilial]
    .filter(([, v]) => v.vendas > 0)
    .sort((a, b) => b[1].valor - a[1].valor || b[1].vendas - a[1].vendas)
    .slice(0, TOP_FILIAIS)
    .map(([id, v]) => ({ filialId: id === 0 ? null : id, nome: id === 0 ? 'Sem filial' : (nomes.get(id) ?? `Filial ${id}`), vendas: v.vendas, valor: reais(v.valor) }));
}

export function completo(p: Painel, ativos: { ativos: number; aproximado: boolean }, nomes: Map<number, string>): DashboardCompleto {
  const t = p.total;
  return {
    periodo: p.periodo,
    vendas: { quantidade: t.vendas, valor: reais(t.valor), ticketMedio: reais(ticket(t.valor, t.vendas)), canceladas: t.canceladas },
    cashback: { emitido: reais(t.cashbackEmitido), resgatado: reais(t.cashbackResgatado), expirado: reais(t.cashbackExpirado) },
    pontos: { emitidos: t.pontosEmitidos, resgatados: t.pontosResgatados, expirados: t.pontosExpirados },
    prepago: { creditado: reais(t.prepagoCreditado), utilizado: reais(t.prepagoUtilizado) },
    clientes: { novos: t.novosClientes, ativos: ativos.ativos, ativosAproximado: ativos.aproximado },
    topFiliais: topFiliais(p, nomes),
    serie: p.serie.map(pontoWire),
  };
}
