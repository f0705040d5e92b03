import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlteracaoRegra, Pagina, RegraFilial, RegraPrograma, RegraProgramaWire } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** One key factory for the programme's rules; every save refreshes the whole area (rule, branches, history). */
export const chavesPrograma = {
  raiz: ['programa'] as const,
  regra: (filialId: number | null) => ['programa', 'regra', filialId] as const,
  filiais: ['programa', 'filiais'] as const,
  historico: (page: number) => ['programa', 'historico', page] as const,
};

export const TAMANHO_HISTORICO = 10;

const escopo = (filialId: number | null) => (filialId === null ? '' : `?filialId=${filialId}`);

export function useRegra(filialId: number | null) {
  return useQuery({
    queryKey: chavesPrograma.regra(filialId),
    queryFn: async () => (await api.get<RegraProgramaWire>(`config/configuracaoprograma${escopo(filialId)}`)).result!,
  });
}

export function useRegrasFiliais() {
  return useQuery({
    queryKey: chavesPrograma.filiais,
    queryFn: async () => (await api.get<null, RegraFilial>('config/configuracaoprograma/filiais')).results ?? [],
  });
}

export function useHistoricoRegra(page: number) {
  return useQuery({
    queryKey: chavesPrograma.historico(page),
    queryFn: async () => (await api.post<Pagina<AlteracaoRegra>>(`config/configuracaoprograma/historico/${page}/${TAMANHO_HISTORICO}`)).result!,
    placeholderData: keepPreviousData,
  });
}

export function useSalvarRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filialId, regra }: { filialId: number | null; regra: RegraPrograma }) =>
      (await api.post<RegraProgramaWire>(`config/salvarconfiguracaoprograma${escopo(filialId)}`, regra)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPrograma.raiz }),
  });
}

export function useRemoverRegraFilial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filialId: number) => (await api.delete<RegraProgramaWire>(`config/configuracaoprograma/filial/${filialId}`)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPrograma.raiz }),
  });
}
