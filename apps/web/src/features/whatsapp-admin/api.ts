import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertaMonitoramento, DetalheMonitoramento, ExecucaoMonitoramento, Instancia, Pagina, Servidor, ServidorSalvar, TesteConexao, Transferencia } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** How often the screens ask while a run or a transfer is in progress. */
export const INTERVALO_MS = 2000;

export const chavesWhatsAdmin = {
  raiz: ['whatsapp-admin'] as const,
  servidores: ['whatsapp-admin', 'servidores'] as const,
  instancias: ['whatsapp-admin', 'instancias'] as const,
  transferencias: ['whatsapp-admin', 'transferencias'] as const,
  execucoes: (pagina: number) => ['whatsapp-admin', 'execucoes', pagina] as const,
  execucao: (id: number) => ['whatsapp-admin', 'execucao', id] as const,
  alerta: ['whatsapp-admin', 'alerta'] as const,
};

export function useServidores() {
  return useQuery({ queryKey: chavesWhatsAdmin.servidores, queryFn: async () => (await api.get<Servidor[]>('servidores/listar/todos')).result ?? [] });
}

export function useInstanciasAdmin() {
  return useQuery({ queryKey: chavesWhatsAdmin.instancias, queryFn: async () => (await api.get<Instancia[]>('servidores/instancias')).result ?? [] });
}

export function useTransferencias() {
  return useQuery({
    queryKey: chavesWhatsAdmin.transferencias,
    queryFn: async () => (await api.get<Transferencia[]>('servidores/transferencia/listar')).result ?? [],
    refetchInterval: (q) => (q.state.data?.some((t) => t.estado === 'PAREANDO') ? INTERVALO_MS : false),
  });
}

export function useExecucoes(pagina: number) {
  return useQuery({
    queryKey: chavesWhatsAdmin.execucoes(pagina),
    queryFn: async () => (await api.get<Pagina<ExecucaoMonitoramento>>(`monitoramento/${pagina}/20`)).result!,
    refetchInterval: (q) => (q.state.data?.content.some((e) => e.status === 'EXECUTANDO') ? INTERVALO_MS : false),
  });
}

export function useExecucao(id: number) {
  return useQuery({
    queryKey: chavesWhatsAdmin.execucao(id),
    queryFn: async () => (await api.get<DetalheMonitoramento>(`monitoramento/${id}`)).result!,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'EXECUTANDO' ? false : INTERVALO_MS),
  });
}

export function useAlertaMonitoramento() {
  return useQuery({ queryKey: chavesWhatsAdmin.alerta, queryFn: async () => (await api.get<AlertaMonitoramento>('monitoramento/alerta')).result ?? null, refetchInterval: 60_000 });
}

/** Every change here touches what the other screens of the area show: they are all asked again. */
function useAcao<T, R>(fn: (v: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: chavesWhatsAdmin.raiz }) });
}

export const useSalvarServidor = () => useAcao(async (s: ServidorSalvar) => (await api.post<Servidor>('servidores/save', s)).result!);
export const useExcluirServidor = () => useAcao(async (id: number) => (await api.delete<boolean>(`servidores/delete/${id}`)).result);
export const useSalvarOrdem = () => useAcao(async (ids: number[]) => (await api.post<Servidor[]>('servidores/salvaordem', { ids })).result);
export const useStatusServidor = () => useAcao(async (id: number) => (await api.get<Servidor>(`servidores/status/${id}`)).result!);
export const useTestarServidor = () =>
  useMutation({ mutationFn: async (corpo: { id?: number; tipo?: string; baseUrl?: string; chave?: string }) => (await api.post<TesteConexao>('servidores/testar', corpo)).result! });
export const useIniciarTransferencia = () =>
  useAcao(async (c: { instanciaId: number; servidorDestinoId: number }) => (await api.post<{ id: number }>('servidores/transferencia/iniciar', c)).result!);
export const useCancelarTransferencia = () => useAcao(async (id: number) => (await api.post<boolean>(`servidores/transferencia/cancelar/${id}`)).result);
export const useRodarMonitoramento = () => useAcao(async () => (await api.post<{ id: number }>('monitoramento/run')).result!);
