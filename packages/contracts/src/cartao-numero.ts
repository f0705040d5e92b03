import { z } from 'zod';

/**
 * The card number and its check digit, apart from the card calls' schemas: the sale (transacao.ts)
 * takes a card number too, and cartao.ts depends on transacao.ts.
 */

/** 16 digits: 6 of the company's prefix, 9 of sequence, 1 Luhn check digit (the ISO/IEC 7812 layout of payment cards). */
export const DIGITOS_CARTAO = 16;
export const DIGITOS_PREFIXO = 6;
export const DIGITOS_SEQUENCIA = DIGITOS_CARTAO - DIGITOS_PREFIXO - 1;
export const MAXIMO_EMISSAO = 500;
export const MAXIMO_IMPRESSAO = 200;

/** The Luhn (mod 10) digit that completes `corpo`: catches every single-digit typo and most swaps of neighbours. */
export function digitoLuhn(corpo: string): number {
  let soma = 0;
  for (let i = 0; i < corpo.length; i++) {
    // Doubling starts at the rightmost digit of the body, the one beside the check digit.
    let d = corpo.charCodeAt(corpo.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    soma += d;
  }
  return (10 - (soma % 10)) % 10;
}

export function numeroCartaoValido(numero: string | null | undefined): boolean {
  if (!numero || !/^\d{16}$/.test(numero)) return false;
  return digitoLuhn(numero.slice(0, -1)) === Number(numero.at(-1));
}

/** prefix + zero-padded sequence + Luhn digit. */
export function montarNumeroCartao(prefixo: string, sequencia: number): string {
  const corpo = prefixo + String(sequencia).padStart(DIGITOS_SEQUENCIA, '0');
  return corpo + String(digitoLuhn(corpo));
}

/** "9000 0100 0000 0018": groups of four, as printed on the card and read aloud at the counter. */
export function formatarNumeroCartao(numero: string | null | undefined): string {
  return (numero ?? '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A number typed or scanned: spaces, dots and dashes are dropped before the check. */
export const numeroCartaoSchema = z
  .string({ message: 'Informe o número do cartão.' })
  .max(40, 'Número de cartão inválido.')
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => /^\d{16}$/.test(v), 'O número do cartão tem 16 dígitos.')
  .refine(numeroCartaoValido, 'Número de cartão inválido: confira os dígitos (dígito verificador não confere).');

