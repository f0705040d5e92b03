import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const NOME_SISTEMA_PADRAO = 'Bonifica';

/** GET config/nomesistema names the product in the title; the default stands in while loading or on failure. */
export function useNomeSistema(): string {
  const { data } = useQuery({
    queryKey: ['config', 'nomesistema'],
    queryFn: async ({ signal }) => (await api.get<string>('config/nomesistema', { signal })).result,
    staleTime: Infinity,
    retry: false,
  });
  return data || NOME_SISTEMA_PADRAO;
}
