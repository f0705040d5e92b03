import { z } from 'zod';
import { casasDecimais, emUnidadesInteiras } from './br/dinheiro.js';

/**
 * The zod types of money and percentages on the wire: reais and percent with 2 decimals, kept as
 * integers (centavos, basis points) by the server. The decimals are counted on the shortest text of
 * the number, exponent form included, so 1e-7 is refused instead of being stored as zero.
 */

function comMaiuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** Reais with at most 2 decimals; `rotulo` with its article ('o valor da venda') names the field in the messages. */
export const reais = (rotulo: string) =>
  z
    .number({ message: `Informe ${rotulo}.` })
    .finite(`Valor inválido: ${rotulo}.`)
    .refine((v) => casasDecimais(v) <= 2, `${comMaiuscula(rotulo)} deve ter no máximo 2 casas decimais (centavos).`)
    .refine((v) => emUnidadesInteiras(v, 2), `${comMaiuscula(rotulo)} está fora do limite.`);

/** A cashback percentage, 5.5 = 5,50%, between 0 and 100 with at most 2 decimals. */
export const percentualCashback = (mensagemTipo: string) =>
  z
    .number({ message: mensagemTipo })
    .finite(mensagemTipo)
    .min(0, 'O percentual de cashback deve ficar entre 0 e 100.')
    .max(100, 'O percentual de cashback deve ficar entre 0 e 100.')
    .refine((v) => emUnidadesInteiras(v, 2), 'Use no máximo 2 casas decimais no percentual.');
