import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetalheManutencao, EmpresaManutencao, ExecutarManutencao, ListaManutencao, StatusTarefa } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** How often a screen asks while a run is queued or running; a finished run is not asked again. */
export const INTERVALO_MANUTENCAO_MS = 1000;

export const emAndamento = (s: StatusTarefa) => s === 'PENDENTE' || s === 'PROCESSANDO';

export const chavesManutencao = {
  raiz: ['manutencao'] as const,
  lista: ['manutencao', 'lista'] as const,
  empresas: ['manutencao', 'empresas'] as const,
  detalhe: (id: string) => ['manutencao', 'detalhe', id] as const,
};

/** The actions and the run history; polled while some run has not ended. */
export function useListaManutencao() {
  return useQuery({
    queryKey: chavesManutencao.lista,
    queryFn: async () => (await api.get<ListaManutencao>('sistema/manutencao/listall')).result ?? { acoes: [], execucoes: [] },
    refetchInterval: (q) => (q.state.data?.execucoes.some((e) => emAndamento(e.status)) ? INTERVALO_MANUTENCAO_MS : false),
  });
}

export function useEmpresasManutencao() {
  return useQuery({
    queryKey: chavesManutencao.empresas,
    queryFn: async () => (await api.get<EmpresaManutencao[]>('sistema/manutencao/empresas')).result ?? [],
    staleTime: 60_000,
  });
}

/** One run with its log, polled until it ends. */
export function useDetalheManutencao(id: string) {
  return useQuery({
    queryKey: chavesManutencao.detalhe(id),
    queryFn: async () => {
      const r = (await api.get<DetalheManutencao>(`sistema/manutencao/detalhe/${id}`)).result;
      if (!r) throw new Error('Resposta vazia ao consultar a execução.');
      return r;
    },
    refetchInterval: (q) => (q.state.data && !emAndamento(q.state.data.status) ? false : INTERVALO_MANUTENCAO_MS),
    refetchIntervalInBackground: true,
  });
}

export function useExecutarManutencao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (corpo: ExecutarManutencao) => (await api.post<{ id: string }>('sistema/manutencao/executar', corpo)).result!,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chavesManutencao.lista }),
  });
}
