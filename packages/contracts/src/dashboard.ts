import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { dataFiltro } from './transacao.js';

// Calendar arithmetic in UTC: a host zone with daylight saving must not move a date by a day.
dayjs.extend(utc);

/**
 * Dashboard (spec §7 "Dashboard", docs/areas/dashboard.md). Every call takes a period of calendar
 * days in the company's zone, inclusive, and an optional branch. Amounts in reais on the wire.
 */

/** Longest period a dashboard call accepts (two years, a leap day included). */
export const DIAS_MAXIMOS_DASHBOARD = 731;
/** Above this many days the series is per month instead of per day. */
export const DIAS_SERIE_DIARIA = 92;

const diasEntre = (de: string, ate: string) => dayjs.utc(ate).diff(dayjs.utc(de), 'day') + 1;

/** POST empresadashboard/completo, vendascashback, vendaspontuacao, …: the period and the branch. */
export const dashboardFiltroSchema = z
  .object({
    de: dataFiltro('inicial'),
    ate: dataFiltro('final'),
    filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.ate < v.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
    else if (diasEntre(v.de, v.ate) > DIAS_MAXIMOS_DASHBOARD) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'O período pode ter no máximo 2 anos.' });
  });
export type DashboardFiltro = z.infer<typeof dashboardFiltroSchema>;

export type Agrupamento = 'DIA' | 'MES';

export function agrupamentoDoPeriodo(de: string, ate: string): Agrupamento {
  return diasEntre(de, ate) > DIAS_SERIE_DIARIA ? 'MES' : 'DIA';
}

/** One point of a series: `periodo` is YYYY-MM-DD (per day) or YYYY-MM (per month). */
export type PontoDashboard = {
  periodo: string;
  vendas: number;
  valor: number;
  cashbackEmitido: number;
  cashbackResgatado: number;
  cashbackExpirado: number;
  pontosEmitidos: number;
  pontosResgatados: number;
  pontosExpirados: number;
  prepagoCreditado: number;
  prepagoUtilizado: number;
  novosClientes: number;
};

export type FilialDashboard = { filialId: number | null; nome: string; vendas: number; valor: number };

export type PeriodoDashboard = { de: string; ate: string; filialId: number | null; agrupamento: Agrupamento };

/** POST empresadashboard/completo: every card of the page in one call. */
export type DashboardCompleto = {
  periodo: PeriodoDashboard;
  vendas: { quantidade: number; valor: number; ticketMedio: number; canceladas: number };
  cashback: { emitido: number; resgatado: number; expirado: number };
  pontos: { emitidos: number; resgatados: number; expirados: number };
  prepago: { creditado: number; utilizado: number };
  clientes: {
    novos: number;
    /** Customers with at least one confirmed sale in the period. */
    ativos: number;
    /** True when `ativos` is an estimate (HyperLogLog, ±3 %): periods with more than 50.000 sales. */
    ativosAproximado: boolean;
  };
  topFiliais: FilialDashboard[];
  serie: PontoDashboard[];
};

/** POST empresadashboard/vendascashback. */
export type DashboardCashback = {
  periodo: PeriodoDashboard;
  totais: { vendas: number; valor: number; emitido: number; resgatado: number; expirado: number };
  serie: { periodo: string; vendas: number; valor: number; emitido: number; resgatado: number; expirado: number }[];
};

/** POST empresadashboard/vendaspontuacao. */
export type DashboardPontuacao = {
  periodo: PeriodoDashboard;
  totais: { vendas: number; emitidos: number; resgatados: number; expirados: number };
  serie: { periodo: string; vendas: number; emitidos: number; resgatados: number; expirados: number }[];
};

/** POST empresadashboard/vendaspontuacaounitaria: points per sale (average accrual of one sale). */
export type DashboardPontuacaoUnitaria = {
  periodo: PeriodoDashboard;
  totais: { vendas: number; pontos: number; mediaPorVenda: number };
  serie: { periodo: string; vendas: number; pontos: number; mediaPorVenda: number }[];
};

/** POST empresadashboard/vendasprepago: prepaid credit loaded and spent. */
/**
 * POST empresadashboard/vendasprepago: the customers' prepaid accounts (creditado, utilizado) and the
 * gift cards (docs/areas/vale-presente.md): cards sold, amount loaded, used in sales, refunded on
 * cancellation, lapsed (balance of cards whose validity ended) and outstanding at the end of each
 * period (what the company owes the bearers). Reais.
 */
export type NumerosPrepago = {
  creditado: number;
  utilizado: number;
  valesVendidos: number;
  carregado: number;
  usado: number;
  devolvido: number;
  vencido: number;
  emAberto: number;
};
export type DashboardPrepago = {
  periodo: PeriodoDashboard;
  totais: NumerosPrepago;
  serie: ({ periodo: string } & NumerosPrepago)[];
};

/**
 * POST empresadashboard/vendascupom: sales with a coupon in force, their gross value and the discount
 * given (docs/areas/cupons.md). `mensagem` says when the period has none.
 */
export type DashboardCupom = {
  periodo: PeriodoDashboard;
  disponivel: boolean;
  mensagem: string;
  totais: { vendas: number; valor: number; desconto: number };
  serie: { periodo: string; vendas: number; valor: number; desconto: number }[];
};

export const CODIGOS_PERIODO = ['HOJE', 'ULTIMOS_7_DIAS', 'ULTIMOS_30_DIAS', 'ESTE_MES', 'MES_PASSADO', 'ESTE_ANO', 'ULTIMOS_12_MESES'] as const;
export type CodigoPeriodo = (typeof CODIGOS_PERIODO)[number];

/** GET empresadashboard/filtroperiodo: one preset of the period filter. */
export type PeriodoPredefinido = { codigo: CodigoPeriodo; rotulo: string; de: string; ate: string };

/**
 * The presets for `hoje` (YYYY-MM-DD, the company's calendar day). Pure so that the web and the
 * server agree and a test can pin the day.
 */
export function periodosPredefinidos(hoje: string): PeriodoPredefinido[] {
  const d = dayjs.utc(hoje);
  const f = (x: dayjs.Dayjs) => x.format('YYYY-MM-DD');
  const mesPassado = d.subtract(1, 'month');
  return [
    { codigo: 'HOJE', rotulo: 'Hoje', de: hoje, ate: hoje },
    { codigo: 'ULTIMOS_7_DIAS', rotulo: 'Últimos 7 dias', de: f(d.subtract(6, 'day')), ate: hoje },
    { codigo: 'ULTIMOS_30_DIAS', rotulo: 'Últimos 30 dias', de: f(d.subtract(29, 'day')), ate: hoje },
    { codigo: 'ESTE_MES', rotulo: 'Este mês', de: f(d.startOf('month')), ate: hoje },
    { codigo: 'MES_PASSADO', rotulo: 'Mês passado', de: f(mesPassado.startOf('month')), ate: f(mesPassado.endOf('month')) },
    { codigo: 'ESTE_ANO', rotulo: 'Este ano', de: f(d.startOf('year')), ate: hoje },
    { codigo: 'ULTIMOS_12_MESES', rotulo: 'Últimos 12 meses', de: f(d.subtract(12, 'month').add(1, 'day')), ate: hoje },
  ];
}
