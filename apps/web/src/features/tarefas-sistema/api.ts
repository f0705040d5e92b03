import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgendamentoInfo, Pagina, SalvarAgendamento, TarefaSistema } from '@bonifica/contracts';
import { api } from '../../lib/api';

export const chavesTarefasSistema = {
  raiz: ['tarefas-sistema'] as const,
  agendamentos: ['tarefas-sistema', 'agendamentos'] as const,
  agendamento: (nome: string) => ['tarefas-sistema', 'agendamento', nome] as const,
  tarefas: (status: string | null, page: number) => ['tarefas-sistema', 'tarefas', status, page] as const,
};

export function useAgendamentos() {
  return useQuery({
    queryKey: chavesTarefasSistema.agendamentos,
    queryFn: async () => (await api.get<AgendamentoInfo[]>('sistema/tarefa/agendamentos')).result ?? [],
  });
}

export function useAgendamento(nome: string) {
  return useQuery({
    queryKey: chavesTarefasSistema.agendamento(nome),
    queryFn: async () => {
      const r = (await api.get<AgendamentoInfo>(`sistema/tarefa/agendamento/${encodeURIComponent(nome)}`)).result;
      if (!r) throw new Error('Agendamento não encontrado.');
      return r;
    },
  });
}

export function useTarefasSistema(status: string | null, page: number) {
  return useQuery({
    queryKey: chavesTarefasSistema.tarefas(status, page),
    queryFn: async () =>
      (await api.post<Pagina<TarefaSistema>>(`sistema/tarefa/filtrar/${page}/20`, status ? { status } : {})).result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size: 20 },
    refetchInterval: (q) => (q.state.data?.content.some((t) => t.status === 'PENDENTE' || t.status === 'PROCESSANDO') ? 2000 : false),
  });
}

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: chavesTarefasSistema.raiz });
}

export function useSalvarAgendamento() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (corpo: SalvarAgendamento) => (await api.post<AgendamentoInfo>('sistema/tarefa/agendamento/salvar', corpo)).result!,
    onSuccess: invalidar,
  });
}

export function useExecutarAgendamento() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (nome: string) => (await api.post<AgendamentoInfo>(`sistema/tarefa/agendamento/executar/${encodeURIComponent(nome)}`)).result!,
    onSettled: invalidar,
  });
}

export function useReexecutarTarefa() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<{ id: string }>(`sistema/tarefa/reexecutar/${id}`)).result!,
    onSettled: invalidar,
  });
}
