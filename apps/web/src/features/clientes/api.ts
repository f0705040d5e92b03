import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STATUS_CLIENTE,
  type Cliente,
  type ClienteResumo,
  type ClienteSave,
  type ExportacaoLgpdCliente,
  type FiltroCliente,
  type Pagina,
  type StatusCliente,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista, Ordenacao, ValoresFiltro } from '../../components/list-page';

/** One key factory for the area: a save or a block invalidates every list and record under `raiz`. */
export const chavesClientes = {
  raiz: ['clientes'] as const,
  lista: (consulta: ConsultaLista) => ['clientes', 'lista', consulta] as const,
  registro: (id: number) => ['clientes', 'registro', id] as const,
};

const CAMPOS_ORDENACAO = ['nome', 'criadoEm'] as const;
type CampoOrdenacao = (typeof CAMPOS_ORDENACAO)[number];

function inteiroEntre(valor: unknown, minimo: number, maximo: number): number | undefined {
  const n = Number(valor);
  return Number.isInteger(n) && n >= minimo && n <= maximo ? n : undefined;
}

/** URL filter values → the contract's FiltroCliente; anything a hand-edited link got wrong is dropped. */
export function paraFiltroCliente(filtro: ValoresFiltro, ordenacao: Ordenacao | null): FiltroCliente {
  const corpo: FiltroCliente = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.status === 'string' && (STATUS_CLIENTE as readonly string[]).includes(filtro.status)) corpo.status = filtro.status as StatusCliente;
  const filial = inteiroEntre(filtro.filialOrigemId, 1, Number.MAX_SAFE_INTEGER);
  if (filial) corpo.filialOrigemId = filial;
  const mes = inteiroEntre(filtro.aniversarioMes, 1, 12);
  if (mes) corpo.aniversarioMes = mes;
  if (ordenacao && (CAMPOS_ORDENACAO as readonly string[]).includes(ordenacao.campo)) {
    corpo.ordenarPor = ordenacao.campo as CampoOrdenacao;
    corpo.direcao = ordenacao.direcao;
  }
  return corpo;
}

export const buscarClientes: BuscarPagina<ClienteResumo> = async (filtro, page, size, ordenacao) => {
  const env = await api.post<Pagina<ClienteResumo>>(`client/filterpaginated/${page}/${size}`, paraFiltroCliente(filtro, ordenacao));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

/** The whole record (address, notes, consents) for the form; the list row holds only a summary. */
export function useCliente(id: number | null) {
  return useQuery({
    queryKey: chavesClientes.registro(id ?? 0),
    queryFn: async () => {
      const env = await api.get<Cliente>(`client/findbyid/${id}`);
      if (!env.result) throw new Error('Cliente não encontrado.');
      return env.result;
    },
    enabled: id !== null,
    // Always the current record when the drawer opens: someone else may have just changed it.
    staleTime: 0,
  });
}

export function useSalvarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: ClienteSave) => (await api.post<Cliente>('client/save', dados)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesClientes.raiz }),
  });
}

/** DELETE client/delete blocks the customer; the record and its history stay. */
export function useBloquearCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`client/delete/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesClientes.raiz }),
  });
}

export function useAnonimizarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Cliente>(`client/${id}/lgpd/anonimizar`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesClientes.raiz }),
  });
}

export async function exportarDadosLgpd(id: number): Promise<ExportacaoLgpdCliente | null> {
  return (await api.get<ExportacaoLgpdCliente>(`client/${id}/lgpd/exportar`)).result;
}
