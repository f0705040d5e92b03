import { z } from 'zod';
import { dataFiltro } from './transacao.js';
import { percentualCashback, reais } from './valores.js';

/**
 * Contracted plans (clube de assinatura, spec §2 "contracted plans", issue 3 §5). Field model and
 * rules: docs/areas/planos.md. Money travels in reais, percentages as 5.5 = 5,50%; both are kept
 * as integers (centavos, basis points) in the database.
 */

export const PERIODICIDADES = ['MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Periodicidade = (typeof PERIODICIDADES)[number];

export const ROTULOS_PERIODICIDADE: Record<Periodicidade, string> = {
  MENSAL: 'Mensal',
  TRIMESTRAL: 'Trimestral',
  SEMESTRAL: 'Semestral',
  ANUAL: 'Anual',
};

/** Months in one period: a contract's end and each renewal move by this much. */
export const MESES_DA_PERIODICIDADE: Record<Periodicidade, number> = { MENSAL: 1, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

export const PRECO_PLANO_MAXIMO = 100_000;

/**
 * Calendar arithmetic of contracts on bare dates ('YYYY-MM-DD'), never instants: a contract covers
 * whole days in the company's calendar, whatever the server's zone.
 */

function partesData(iso: string): [number, number, number] {
  const [a, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [a, m, d];
}

function isoData(data: Date): string {
  return data.toISOString().slice(0, 10);
}

export function somarDias(dataIso: string, dias: number): string {
  const [a, m, d] = partesData(dataIso);
  return isoData(new Date(Date.UTC(a, m - 1, d + dias)));
}

/** Adds months keeping the day, or the month's last day when it has fewer (31/01 + 1 mês = 28/02). */
export function somarMeses(dataIso: string, meses: number): string {
  const [a, m, d] = partesData(dataIso);
  const ultimoDia = new Date(Date.UTC(a, m - 1 + meses + 1, 0)).getUTCDate();
  return isoData(new Date(Date.UTC(a, m - 1 + meses, Math.min(d, ultimoDia))));
}

/** Last day covered by a contract starting on `inicio`: one period later, minus a day (01/03 mensal → 31/03). */
export function fimDoPeriodo(inicio: string, periodicidade: Periodicidade): string {
  return somarDias(somarMeses(inicio, MESES_DA_PERIODICIDADE[periodicidade]), -1);
}

const vazioComoNulo = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const idPositivo = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);

/** POST config/salvarconfiguracaoplano — a plan of the catalogue; `id` present: change it. */
export const planoSaveSchema = z
  .object({
    id: idPositivo('Plano inválido.').optional(),
    nome: z.string({ message: 'Informe o nome do plano.' }).trim().min(2, 'Informe o nome do plano (ao menos 2 letras).').max(80, 'O nome do plano pode ter até 80 caracteres.'),
    descricao: z
      .preprocess(vazioComoNulo, z.string().trim().max(500, 'A descrição pode ter até 500 caracteres.').nullable().optional())
      .transform((v) => v ?? null),
    preco: reais('o preço')
      .refine((v) => v >= 0, 'O preço não pode ser negativo.')
      .refine((v) => v <= PRECO_PLANO_MAXIMO, 'O preço não pode passar de R$ 100.000,00.'),
    periodicidade: z.enum(PERIODICIDADES, { message: 'Periodicidade inválida: use MENSAL, TRIMESTRAL, SEMESTRAL ou ANUAL.' }),
    /** Replaces the programme's percentage while the plan is active; null: the programme's applies. */
    cashbackPercentual: percentualCashback('Percentual de cashback inválido.')
      .nullable()
      .default(null),
    /** Replaces the programme's points per real while the plan is active; null: the programme's applies. */
    pontosPorReal: z
      .number({ message: 'Pontos por real inválidos.' })
      .int('Pontos por real devem ser um número inteiro.')
      .min(0, 'Pontos por real devem ficar entre 0 e 1000.')
      .max(1000, 'Pontos por real devem ficar entre 0 e 1000.')
      .nullable()
      .default(null),
    ativo: z.boolean({ message: 'Informe se o plano está ativo.' }).default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.cashbackPercentual === null && v.pontosPorReal === null) {
      ctx.addIssue({ code: 'custom', path: ['cashbackPercentual'], message: 'Informe ao menos um benefício: percentual de cashback ou pontos por real.' });
    }
  });
export type PlanoSave = z.input<typeof planoSaveSchema>;

export type Plano = {
  id: number;
  nome: string;
  descricao: string | null;
  /** Reais per period. */
  preco: number;
  periodicidade: Periodicidade;
  cashbackPercentual: number | null;
  pontosPorReal: number | null;
  ativo: boolean;
  /** Contracts in status ATIVO (vigentes or vencidos awaiting renewal). */
  contratosAtivos: number;
  criadoEm: string;
  atualizadoEm: string;
};

export const STATUS_CLIENTE_PLANO = ['ATIVO', 'CANCELADO'] as const;
export type StatusClientePlano = (typeof STATUS_CLIENTE_PLANO)[number];

/**
 * What the user sees: ATIVO splits by the calendar — FUTURO (starts later), VIGENTE (covers today,
 * its benefit applies), VENCIDO (ended, awaiting renewal: no benefit).
 */
export const SITUACOES_CLIENTE_PLANO = ['FUTURO', 'VIGENTE', 'VENCIDO', 'CANCELADO'] as const;
export type SituacaoClientePlano = (typeof SITUACOES_CLIENTE_PLANO)[number];

export const ROTULOS_SITUACAO_CLIENTE_PLANO: Record<SituacaoClientePlano, string> = {
  FUTURO: 'A iniciar',
  VIGENTE: 'Vigente',
  VENCIDO: 'Vencido',
  CANCELADO: 'Cancelado',
};

export function situacaoClientePlano(c: { status: StatusClientePlano; inicio: string; fim: string }, hoje: string): SituacaoClientePlano {
  if (c.status === 'CANCELADO') return 'CANCELADO';
  if (c.inicio > hoje) return 'FUTURO';
  return c.fim < hoje ? 'VENCIDO' : 'VIGENTE';
}

const DATA_MINIMA_CONTRATO = '2000-01-01';

/** POST account/clienteplano/save — contracts a plan for a customer; price and end are computed by the server. */
export const clientePlanoSaveSchema = z
  .object({
    clienteId: idPositivo('Informe o cliente.'),
    planoId: idPositivo('Informe o plano.'),
    /** First day covered; absent: today (Brasília). */
    inicio: dataFiltro('de início').refine((v) => v >= DATA_MINIMA_CONTRATO, 'Data de início inválida.').optional(),
  })
  .strict();
export type ClientePlanoSave = z.input<typeof clientePlanoSaveSchema>;

export type ClientePlano = {
  id: number;
  clienteId: number;
  clienteNome: string;
  clienteDocumento: string | null;
  planoId: number;
  planoNome: string;
  periodicidade: Periodicidade;
  /** Price snapshot at contract time, reais. */
  preco: number;
  status: StatusClientePlano;
  situacao: SituacaoClientePlano;
  inicio: string;
  /** Last day covered (inclusive). */
  fim: string;
  filialNome: string | null;
  usuarioNome: string | null;
  criadoEm: string;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
};

export const ORDENACOES_CLIENTE_PLANO = ['criadoEm', 'fim', 'clienteNome'] as const;

/** POST account/clienteplano/filterpaginated/{page}/{size} and the body of relatorio/download. */
export const clientePlanoFiltroSchema = z
  .object({
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    clienteId: idPositivo('Cliente inválido.').optional(),
    planoId: idPositivo('Plano inválido.').optional(),
    situacao: z.enum(SITUACOES_CLIENTE_PLANO, { message: 'Situação inválida: use FUTURO, VIGENTE, VENCIDO ou CANCELADO.' }).optional(),
    /** Contracts whose last day is on or before this date (the renewal queue). */
    vencendoAte: dataFiltro('de vencimento').optional(),
    /** Contract date (criado_em) range, calendar days in Brasília. */
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
    ordenarPor: z.enum(ORDENACOES_CLIENTE_PLANO, { message: 'Ordenação inválida.' }).optional(),
    direcao: z.enum(['asc', 'desc'], { message: 'Direção inválida: use asc ou desc.' }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.de && v.ate && v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
  });
export type ClientePlanoFiltro = z.infer<typeof clientePlanoFiltroSchema>;

export const FORMATOS_RELATORIO = ['CSV', 'PDF'] as const;
export type FormatoRelatorio = (typeof FORMATOS_RELATORIO)[number];

/** POST account/clienteplano/relatorio/download — the filtered contracts as a file. */
export const clientePlanoRelatorioSchema = z
  .object({
    formato: z.enum(FORMATOS_RELATORIO, { message: 'Formato inválido: use CSV ou PDF.' }),
    filtro: clientePlanoFiltroSchema.default({}),
  })
  .strict();

/** GET account/clienteplano/cancelar/{clienteId}/{contratoId}?motivo= */
export const cancelarClientePlanoParamsSchema = z.object({
  a: z.coerce.number({ message: 'Cliente inválido.' }).int('Cliente inválido.').positive('Cliente inválido.'),
  b: z.coerce.number({ message: 'Contrato inválido.' }).int('Contrato inválido.').positive('Contrato inválido.'),
});
export const cancelarClientePlanoQuerySchema = z
  .object({ motivo: z.string().trim().max(200, 'Motivo longo demais.').optional() })
  .strict();

/** GET account/{planoId}/qtde/periodo/contratacao?de=&ate= — contracts signed per month. */
export const contratacaoPeriodoQuerySchema = z
  .object({ de: dataFiltro('inicial').optional(), ate: dataFiltro('final').optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.de && v.ate && v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
  });

export type ContratacoesPorPeriodo = {
  planoId: number;
  de: string;
  ate: string;
  total: number;
  /** One row per month of the range that had contracts, 'YYYY-MM'. */
  porMes: { mes: string; quantidade: number }[];
};

export const ALVOS_RENOVACAO = ['PLANO', 'CONTA'] as const;
export type AlvoRenovacao = (typeof ALVOS_RENOVACAO)[number];

/**
 * POST account/renovar — batch renewal: PLANO moves each active contract ending by `vencendoAte`
 * one period forward; CONTA moves `conta.valida_ate` of accounts lapsing by then `meses` forward.
 */
export const renovarSchema = z
  .object({
    alvo: z.enum(ALVOS_RENOVACAO, { message: 'Informe o que renovar: PLANO ou CONTA.' }),
    vencendoAte: dataFiltro('de vencimento'),
    planoId: idPositivo('Plano inválido.').optional(),
    clienteId: idPositivo('Cliente inválido.').optional(),
    unidade: z.enum(['CASHBACK', 'PONTOS', 'PREPAGO'], { message: 'Unidade inválida.' }).optional(),
    meses: z.number({ message: 'Meses inválidos.' }).int('Meses devem ser um número inteiro.').min(1, 'Renove por 1 a 60 meses.').max(60, 'Renove por 1 a 60 meses.').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.alvo === 'PLANO' && (v.unidade !== undefined || v.meses !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['alvo'], message: 'Unidade e meses valem só para a renovação de contas; um plano renova pela sua periodicidade.' });
    }
    if (v.alvo === 'CONTA' && v.planoId !== undefined) ctx.addIssue({ code: 'custom', path: ['planoId'], message: 'O plano só vale para a renovação de planos.' });
  });
export type Renovar = z.input<typeof renovarSchema>;

export type ResultadoRenovacao = { alvo: AlvoRenovacao; renovados: number };
