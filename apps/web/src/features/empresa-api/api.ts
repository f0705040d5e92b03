import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenApiCriado, TokenApiNovo, TokenApiResumo, TokenApiSalvar } from '@bonifica/contracts';
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
