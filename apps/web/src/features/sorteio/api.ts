import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltroSorteio, GanhadorSorteio, Pagina, Sorteio, SorteioSave, StatusSorteio } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** Calls of the draw screens (docs/areas/sorteios.md). */
export const chavesSorteio = {
  todos: ['sorteios'] as const,
  lista: (consulta: ConsultaLista) => ['sorteios', 'lista', consulta] as const,
  opcoes: ['sorteios', 'opcoes'] as const,
  um: (id: number) => ['sorteios', 'um', id] as const,
  ganhadores: (id: number) => ['sorteios', 'ganhadores', id] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarSorteios: BuscarPagina<Sorteio> = async (filtro, page, size) => {
  const corpo: FiltroSorteio = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.status === 'string') corpo.status = filtro.status as StatusSorteio;
  return (await api.post<Pagina<Sorteio>>(`sorteio/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

/** The latest draws, for the pickers of the "rede" and "ganhadores" screens. */
export function useSorteios() {
  return useQuery({ queryKey: chavesSorteio.opcoes, queryFn: async () => (await buscarSorteios({}, 0, 100, null)).content });
}

export function useSorteio(id: number | null) {
  return useQuery({ queryKey: chavesSorteio.um(id ?? 0), enabled: !!id, queryFn: async () => (await api.get<Sorteio>(`sorteio/findbyid/${id}`)).result! });
}

export function useGanhadores(id: number | null) {
  return useQuery({ queryKey: chavesSorteio.ganhadores(id ?? 0), enabled: !!id, queryFn: async () => (await api.get<GanhadorSorteio[]>(`sorteio/ganhadores/${id}`)).result ?? [] });
}

/** Every change to a draw refreshes all its screens. */
function useMudanca<T>(fn: (v: T) => Promise<Sorteio | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesSorteio.todos }) });
}

export const useSalvarSorteio = () => useMudanca(async (d: SorteioSave) => (await api.post<Sorteio>('sorteio/save', d)).result);
export const useExcluirSorteio = () => useMudanca(async (id: number) => ((await api.delete(`sorteio/delete/${id}`)).result, null));
export const useCongelar = () => useMudanca(async (id: number) => (await api.post<Sorteio>('sorteio/congelar', { id })).result);
export const useSemente = () => useMudanca(async (v: { id: number; semente: string }) => (await api.post<Sorteio>('sorteio/semente', v)).result);
/** `posicao`: the prize the screen shows; a repeated click for it is refused by the server (409). */
export const useSortear = () => useMudanca(async (v: { id: number; posicao: number }) => (await api.get<Sorteio>(`sorteio/addganhador/${v.id}?posicao=${v.posicao}`)).result);
/** Only when nobody is left to win the next prize (the server checks): the prizes left stay without a winner. */
export const useEncerrar = () => useMudanca(async (id: number) => (await api.post<Sorteio>('sorteio/encerrar', { id })).result);
export const useGanhadorManual = () => useMudanca(async (v: { id: number; numero: string; motivo: string }) => (await api.post<Sorteio>('sorteio/addganhadormanual', v)).result);

export const imprimirParticipantes = (id: number) => abrirPdf({ caminho: `sorteio/participantes/impressao/${id}` });
export const imprimirGanhadores = (id: number) => abrirPdf({ caminho: `sorteio/ganhadores/impressao/${id}` });
/** The public verification page (no login): the link printed on the rules. */
export const linkPublico = (s: Pick<Sorteio, 'codigoPublico'>) => `${window.location.origin}/p/sorteio/${s.codigoPublico}`;
