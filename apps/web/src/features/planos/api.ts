import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SITUACOES_CLIENTE_PLANO,
  type ClientePlano,
  type ClientePlanoFiltro,
  type ClientePlanoSave,
  type FormatoRelatorio,
  type Pagina,
  type Plano,
  type PlanoSave,
  type SituacaoClientePlano,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { salvarArquivo } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista, Ordenacao, ValoresFiltro } from '../../components/list-page';

/** One key factory: saving a plan or a contract invalidates everything under `raiz` (counts included). */
export const chavesPlanos = {
  raiz: ['planos'] as const,
  catalogo: ['planos', 'catalogo'] as const,
  listaCatalogo: (consulta: ConsultaLista) => ['planos', 'catalogo', 'lista', consulta] as const,
  contratos: (consulta: ConsultaLista) => ['planos', 'contratos', consulta] as const,
};

export async function listarPlanos(): Promise<Plano[]> {
  return ((await api.get<null, Plano>('config/configuracaoplano')).results ?? []) as Plano[];
}

export function usePlanos() {
  return useQuery({ queryKey: chavesPlanos.catalogo, queryFn: listarPlanos, staleTime: 60_000 });
}

/**
 * The catalogue comes whole (a company sells a handful of plans); search, the active filter and
 * paging run here so the screen behaves like every other list.
 */
export const buscarCatalogo: BuscarPagina<Plano> = async (filtro, page, size) => {
  const termo = typeof filtro.busca === 'string' ? filtro.busca.trim().toLocaleLowerCase('pt-BR') : '';
  const todos = (await listarPlanos()).filter(
    (p) => (!termo || p.nome.toLocaleLowerCase('pt-BR').includes(termo)) && (typeof filtro.ativo !== 'boolean' || p.ativo === filtro.ativo),
  );
  return { content: todos.slice(page * size, (page + 1) * size), totalElements: todos.length, totalPages: Math.ceil(todos.length / size), number: page, size };
};

export function useSalvarPlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: PlanoSave) => (await api.post<Plano>('config/salvarconfiguracaoplano', dados)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPlanos.raiz }),
  });
}

const ORDENACOES = ['criadoEm', 'fim', 'clienteNome'] as const;

/** URL filter values → the contract's filter; anything a hand-edited link got wrong is dropped. */
export function paraFiltroContratos(filtro: ValoresFiltro, ordenacao: Ordenacao | null): ClientePlanoFiltro {
  const corpo: ClientePlanoFiltro = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.situacao === 'string' && (SITUACOES_CLIENTE_PLANO as readonly string[]).includes(filtro.situacao)) corpo.situacao = filtro.situacao as SituacaoClientePlano;
  const planoId = Number(filtro.planoId);
  if (Number.isInteger(planoId) && planoId > 0) corpo.planoId = planoId;
  if (ordenacao && (ORDENACOES as readonly string[]).includes(ordenacao.campo)) {
    corpo.ordenarPor = ordenacao.campo as (typeof ORDENACOES)[number];
    corpo.direcao = ordenacao.direcao;
  }
  return corpo;
}

export const buscarContratos: BuscarPagina<ClientePlano> = async (filtro, page, size, ordenacao) => {
  const env = await api.post<Pagina<ClientePlano>>(`account/clienteplano/filterpaginated/${page}/${size}`, paraFiltroContratos(filtro, ordenacao));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function useContratarPlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: ClientePlanoSave) => (await api.post<ClientePlano>('account/clienteplano/save', dados)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPlanos.raiz }),
  });
}

export function useCancelarContrato() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (c: Pick<ClientePlano, 'id' | 'clienteId'>) => (await api.get<ClientePlano>(`account/clienteplano/cancelar/${c.clienteId}/${c.id}`)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPlanos.raiz }),
  });
}

export function useRenovarContrato() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.get<ClientePlano>(`account/gerarrenovacao/${id}`)).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPlanos.raiz }),
  });
}

export function baixarRelatorioContratos(formato: FormatoRelatorio, filtro: ClientePlanoFiltro): Promise<void> {
  const hoje = new Date().toISOString().slice(0, 10);
  const pedido = { caminho: 'account/clienteplano/relatorio/download', corpo: { formato, filtro } };
  return formato === 'CSV' ? salvarArquivo(pedido, 'text/csv', `contratos-planos-${hoje}.csv`) : salvarArquivo(pedido, 'application/pdf', `contratos-planos-${hoje}.pdf`);
}
