import { formatCep, isValidCep } from '@brazilian-utils/brazilian-utils';
import { somenteDigitos } from './telefone.js';

export function cepValido(valor: string | null | undefined): boolean {
  if (!valor) return false;
  return isValidCep(valor);
}

export function formatarCep(valor: string | null | undefined): string {
  if (!valor) return '';
  const digitos = somenteDigitos(valor);
  // Only a complete CEP is masked; anything else is shown as typed so no digit is hidden or invented.
  return digitos.length === 8 && cepValido(valor) ? formatCep(digitos) : valor.trim();
}
