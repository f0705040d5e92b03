import { somenteDigitos } from './telefone.js';

export type BandeiraCartao = 'visa' | 'mastercard' | 'diners' | 'default';

export const ICONES_BANDEIRA: Readonly<Record<BandeiraCartao, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  diners: 'Diners Club',
  default: 'Cartão',
};

function prefixoEntre(digitos: string, tamanho: number, minimo: number, maximo: number): boolean {
  if (digitos.length < tamanho) return false;
  const prefixo = Number(digitos.slice(0, tamanho));
  return prefixo >= minimo && prefixo <= maximo;
}

export function bandeiraCartao(numero: string | null | undefined): BandeiraCartao {
  const digitos = somenteDigitos(numero);
  if (digitos.startsWith('4')) return 'visa';
  if (prefixoEntre(digitos, 2, 51, 55) || prefixoEntre(digitos, 4, 2221, 2720)) return 'mastercard';
  if (prefixoEntre(digitos, 3, 300, 305) || /^3[689]/.test(digitos)) return 'diners';
  return 'default';
}
