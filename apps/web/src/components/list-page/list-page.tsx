import { useEffect, useMemo, type Key, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { MENSAGENS } from '@bonifica/contracts';
import { CabecalhoPagina } from '../cabecalho-pagina';
import { EstadoCarregando, EstadoErro, EstadoVazio } from './estados-lista';
import { FiltrosBar } from './filtros-bar';
import {
  TAMANHOS_PAGINA,
  type BuscarPagina,
  type ChaveConsulta,
  type ConsultaLista,
  type FiltroDef,
  type Ordenacao,
  type TamanhoPagina,
} from './tipos';
import { useFiltrosUrl } from './use-filtros-url';

export type ListPageProps<T> = {
  titulo: string;
  descricao?: ReactNode;
  colunas: DataTableColumn<T>[];
  buscar: BuscarPagina<T>;
  /** From the feature's query-key factory, so a save there can invalidate this list. */
  chaveConsulta: ChaveConsulta;
  filtros?: readonly FiltroDef[];
  ordenacaoPadrao?: Ordenacao;
  tamanhoPadrao?: TamanhoPagina;
  /** Buttons of one row (editar, desativar…), drawn in a last "Ações" column. */
  acoesLinha?: (registro: T) => ReactNode;
  /** The "Novo" button (or any header action), beside the title. */
  acaoNovo?: ReactNode;
  /** Row key; defaults to the record's `id`. */
  idRegistro?: (registro: T) => Key;
  /** The list is a section of a larger page (h2), not the page itself (h1). */
  secao?: boolean;
  /** What the empty list says with no filter on ("Nenhuma importação ainda."). */
  mensagemVazia?: string;
  /** Between the filters and the table: a notice, or the actions on the selected rows. */
  acimaDaTabela?: ReactNode;
  /** Rows with a checkbox; `podeSelecionar` leaves the others without one. */
  selecao?: { selecionados: T[]; aoMudar: (registros: T[]) => void; podeSelecionar?: (registro: T) => boolean; rotulo?: (registro: T) => string };
};

const SEM_FILTROS: readonly FiltroDef[] = [];
const COLUNA_ACOES = '__acoes';
// The table's own labels for these buttons are in English.
const ROTULOS_PAGINACAO = {
  first: 'Primeira página',
  last: 'Última página',
  previous: 'Página anterior',
  next: 'Próxima página',
} as const;

function mensagemDe(erro: unknown): string {
  return erro instanceof Error && erro.message ? erro.message : MENSAGENS.erroServidorAtualize;
}

/**
 * The one list block of the product (ARCHITECTURE §2, §7): filters declared as data, state in the
 * URL, server paging and sorting through TanStack Query, and the loading, empty and error states.
 */
export function ListPage<T>({
  titulo,
  descricao,
  colunas,
  buscar,
  chaveConsulta,
  filtros = SEM_FILTROS,
  ordenacaoPadrao,
  tamanhoPadrao,
  acoesLinha,
  acaoNovo,
  idRegistro,
  secao,
  mensagemVazia,
  acimaDaTabela,
  selecao,
}: ListPageProps<T>) {
  const camposOrdenaveis = useMemo(() => colunas.filter((c) => c.sortable).map((c) => String(c.accessor)), [colunas]);
  const estado = useFiltrosUrl({ filtros, camposOrdenaveis, ordenacaoPadrao, tamanhoPadrao });
  const { filtro, pagina, tamanho, ordenacao, definirPagina } = estado;

  const consulta: ConsultaLista = { filtro, page: pagina - 1, size: tamanho, ordenacao };
  const lista = useQuery({
    queryKey: chaveConsulta(consulta),
    queryFn: () => buscar(consulta.filtro, consulta.page, consulta.size, consulta.ordenacao),
    // The previous page stays on screen (under the table's loader) while the next one loads.
    placeholderData: keepPreviousData,
  });

  const dados = lista.data;
  // After deleting the last row of the last page, or from an old link, go to the last page that exists.
  useEffect(() => {
    if (dados && !lista.isPlaceholderData && dados.content.length === 0 && pagina > 1 && dados.totalElements > 0) {
      definirPagina(Math.max(1, dados.totalPages));
    }
  }, [dados, lista.isPlaceholderData, pagina, definirPagina]);

  const todasColunas = useMemo<DataTableColumn<T>[]>(
    () =>
      acoesLinha
        ? [
            ...colunas,
            { accessor: COLUNA_ACOES, title: 'Ações', textAlign: 'right', width: '0%', render: (registro) => acoesLinha(registro) },
          ]
        : colunas,
    [colunas, acoesLinha],
  );

  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: ordenacao?.campo ?? '',
    direction: ordenacao?.direcao ?? 'asc',
  };

  let corpo: ReactNode;
  if (lista.isPending) {
    corpo = <EstadoCarregando />;
  } else if (lista.isError) {
    corpo = <EstadoErro mensagem={mensagemDe(lista.error)} aoTentarNovamente={() => void lista.refetch()} tentando={lista.isFetching} />;
  } else if (lista.data.content.length === 0 && !lista.isPlaceholderData) {
    corpo = <EstadoVazio temFiltros={estado.temFiltros} aoLimparFiltros={estado.limparFiltros} acaoNovo={acaoNovo} mensagem={mensagemVazia} />;
  } else {
    corpo = (
      <DataTable<T>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={160}
        records={lista.data.content}
        columns={todasColunas}
        idAccessor={idRegistro ?? ((r: T) => (r as { id: Key }).id)}
        fetching={lista.isFetching}
        loadingText="Carregando..."
        noRecordsText="Nenhum registro encontrado."
        sortStatus={sortStatus}
        onSortStatusChange={(s) => estado.definirOrdenacao({ campo: String(s.columnAccessor), direcao: s.direction })}
        page={pagina}
        onPageChange={definirPagina}
        totalRecords={lista.data.totalElements}
        recordsPerPage={tamanho}
        recordsPerPageOptions={[...TAMANHOS_PAGINA]}
        onRecordsPerPageChange={estado.definirTamanho}
        recordsPerPageLabel="Registros por página"
        // The server stops counting past a limit on big lists (totalLimitado): "1–20 de mais de 10.000".
        paginationText={({ from, to, totalRecords }) => `${from}–${to} de ${lista.data.totalLimitado ? 'mais de ' : ''}${totalRecords.toLocaleString('pt-BR')}`}
        getPaginationControlProps={(controle) => ({ 'aria-label': ROTULOS_PAGINACAO[controle] })}
        {...(selecao
          ? {
              selectedRecords: selecao.selecionados,
              onSelectedRecordsChange: selecao.aoMudar,
              isRecordSelectable: selecao.podeSelecionar,
              selectionCheckboxProps: { 'aria-label': 'Selecionar todas desta página' },
              getRecordSelectionCheckboxProps: (r: T) => ({ 'aria-label': selecao.rotulo ? selecao.rotulo(r) : 'Selecionar' }),
            }
          : {})}
      />
    );
  }

  return (
    <Stack gap="md">
      <CabecalhoPagina titulo={titulo} descricao={descricao} acoes={acaoNovo} secao={secao} />
      <FiltrosBar
        filtros={filtros}
        brutos={estado.brutos}
        aoMudar={estado.definirFiltro}
        aoLimpar={estado.limparFiltros}
        temFiltros={estado.temFiltros}
      />
      {acimaDaTabela}
      {corpo}
    </Stack>
  );
}
