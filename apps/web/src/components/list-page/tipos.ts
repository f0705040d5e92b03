import type { QueryKey } from '@tanstack/react-query';
import type { Pagina } from '@bonifica/contracts';

/** 'data' is a calendar day (AAAA-MM-DD in the URL and on the wire), typed as DD/MM/AAAA or picked in the calendar. */
export type TipoFiltro = 'texto' | 'selecao' | 'booleano' | 'data';

export type OpcaoFiltro = { value: string; label: string };

/**
 * A list filter declared as data: the list page draws its input, keeps it in the URL and hands
 * the typed value to the fetch function. For 'booleano', `opcoes` may rename the true/false
 * choices (e.g. Ativos / Inativos); for 'selecao' it is the list to choose from.
 */
export type FiltroDef = {
  nome: string;
  rotulo: string;
  tipo: TipoFiltro;
  opcoes?: OpcaoFiltro[];
  placeholder?: string;
};

/** Typed filter values as the fetch function receives them: empty filters are absent. */
export type ValoresFiltro = Partial<Record<string, string | boolean>>;

export type DirecaoOrdenacao = 'asc' | 'desc';

/** `campo` is the accessor of the sorted column; the feature maps it to the wire field. */
export type Ordenacao = { campo: string; direcao: DirecaoOrdenacao };

/** Everything one page of a list depends on; the query key is built from it. */
export type ConsultaLista = {
  filtro: ValoresFiltro;
  /** 0-based, as the API pages (ARCHITECTURE §5). */
  page: number;
  size: number;
  ordenacao: Ordenacao | null;
};

export type BuscarPagina<T> = (
  filtro: ValoresFiltro,
  page: number,
  size: number,
  ordenacao: Ordenacao | null,
) => Promise<Pagina<T>>;

export type ChaveConsulta = (consulta: ConsultaLista) => QueryKey;

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;
export type TamanhoPagina = (typeof TAMANHOS_PAGINA)[number];
export const TAMANHO_PAGINA_PADRAO: TamanhoPagina = 20;
