import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagina, RedeCredenciada, TokenApiCriado, TokenApiNovo, TokenApiResumo, TokenApiSalvar } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** One key factory for the company's API tokens. */
export const chavesTokensApi = { lista: ['empresa', 'tokens-api'] as const };

export function useTokensApi() {
  return useQuery({
    queryKey: chavesTokensApi.lista,
    queryFn: async () => (await api.get<null, TokenApiResumo>('company/api')).results ?? [],
  });
}

export function useCriarTokenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: TokenApiNovo) => (await api.put<TokenApiCriado>('company/api', dados)).result!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesTokensApi.lista }),
  });
}

/** Name, branch, scopes and expiry; the secret stays the same, so the tills keep working. */
export function useSalvarTokenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: TokenApiSalvar) => (await api.post<TokenApiResumo>('company/api/save', dados)).result!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesTokensApi.lista }),
  });
}

export function useRevogarTokenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<TokenApiResumo>(`company/api/${id}`)).result!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesTokensApi.lista }),
  });
}

/** The partners of the accredited network a partner token may belong to (active ones; the list is short). */
export function useParceirosRede() {
  return useQuery({
    queryKey: ['empresa', 'tokens-api', 'parceiros'] as const,
    queryFn: async () => (await api.post<Pagina<RedeCredenciada>>('convenio/filterpaginated/0/100', { ativo: true })).result?.content ?? [],
    staleTime: 60_000,
  });
}
