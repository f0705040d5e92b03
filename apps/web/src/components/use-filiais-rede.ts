import { useQuery } from '@tanstack/react-query';
import type { Empresa } from '@bonifica/contracts';
import { api } from '../lib/api';

/** Shared by every screen that filters or records by branch, so they read one cached list. */
export const CHAVE_FILIAIS_REDE = ['rede', 'filiais'] as const;

/** Matriz and branches of the logged user's network (company/empresalogadafiliais), for branch filters and fields. */
export function useFiliaisRede() {
  return useQuery({
    queryKey: CHAVE_FILIAIS_REDE,
    queryFn: async () => (await api.get<null, Empresa>('company/empresalogadafiliais')).results ?? [],
    // Branches change rarely and are all the same for the session.
    staleTime: 5 * 60_000,
  });
}
