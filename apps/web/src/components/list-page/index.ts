export { ListPage, type ListPageProps } from './list-page';
export { PARAMS_LISTA, lerEstadoLista, useFiltroDaTela, useFiltrosUrl } from './use-filtros-url';
export {
  TAMANHO_PAGINA_PADRAO,
  TAMANHOS_PAGINA,
  type BuscarPagina,
  type ChaveConsulta,
  type ConsultaLista,
  type FiltroDef,
  type OpcaoFiltro,
  type Ordenacao,
  type TamanhoPagina,
  type TipoFiltro,
  type ValoresFiltro,
} from './tipos';
export { SoNoCelular, aPartirDe } from './colunas';
export { BotaoExcluir } from './botao-excluir';
