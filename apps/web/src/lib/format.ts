import { CONSTANTES } from '@bonifica/contracts';

export {
  formatarBRL,
  formatarData,
  formatarDataHora,
  formatarTelefone,
  normalizarBusca,
  contemBusca,
  somenteDigitos,
} from '@bonifica/contracts';

/** The header greets by first name only (spec §1). */
export function primeiroNome(nome: string | null | undefined): string {
  return (nome ?? '').trim().split(/\s+/)[0] ?? '';
}

/** Spec §1/§9: the company short name is cut at 20 characters, then an ellipsis. */
export function nomeCurto(texto: string | null | undefined, limite: number = CONSTANTES.nomeCurtoEmpresa): string {
  const limpo = (texto ?? '').trim();
  return limpo.length > limite ? `${limpo.slice(0, limite)}...` : limpo;
}

/** Two letters for an avatar: first and last names' initials. */
export function iniciais(nome: string | null | undefined): string {
  const partes = (nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length === 0) return '?';
  const primeira = partes[0][0] ?? '';
  const ultima = partes.length > 1 ? (partes[partes.length - 1][0] ?? '') : '';
  return `${primeira}${ultima}`.toUpperCase();
}
