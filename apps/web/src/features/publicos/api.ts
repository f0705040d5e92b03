import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BloqueioPublico,
  BloqueioPublicoSave,
  CondicoesPublicoEntrada,
  ContagemPublico,
  Etiqueta,
  EstatisticasPublico,
  FiltroBloqueioPublico,
  FiltroPublico,
  ImportarBloqueio,
  Pagina,
  Plano,
  Publico,
  PublicoSave,
  ResultadoImportarBloqueio,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** One key factory for audiences and their block list. */
export const chavesPublicos = {
  publicos: ['publicos'] as const,
  lista: (consulta: ConsultaLista) => ['publicos', 'lista', consulta] as const,
  publico: (id: number) => ['publicos', 'item', id] as const,
  contagem: (c: CondicoesPublicoEntrada) => ['publicos', 'contagem', c] as const,
  estatisticas: (c: CondicoesPublicoEntrada) => ['publicos', 'estatisticas', c] as const,
  bloqueios: ['publicos', 'bloqueios'] as const,
  listaBloqueios: (consulta: ConsultaLista) => ['publicos', 'bloqueios', 'lista', consulta] as const,
  etiquetas: ['publicos', 'etiquetas'] as const,
  planos: ['publicos', 'planos'] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarPublicos: BuscarPagina<Publico> = async (filtro, page, size) => {
  const corpo: FiltroPublico = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 80);
  return (await api.post<Pagina<Publico>>(`publico/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const buscarBloqueios: BuscarPagina<BloqueioPublico> = async (filtro, page, size) => {
  const corpo: FiltroBloqueioPublico = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (filtro.origem === 'MANUAL' || filtro.origem === 'IMPORTACAO' || filtro.origem === 'OPT_OUT') corpo.origem = filtro.origem;
  return (await api.post<Pagina<BloqueioPublico>>(`publico/bloqueio/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export function usePublico(id: number | null) {
  return useQuery({ queryKey: chavesPublicos.publico(id ?? 0), queryFn: async () => (await api.get<Publico>(`publico/findbyid/${id}`)).result!, enabled: id !== null });
}

/** The live count and the statistics of the conditions being edited (already debounced by the caller). */
export function useContagem(condicoes: CondicoesPublicoEntrada) {
  return useQuery({
    queryKey: chavesPublicos.contagem(condicoes),
    queryFn: async () => (await api.post<ContagemPublico>('publico/contagem', condicoes)).result!,
    placeholderData: (anterior) => anterior,
    staleTime: 30_000,
  });
}

export function useEstatisticas(condicoes: CondicoesPublicoEntrada) {
  return useQuery({
    queryKey: chavesPublicos.estatisticas(condicoes),
    queryFn: async () => (await api.post<EstatisticasPublico>('publico/estatisticas', condicoes)).result!,
    placeholderData: (anterior) => anterior,
    staleTime: 30_000,
  });
}

export function useEtiquetas() {
  return useQuery({
    queryKey: chavesPublicos.etiquetas,
    queryFn: async () => (await api.post<Pagina<Etiqueta>>('etiqueta/filterpaginated/0/100', {})).result?.content ?? [],
    staleTime: 60_000,
  });
}

export function usePlanos() {
  return useQuery({
    queryKey: chavesPublicos.planos,
    queryFn: async () => ((await api.get<null, Plano>('config/configuracaoplano')).results ?? []) as Plano[],
    staleTime: 5 * 60_000,
  });
}

function useInvalidar(chave: readonly string[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: chave });
}

export function useSalvarPublico() {
  const invalidar = useInvalidar(chavesPublicos.publicos);
  return useMutation({ mutationFn: async (dados: PublicoSave) => (await api.post<Publico>('publico/save', dados)).result!, onSuccess: invalidar });
}

export function useExcluirPublico() {
  const invalidar = useInvalidar(chavesPublicos.publicos);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`publico/delete/${id}`)).result, onSuccess: invalidar });
}

export function useBloquear() {
  const invalidar = useInvalidar(chavesPublicos.bloqueios);
  return useMutation({ mutationFn: async (dados: BloqueioPublicoSave) => (await api.post<BloqueioPublico>('publico/bloqueio/save', dados)).result!, onSuccess: invalidar });
}

export function useDesbloquear() {
  const invalidar = useInvalidar(chavesPublicos.bloqueios);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`publico/bloqueio/delete/${id}`)).result, onSuccess: invalidar });
}

export function useImportarBloqueios() {
  const invalidar = useInvalidar(chavesPublicos.bloqueios);
  return useMutation({
    mutationFn: async (dados: ImportarBloqueio) => (await api.post<ResultadoImportarBloqueio>('publico/bloqueio/importar', dados)).result!,
    onSuccess: invalidar,
  });
}
