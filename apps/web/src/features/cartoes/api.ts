import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STATUS_CARTAO,
  STATUS_IMPRESSAO,
  type Cartao,
  type CartaoResumo,
  type EmitirCartoes,
  type EstatisticaVidaCartao,
  type FiltroCartao,
  type FiltroFilaImpressao,
  type ItemFilaImpressao,
  type LoteImpressao,
  type NumeracaoCartao,
  type Pagina,
  type RelatorioUsoCliente,
  type RelatorioUsoClienteFiltro,
  type RelatorioUsoEmpresa,
  type RelatorioUsoEmpresaFiltro,
  type ResultadoEmissao,
  type SalvarFilaImpressao,
  type StatusCartao,
  type StatusImpressao,
  type SubstituirCartao,
  type VincularCartao,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { salvarArquivo } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista, Ordenacao, ValoresFiltro } from '../../components/list-page';

/** One key factory for the area: any change of a card invalidates lists, records and the queue. */
export const chavesCartoes = {
  raiz: ['cartoes'] as const,
  lista: (consulta: ConsultaLista) => ['cartoes', 'lista', consulta] as const,
  registro: (id: number) => ['cartoes', 'registro', id] as const,
  vida: (id: number) => ['cartoes', 'vida', id] as const,
  fila: (consulta: ConsultaLista) => ['cartoes', 'fila', consulta] as const,
  numeracao: ['cartoes', 'numeracao'] as const,
  usoEmpresa: (f: RelatorioUsoEmpresaFiltro) => ['cartoes', 'uso-empresa', f] as const,
  usoCliente: (f: RelatorioUsoClienteFiltro | null) => ['cartoes', 'uso-cliente', f] as const,
};

const CAMPOS_ORDENACAO = { numero: 'numero', emitidoEm: 'emitidoEm', clienteNome: 'clienteNome' } as const;

/** URL filter values → FiltroCartao; what a hand-edited link got wrong is dropped. */
export function paraFiltroCartao(filtro: ValoresFiltro, ordenacao: Ordenacao | null): FiltroCartao {
  const corpo: FiltroCartao = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.status === 'string' && (STATUS_CARTAO as readonly string[]).includes(filtro.status)) corpo.status = filtro.status as StatusCartao;
  if (ordenacao && ordenacao.campo in CAMPOS_ORDENACAO) {
    corpo.ordenarPor = CAMPOS_ORDENACAO[ordenacao.campo as keyof typeof CAMPOS_ORDENACAO];
    corpo.direcao = ordenacao.direcao;
  }
  return corpo;
}

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarCartoes: BuscarPagina<CartaoResumo> = async (filtro, page, size, ordenacao) =>
  (await api.post<Pagina<CartaoResumo>>(`card/filterpaginated/${page}/${size}`, paraFiltroCartao(filtro, ordenacao))).result ?? paginaVazia(page, size);

export function paraFiltroFila(filtro: ValoresFiltro): FiltroFilaImpressao {
  const corpo: FiltroFilaImpressao = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.lote === 'string') corpo.lote = filtro.lote.slice(0, 40);
  if (typeof filtro.status === 'string' && (STATUS_IMPRESSAO as readonly string[]).includes(filtro.status)) corpo.status = filtro.status as StatusImpressao;
  return corpo;
}

export const buscarFila: BuscarPagina<ItemFilaImpressao> = async (filtro, page, size) =>
  (await api.post<Pagina<ItemFilaImpressao>>(`card/filaimpressao/filter/${page}/${size}`, paraFiltroFila(filtro))).result ?? paginaVazia(page, size);

export function useCartao(id: number) {
  return useQuery({
    queryKey: chavesCartoes.registro(id),
    queryFn: async () => {
      const r = (await api.get<Cartao>(`card/findbyid/${id}`)).result;
      if (!r) throw new Error('Cartão não encontrado.');
      return r;
    },
  });
}

export function useVidaCartao(id: number) {
  return useQuery({
    queryKey: chavesCartoes.vida(id),
    queryFn: async () => {
      const r = (await api.get<EstatisticaVidaCartao>(`card/${id}/estatistica/vida`)).result;
      if (!r) throw new Error('Cartão não encontrado.');
      return r;
    },
  });
}

export function useNumeracao(ativo: boolean) {
  return useQuery({ queryKey: chavesCartoes.numeracao, queryFn: async () => (await api.get<NumeracaoCartao>('card/numeracao')).result, enabled: ativo });
}

/** Every mutation of the area: run, then refresh whatever shows cards. */
function useMutacaoCartoes<E, R>(fn: (entrada: E) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCartoes.raiz }) });
}

const resultado = <R>(p: Promise<{ result: R | null }>) => p.then((e) => e.result as R);

export const useEmitirCartoes = () => useMutacaoCartoes((d: EmitirCartoes) => resultado(api.post<ResultadoEmissao>('card/emitir', d)));
export const useVincularCartao = () => useMutacaoCartoes((d: VincularCartao) => resultado(api.post<Cartao>('card/vincular', d)));
export const useSubstituirCartao = () => useMutacaoCartoes((d: SubstituirCartao) => resultado(api.post<Cartao>('card/substituir', d)));
export const useBloquearCartao = () => useMutacaoCartoes((d: { id: number; motivo: string }) => resultado(api.post<Cartao>(`card/${d.id}/bloquear`, { motivo: d.motivo })));
export const useDesbloquearCartao = () =>
  useMutacaoCartoes((d: { id: number; motivo?: string }) => resultado(api.post<Cartao>(`card/${d.id}/desbloquear`, d.motivo ? { motivo: d.motivo } : {})));
export const useAdicionarFila = () => useMutacaoCartoes((ids: number[]) => resultado(api.post<{ adicionados: number; jaNaFila: number }>('card/addcardprintqueue', { ids })));
export const useCriarLote = () => useMutacaoCartoes((itens: number[] | undefined) => resultado(api.post<LoteImpressao>('card/createcardlistprint', itens ? { itens } : {})));
export const useSalvarFila = () => useMutacaoCartoes((d: SalvarFilaImpressao) => resultado(api.post<{ alterados: number }>('card/filaimpressao/salveall', d)));
export const useSalvarNumeracao = () => useMutacaoCartoes((prefixo: string) => resultado(api.post<NumeracaoCartao>('card/numeracao', { prefixo })));

export function useUsoEmpresa(f: RelatorioUsoEmpresaFiltro) {
  return useQuery({ queryKey: chavesCartoes.usoEmpresa(f), queryFn: () => resultado(api.post<RelatorioUsoEmpresa>('card/relatorio/empresa', f)) });
}

export function useUsoCliente(f: RelatorioUsoClienteFiltro | null) {
  return useQuery({ queryKey: chavesCartoes.usoCliente(f), queryFn: () => resultado(api.post<RelatorioUsoCliente>('card/relatorio/cliente', f)), enabled: f !== null });
}

export type PedidoPdf = { caminho: 'card/print' | 'card/print/back'; corpo: { id: number } } | { caminho: 'card/printcardlist' | 'card/printcardlist/back'; corpo: { ids: number[] } };

/** card/exportar/clientes/csv with the list's filter. */
export function exportarCsv(filtro: FiltroCartao): Promise<void> {
  return salvarArquivo({ caminho: 'card/exportar/clientes/csv', corpo: filtro }, 'text/csv', 'cartoes-clientes.csv');
}
