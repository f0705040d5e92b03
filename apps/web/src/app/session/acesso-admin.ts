import { api } from '../../lib/api';

/** Session flag of a passed backoffice-admin check, so admin pages do not ask the server on every visit. */
export const CHAVE_ACESSO_ADMIN = 'acesso-backoffice-admin';

export function limparAcessoAdmin(): void {
  sessionStorage.removeItem(CHAVE_ACESSO_ADMIN);
}

/** Spec §6: GET company/acesso/backoffice/admin; false or a failure denies and clears the stored flag. */
export async function verificarAcessoAdmin(): Promise<boolean> {
  if (sessionStorage.getItem(CHAVE_ACESSO_ADMIN) === 'true') return true;
  try {
    const env = await api.get<boolean>('company/acesso/backoffice/admin');
    if (env.result === true) {
      sessionStorage.setItem(CHAVE_ACESSO_ADMIN, 'true');
      return true;
    }
  } catch {
    // Treated as a denial below, as the spec asks.
  }
  limparAcessoAdmin();
  return false;
}
