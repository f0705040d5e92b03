import { centavosParaReais, formatarBRL, parseBRL } from '@bonifica/contracts';

/**
 * Reais typed by a person: "123,45", "1.234,56", "R$ 10" and also "123.45" (a numeric keypad's
 * dot); null when it is not a valid amount.
 */
export function lerReais(texto: string): number | null {
  const t = texto.trim();
  if (t === '') return null;
  const comVirgula = /^\d+\.\d{1,2}$/.test(t) ? t.replace('.', ',') : t;
  const centavos = parseBRL(comVirgula);
  return centavos === null ? null : centavosParaReais(centavos);
}

/** 12,5 → "12,50" for an input (no currency symbol: the field shows R$ beside it). */
export function reaisParaTexto(reais: number): string {
  return formatarBRL(reais).replace(/^R\$\s*/, '');
}

/**
 * What a money field keeps of a keystroke: digits and the separators, nothing else. Letters and
 * signs are dropped; what was typed is never rewritten (a cap applied while typing turned "50,00"
 * into "7,50,00"), so the amount is checked and capped on leaving the field or on posting.
 */
export function digitacaoReais(texto: string): string {
  return texto.replace(/[^\d.,]/g, '');
}
