import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

export type TipoDocumento = 'CPF' | 'CNPJ';

function limpar(valor: string): string {
  return valor.replace(/[\s./-]/g, '').toUpperCase();
}

export function cpfValido(valor: string | null | undefined): boolean {
  if (!valor) return false;
  return isValidCpf(valor);
}

// Version 2 accepts both the classic numeric CNPJ and the alphanumeric format the Receita Federal introduced in 2026.
export function cnpjValido(valor: string | null | undefined): boolean {
  if (!valor) return false;
  return isValidCnpj(valor, { version: 2 });
}

export function formatarCpf(valor: string | null | undefined): string {
  if (!valor) return '';
  const limpo = limpar(valor);
  // Only a complete CPF is masked; a partial or malformed value is shown as typed so nothing is hidden.
  return /^\d{11}$/.test(limpo) ? formatCpf(limpo) : valor.trim();
}

export function formatarCnpj(valor: string | null | undefined): string {
  if (!valor) return '';
  const limpo = limpar(valor);
  return /^[0-9A-Z]{12}\d{2}$/.test(limpo) ? formatCnpj(limpo, { version: 2 }) : valor.trim();
}

// Classifies by shape only, so a screen can say "CPF inválido" rather than a generic error;
// documentoValido checks the check digits.
export function tipoDocumento(valor: string | null | undefined): TipoDocumento | null {
  if (!valor) return null;
  const limpo = limpar(valor);
  if (/^\d{11}$/.test(limpo)) return 'CPF';
  if (/^[0-9A-Z]{12}\d{2}$/.test(limpo)) return 'CNPJ';
  return null;
}

export function documentoValido(valor: string | null | undefined): boolean {
  if (!valor) return false;
  return /^\d{11}$/.test(limpar(valor)) ? cpfValido(valor) : cnpjValido(valor);
}

/**
 * The document as a receipt or the counter screen shows it (LGPD: enough to confirm the person,
 * not to copy the number): CPF ***.982.247-**, CNPJ **.222.333/0001-**.
 */
export function mascararDocumentoParcial(valor: string | null | undefined): string {
  if (!valor) return '';
  const d = limpar(valor);
  if (/^\d{11}$/.test(d)) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return valor.trim();
}
