import { cpfValido, formatarBRL, parseBRL, reaisParaCentavos, centavosParaReais, somenteDigitos } from '@bonifica/contracts';

/**
 * Reais typed at the counter: "123,45", "1.234,56", "R$ 10" and also "123.45" (a numeric keypad's
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

/** The most cashback a sale may use: the balance, and never more than the sale itself. */
export function maximoResgate(saldoCashback: number, valor: number | null): number {
  const teto = Math.min(Math.max(saldoCashback, 0), Math.max(valor ?? 0, 0));
  return centavosParaReais(reaisParaCentavos(teto));
}

/** CPF at the counter shows only the middle digits (LGPD): ***.982.247-**. */
export function mascararCpfParcial(documento: string | null | undefined): string {
  const d = somenteDigitos(documento ?? '');
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return documento ?? '';
}

/**
 * What a search that found no one becomes in the quick sign-up: a valid CPF goes to CPF,
 * 10–11 digits that are not a CPF to celular, anything else is the name.
 */
export function preencherCadastro(busca: string): { nome: string; documento: string; celular: string } {
  const t = busca.trim();
  const d = somenteDigitos(t);
  const soNumeros = /^[\d\s().+-]+$/.test(t);
  if (soNumeros && d.length === 11 && cpfValido(d)) return { nome: '', documento: d, celular: '' };
  if (soNumeros && (d.length === 10 || d.length === 11)) return { nome: '', documento: '', celular: d };
  if (soNumeros) return { nome: '', documento: '', celular: '' };
  return { nome: t, documento: '', celular: '' };
}
