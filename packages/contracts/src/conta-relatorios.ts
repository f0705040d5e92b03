import { z } from 'zod';
import { UNIDADES, type UnidadeConta } from './account.js';
import { dataFiltro } from './transacao.js';

/** Account reports of spec §7 "Accounts": ranking and blocked accounts (docs/areas/planos.md, "Relatórios de contas"). */

export const CRITERIOS_RANKING = ['CASHBACK', 'PONTOS', 'COMPRAS'] as const;
export type CriterioRanking = (typeof CRITERIOS_RANKING)[number];

export const ROTULOS_CRITERIO_RANKING: Record<CriterioRanking, string> = {
  CASHBACK: 'Cashback acumulado',
  PONTOS: 'Pontos acumulados',
  COMPRAS: 'Valor em compras',
};

/** The longest period one ranking covers: a year and a day, so "the last 12 months" always fits. */
export const RANKING_DIAS_MAXIMO = 366;

const periodo = <T extends { de: string; ate: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.de > v.ate) {
    ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
    return;
  }
  const dias = (Date.parse(`${v.ate}T00:00:00Z`) - Date.parse(`${v.de}T00:00:00Z`)) / 86_400_000;
  if (dias >= RANKING_DIAS_MAXIMO) ctx.addIssue({ code: 'custom', path: ['de'], message: 'O período do ranking pode ter até 366 dias.' });
};

const rankingCampos = {
  /** Which account the ranking is about (cashback or points), or the money spent. */
  criterio: z.enum(CRITERIOS_RANKING, { message: 'Critério inválido: use CASHBACK, PONTOS ou COMPRAS.' }),
  de: dataFiltro('inicial'),
  ate: dataFiltro('final'),
  filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
};

/** POST account/ranking/{page}/{size} — confirmed sales of the period, per customer; days in Brasília, inclusive. */
export const rankingFiltroSchema = z.object(rankingCampos).strict().superRefine(periodo);
export type RankingFiltro = z.infer<typeof rankingFiltroSchema>;

export const RANKING_IMPRESSAO_MAXIMO = 1_000;

/** POST account/ranking/impressao — the first `limite` positions as a PDF. */
export const rankingImpressaoSchema = z
  .object({
    ...rankingCampos,
    limite: z
      .number({ message: 'Limite inválido.' })
      .int('Limite inválido.')
      .min(1, 'Imprima de 1 a 1000 posições.')
      .max(RANKING_IMPRESSAO_MAXIMO, 'Imprima de 1 a 1000 posições.')
      .default(100),
  })
  .strict()
  .superRefine(periodo);

export type LinhaRanking = {
  /** Competition ranking: ties share a position and the next one skips (1, 2, 2, 4). */
  posicao: number;
  clienteId: number;
  nome: string;
  documento: string | null;
  compras: number;
  /** Reais. */
  valorCompras: number;
  /** Reais. */
  cashback: number;
  pontos: number;
};

/** POST account/contasbloqueadas/{page}/{size} and account/imprimir/contasbloqueadas. */
export const contasBloqueadasFiltroSchema = z
  .object({
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    unidade: z.enum(UNIDADES, { message: 'Unidade inválida: use CASHBACK, PONTOS ou PREPAGO.' }).optional(),
    filialOrigemId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
  })
  .strict();
export type ContasBloqueadasFiltro = z.infer<typeof contasBloqueadasFiltroSchema>;

export type ContaBloqueada = {
  contaId: number;
  clienteId: number;
  clienteNome: string;
  documento: string | null;
  unidade: UnidadeConta;
  /** Reais for BRL units, whole points for PONTOS. */
  saldo: number;
  motivo: string | null;
  bloqueadaEm: string | null;
};

/** POST account/bloquear — the account of one unit of a customer stops accruing and paying. */
export const bloqueioContaSchema = z
  .object({
    clienteId: z.number({ message: 'Informe o cliente.' }).int('Cliente inválido.').positive('Informe o cliente.'),
    unidade: z.enum(UNIDADES, { message: 'Unidade inválida: use CASHBACK, PONTOS ou PREPAGO.' }),
    motivo: z.string({ message: 'Informe o motivo.' }).trim().min(3, 'Descreva o motivo do bloqueio (ao menos 3 letras).').max(200, 'Motivo longo demais.'),
  })
  .strict();
export type BloqueioConta = z.infer<typeof bloqueioContaSchema>;

/** POST account/desbloquear — the reason is optional (the audit keeps who and when). */
export const desbloqueioContaSchema = bloqueioContaSchema.extend({ motivo: z.string().trim().max(200, 'Motivo longo demais.').optional() }).strict();
export type DesbloqueioConta = z.infer<typeof desbloqueioContaSchema>;
