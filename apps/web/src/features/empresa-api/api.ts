import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenApiCriado, TokenApiNovo, TokenApiResumo } from '@bonifica/contracts';
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

export function useRevogarTokenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<TokenApiResumo>(`company/api/${id}`)).result!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesTokensApi.lista }),
  });
}
