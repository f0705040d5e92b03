import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Instancia, RitmoInstancia, RitmoSave, StatusWhats, UtilizacaoDia } from '@bonifica/contracts';
import { api } from '../../lib/api';

export const chavesWhats = {
  raiz: ['servidor-whats'] as const,
  status: ['servidor-whats', 'status'] as const,
  utilizacao: ['servidor-whats', 'utilizacao'] as const,
};

/** Polled every few seconds while pairing (the QR changes; the phone may have read it), else every minute. */
export function useStatusWhats() {
  return useQuery({
    queryKey: chavesWhats.status,
    queryFn: async () => (await api.get<StatusWhats>('servidorwhatsapp/status')).result!,
    refetchInterval: (q) => (q.state.data?.instancias.some((i) => i.estado === 'CONECTANDO' || i.transferencia) ? 3000 : 60_000),
  });
}

export function useUtilizacao(habilitado: boolean) {
  return useQuery({
    queryKey: chavesWhats.utilizacao,
    queryFn: async () => (await api.get<UtilizacaoDia[]>('servidorwhatsapp/estatisticas/utilizacao?dias=14')).result ?? [],
    enabled: habilitado,
  });
}

function useAcao<T>(fn: (v: T) => Promise<Instancia | number | null>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: chavesWhats.raiz }) });
}

export const useNovaInstancia = () => useAcao(async () => (await api.post<Instancia>('servidorwhatsapp/nova/instancia', {})).result);
export const useReiniciar = () => useAcao(async (id: number) => (await api.get<Instancia>(`instancia/reiniciar/${id}`)).result);
export const useParear = () => useAcao(async (id: number) => (await api.get<Instancia>(`instancia/status/atualizar/${id}`)).result);
export const useAtualizar = () => useAcao(async (id: number) => (await api.get<Instancia>(`servidorwhatsapp/atualizar/${id}`)).result);
export const useDesconectar = () => useAcao(async (id: number) => (await api.post<Instancia>(`instancia/desconectar/${id}`)).result);
export const useSimularLeitura = () => useAcao(async (id: number) => (await api.post<Instancia>(`servidorwhatsapp/sandbox/lerqr/${id}`)).result);

export const chaveRitmo = (id: number) => ['servidor-whats', 'ritmo', id] as const;

/** Pacing of an instance and what it means today (docs/areas/mensageria.md "Ritmo editável"). */
export function useRitmo(id: number) {
  return useQuery({ queryKey: chaveRitmo(id), queryFn: async () => (await api.get<RitmoInstancia>(`servidorwhatsapp/ritmo/${id}`)).result!, refetchInterval: 60_000 });
}

export function useSalvarRitmo(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (r: RitmoSave) => (await api.post<RitmoInstancia>(`servidorwhatsapp/ritmo/${id}`, r)).result!,
    onSuccess: (r) => qc.setQueryData(chaveRitmo(id), r),
  });
}
