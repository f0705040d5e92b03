import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import {
  TAMANHO_PAGINA_PADRAO,
  TAMANHOS_PAGINA,
  type FiltroDef,
  type Ordenacao,
  type TamanhoPagina,
  type ValoresFiltro,
} from './tipos';

/** URL names the list keeps for itself; a filter must not be named like one of them. */
export const PARAMS_LISTA = { pagina: 'pagina', tamanho: 'tamanho', ordem: 'ordem', direcao: 'direcao' } as const;

export type OpcoesEstadoLista = {
  filtros: readonly FiltroDef[];
  /** Accessors of the sortable columns: a hand-edited URL cannot ask for another sort. */
  camposOrdenaveis: readonly string[];
  ordenacaoPadrao?: Ordenacao | null;
  tamanhoPadrao?: TamanhoPagina;
};

export type EstadoLista = {
  /** Raw text of each filter as in the URL ('' when empty), for the inputs. */
  brutos: Record<string, string>;
  filtro: ValoresFiltro;
  /** 1-based, as people count pages and as the URL shows it. */
  pagina: number;
  tamanho: TamanhoPagina;
  ordenacao: Ordenacao | null;
  temFiltros: boolean;
};

function lerFiltro(def: FiltroDef, bruto: string): string | boolean | undefined {
  if (def.tipo === 'booleano') return bruto === 'true' ? true : bruto === 'false' ? false : undefined;
  // A hand-edited link with a malformed day is ignored rather than sent for the server to refuse.
  if (def.tipo === 'data') return /^\d{4}-\d{2}-\d{2}$/.test(bruto) && !Number.isNaN(Date.parse(`${bruto}T00:00:00Z`)) ? bruto : undefined;
  const valor = bruto.trim();
  return valor === '' ? undefined : valor;
}

/** Pure reading of the URL, so a bad or stale link falls back to defaults instead of failing. */
export function lerEstadoLista(params: URLSearchParams, opcoes: OpcoesEstadoLista): EstadoLista {
  const brutos: Record<string, string> = {};
  const filtro: ValoresFiltro = {};
  for (const def of opcoes.filtros) {
    const bruto = params.get(def.nome) ?? '';
    brutos[def.nome] = bruto;
    const valor = lerFiltro(def, bruto);
    if (valor !== undefined) filtro[def.nome] = valor;
  }

  const paginaUrl = Number(params.get(PARAMS_LISTA.pagina));
  const pagina = Number.isInteger(paginaUrl) && paginaUrl >= 1 ? paginaUrl : 1;

  const tamanhoUrl = Number(params.get(PARAMS_LISTA.tamanho));
  const tamanho = (TAMANHOS_PAGINA as readonly number[]).includes(tamanhoUrl)
    ? (tamanhoUrl as TamanhoPagina)
    : (opcoes.tamanhoPadrao ?? TAMANHO_PAGINA_PADRAO);

  const campo = params.get(PARAMS_LISTA.ordem);
  const direcao = params.get(PARAMS_LISTA.direcao) === 'desc' ? 'desc' : 'asc';
  const ordenacao =
    campo && opcoes.camposOrdenaveis.includes(campo) ? { campo, direcao: direcao as Ordenacao['direcao'] } : (opcoes.ordenacaoPadrao ?? null);

  return { brutos, filtro, pagina, tamanho, ordenacao, temFiltros: Object.keys(filtro).length > 0 };
}

/**
 * Filters, sort, page and page size of a list live in the URL (ARCHITECTURE §7), so reload, back
 * and a shared link show the same page. Changes replace the history entry: Back leaves the list
 * instead of undoing one keystroke at a time. Defaults are left out to keep links short.
 */
export function useFiltrosUrl(opcoes: OpcoesEstadoLista) {
  const [params, setParams] = useSearchParams();
  // The user already left for another page (a row's link, while that page's code loads or renders):
  // a search pause ending now must not write the URL — that navigation would cancel the one under
  // way, and the attendant who typed a CPF and clicked the customer at once would land back on the
  // list. The router is asked at the call: the render it would come from may not have happened yet.
  const roteador = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  const { filtros, camposOrdenaveis, ordenacaoPadrao, tamanhoPadrao } = opcoes;
  const estado = useMemo(
    () => lerEstadoLista(params, { filtros, camposOrdenaveis, ordenacaoPadrao, tamanhoPadrao }),
    [params, filtros, camposOrdenaveis, ordenacaoPadrao, tamanhoPadrao],
  );

  const alterar = useCallback(
    (mudancas: Record<string, string | null>, reiniciarPagina: boolean) => {
      const agora = roteador?.state;
      const jaSaiu = agora !== undefined && agora.location.pathname !== pathname;
      const saindo = agora?.navigation.location !== undefined && agora.navigation.location.pathname !== pathname;
      if (jaSaiu || saindo) return;
      setParams(
        (atual) => {
          const novo = new URLSearchParams(atual);
          for (const [nome, valor] of Object.entries(mudancas)) {
            if (valor === null || valor === '') novo.delete(nome);
            else novo.set(nome, valor);
          }
          if (reiniciarPagina) novo.delete(PARAMS_LISTA.pagina);
          return novo;
        },
        { replace: true },
      );
    },
    [setParams, roteador, pathname],
  );

  const definirFiltro = useCallback((nome: string, valor: string | null) => alterar({ [nome]: valor }, true), [alterar]);

  const limparFiltros = useCallback(
    () => alterar(Object.fromEntries(filtros.map((f) => [f.nome, null])), true),
    [alterar, filtros],
  );

  const definirPagina = useCallback(
    (pagina: number) => alterar({ [PARAMS_LISTA.pagina]: pagina > 1 ? String(pagina) : null }, false),
    [alterar],
  );

  const definirTamanho = useCallback(
    (tamanho: number) =>
      alterar({ [PARAMS_LISTA.tamanho]: tamanho === (tamanhoPadrao ?? TAMANHO_PAGINA_PADRAO) ? null : String(tamanho) }, true),
    [alterar, tamanhoPadrao],
  );

  const definirOrdenacao = useCallback(
    (ordenacao: Ordenacao) => {
      const padrao = ordenacaoPadrao && ordenacaoPadrao.campo === ordenacao.campo && ordenacaoPadrao.direcao === ordenacao.direcao;
      alterar(
        {
          [PARAMS_LISTA.ordem]: padrao ? null : ordenacao.campo,
          [PARAMS_LISTA.direcao]: padrao ? null : ordenacao.direcao,
        },
        true,
      );
    },
    [alterar, ordenacaoPadrao],
  );

  return { ...estado, definirFiltro, limparFiltros, definirPagina, definirTamanho, definirOrdenacao };
}

/**
 * The filters on screen, for what a list page does besides listing (print, export, report): they are
 * read from the URL at the click, exactly as the list read them, so the file matches the rows shown.
 */
export function useFiltroDaTela(filtros: readonly FiltroDef[]): () => ValoresFiltro {
  const [params] = useSearchParams();
  return useCallback(() => lerEstadoLista(params, { filtros, camposOrdenaveis: [] }).filtro, [params, filtros]);
}
