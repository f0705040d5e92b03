import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UsuarioLogado } from '@bonifica/contracts';
import { api } from '../../lib/api';

export const chaveUsuario = ['sessao', 'usuario'] as const;

/** Spec §4/§6: the logged user is loaded once per session and kept; login and logout drop it. */
export const usuarioQuery = queryOptions({
  queryKey: chaveUsuario,
  queryFn: async ({ signal }): Promise<UsuarioLogado> => {
    const env = await api.get<UsuarioLogado>('user/getUserInformations', { signal });
    if (!env.result) throw new Error('Usuário não informado pelo servidor.');
    return env.result;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** Loads the user if missing; any failure means "not logged in" (spec §6: a load failure is denied). */
export async function carregarUsuario(queryClient: QueryClient): Promise<UsuarioLogado | null> {
  try {
    return await queryClient.ensureQueryData(usuarioQuery);
  } catch {
    return null;
  }
}

export function useUsuarioLogado(): UsuarioLogado | undefined {
  return useQuery(usuarioQuery).data;
}
