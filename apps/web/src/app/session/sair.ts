import type { QueryClient } from '@tanstack/react-query';
import { limparRememberMe } from '../../lib/api';
import { sairDoApp } from '../../lib/navegador';
import { limparAcessoAdmin } from './acesso-admin';

/** Profile menu "Sair": the server ends the session and redirects to the base path, even on failure (spec §7/§8). */
export function sair(queryClient: QueryClient): void {
  limparRememberMe();
  limparAcessoAdmin();
  queryClient.clear();
  sairDoApp('/logout');
}
