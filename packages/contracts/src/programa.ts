import { z } from 'zod';
import { reaisParaCentavos } from './br/dinheiro.js';
import type { RegraPrograma } from './transacao.js';

/**
 * The programme's rule (config/configuracaoprograma) and the arithmetic of one sale's accrual,
 * shared by the server (transacao/venda) and the manager's screen, so the example the screen shows
 * is the centavo the sale will give (docs/areas/programa.md).
 */

/** The rule as the server computes with it: integers only (centavos, basis points). */
export type RegraAcumulo = {
  cashbackPercentualBp: number;
  pontosPorReal: number;
  compraMinimaCentavos: number;
  maximoCashbackPorVendaCentavos: number | null;
  ativo: boolean;
};

export type Acumulo = { cashbackCentavos: number; pontos: number };

/**
 * The accrual of one sale (docs/areas/vendas.md). Only what was paid with money accrues; the
 * minimum purchase is tested on the sale's total; every fraction is cut off (floor), never rounded up.
 */
export function calcularAcumulo(regra: RegraAcumulo | null, valorCentavos: number, resgateCentavos: number): Acumulo {
  if (!regra || !regra.ativo || valorCentavos < regra.compraMinimaCentavos) return { cashbackCentavos: 0, pontos: 0 };
  const base = valorCentavos - resgateCentavos;
  // Integers all the way: centavos × basis points stays far below 2^53 for sales up to R$ 1.000.000,00.
  let cashbackCentavos = Math.floor((base * regra.cashbackPercentualBp) / 10_000);
  if (regra.maximoCashbackPorVendaCentavos !== null) cashbackCentavos = Math.min(cashbackCentavos, regra.maximoCashbackPorVendaCentavos);
  const pontos = Math.floor(base / 100) * regra.pontosPorReal;
  return { cashbackCentavos, pontos };
}

/** The wire rule (reais, percent) as the integers the sale computes with — the same conversion the save does. */
export function regraDoWire(r: Pick<RegraPrograma, 'cashbackPercentual' | 'pontosPorReal' | 'compraMinima' | 'maximoCashbackPorVenda'>): RegraAcumulo {
  return {
    cashbackPercentualBp: reaisParaCentavos(r.cashbackPercentual),
    pontosPorReal: r.pontosPorReal,
    compraMinimaCentavos: reaisParaCentavos(r.compraMinima),
    maximoCashbackPorVendaCentavos: r.maximoCashbackPorVenda === null ? null : reaisParaCentavos(r.maximoCashbackPorVenda),
    ativo: true,
  };
}

const DIA_MS = 86_400_000;

/**
 * When a sale's credit lot becomes usable and when it lapses (account/lotes.ts): the sale's instant
 * plus whole days — `t + make_interval(days => n)` on a UTC database session is n × 24 h.
 */
export function prazosDoCredito(instante: Date, carenciaDias: number, validadeDias: number | null): { disponivelEm: Date; expiraEm: Date | null } {
  return {
    disponivelEm: new Date(instante.getTime() + carenciaDias * DIA_MS),
    expiraEm: validadeDias === null ? null : new Date(instante.getTime() + validadeDias * DIA_MS),
  };
}

/** GET config/configuracaoprograma: the rule of a scope; `propria` says whether the scope has its own row. */
export type RegraProgramaWire = Omit<RegraPrograma, 'validadeDias' | 'carenciaDias'> & {
  validadeDias: number | null;
  carenciaDias: number;
  /** The company's rule was saved at least once (kept from the first version of this call). */
  configurada: boolean;
  atualizadoEm: string | null;
  /** Null: the company's rule; else the branch this rule is for. */
  filialId: number | null;
  /** False for a branch without an override: the values shown are the company's, which it follows. */
  propria: boolean;
};

/** Query of config/configuracaoprograma and salvarconfiguracaoprograma: no branch = the company's rule. */
export const escopoRegraQuerySchema = z
  .object({
    filialId: z.coerce.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
  })
  .strict();

/** GET config/configuracaoprograma/filiais: the branches whose own rule prevails over the company's. */
export type RegraFilial = { filialId: number; nome: string; regra: RegraProgramaWire };

/** POST config/configuracaoprograma/historico/{page}/{size}: who changed the rule, when, from what to what. */
export type AlteracaoRegra = {
  id: number;
  criadoEm: string;
  acao: string;
  usuario: string | null;
  filialId: number | null;
  /** "Empresa" for the company's rule, else the branch's short name. */
  escopo: string;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
};
