import { cpfValido, formatarBRL, parseBRL, reaisParaCentavos, centavosParaReais, somenteDigitos, type IdentificacaoVenda } from '@bonifica/contracts';

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

/** A barcode scanner types the card's 16 digits (and Enter); printed cards group them by four. */
export function pareceCartao(busca: string): boolean {
  return /^[\d ]+$/.test(busca.trim()) && somenteDigitos(busca).length === 16;
}

/** How the customer was found, recorded on the sale (the card, a CPF, a phone, or a name search). */
export function identificacaoDaBusca(busca: string): IdentificacaoVenda {
  const d = somenteDigitos(busca);
  if (pareceCartao(busca)) return 'CARTAO';
  if (!/^[\d\s().+-]+$/.test(busca.trim())) return 'BUSCA';
  if (d.length === 11 && cpfValido(d)) return 'CPF';
  if (d.length >= 10 && d.length <= 13) return 'CELULAR';
  return 'BUSCA';
}
