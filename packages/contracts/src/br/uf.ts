import { getStates } from '@brazilian-utils/brazilian-utils';

export type OpcaoUf = { sigla: string; nome: string };

/** The 27 federative units (26 states and the Distrito Federal), from the IBGE list of the package. */
export const UFS_OPCOES: readonly OpcaoUf[] = getStates()
  .map((s) => ({ sigla: s.code, nome: s.name }))
  .sort((a, b) => a.sigla.localeCompare(b.sigla));

export const UFS: readonly string[] = UFS_OPCOES.map((u) => u.sigla);

export function ufValida(valor: string | null | undefined): boolean {
  if (!valor) return false;
  return UFS.includes(valor.trim().toUpperCase());
}
