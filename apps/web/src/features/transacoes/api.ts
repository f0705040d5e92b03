import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STATUS_TRANSACAO,
  type CorrigirDuplicadas,
  type DuplicadaFiltro,
  type GrupoDuplicadas,
  type Pagina,
  type ResultadoCancelamento,
  type ResultadoCorrecaoDuplicadas,
  type StatusTransacao,
  type Totalizador,
  type TotalizadorFiltro,
  type TransacaoFiltro,
  type TransacaoResumo,
  type UsuarioResumo,
} from '@bonifica/contracts';
import type { BuscarPagina, ConsultaLista, ValoresFiltro } from '../../components/list-page';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';

/** One key factory for the area: a cancel or a correction invalidates every list under `raiz`. */
export const chavesTransacoes = {
  raiz: ['transacoes'] as const,
  lista: (consulta: ConsultaLista) => ['transacoes', 'lista', consulta] as const,
  totalizador: (f: TotalizadorFiltro) => ['transacoes', 'totalizador', f] as const,
  duplicadas: (f: DuplicadaFiltro) => ['transacoes', 'duplicadas', f] as const,
  atendentes: ['transacoes', 'atendentes'] as const,
};

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** URL filter values → the contract's filter; whatever a hand-edited link got wrong is dropped. */
export function paraFiltroVendas(filtro: ValoresFiltro): TransacaoFiltro {
  const corpo: TransacaoFiltro = {};
  if (typeof filtro.cliente === 'string') corpo.cliente = filtro.cliente.slice(0, 120);
  if (typeof filtro.status === 'string' && (STATUS_TRANSACAO as readonly string[]).includes(filtro.status)) corpo.status = filtro.status as StatusTransacao;
  const filial = Number(filtro.filialId);
  if (Number.isInteger(filial) && filial > 0) corpo.filialId = filial;
  if (typeof filtro.de === 'string' && DIA.test(filtro.de)) corpo.de = filtro.de;
  if (typeof filtro.ate === 'string' && DIA.test(filtro.ate)) corpo.ate = filtro.ate;
  return corpo;
}

export const buscarVendas: BuscarPagina<TransacaoResumo> = async (filtro, page, size) => {
  const env = await api.post<Pagina<TransacaoResumo>>(`transacao/filterpaginated/${page}/${size}`, paraFiltroVendas(filtro));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

/** The company's users, for the attendant filter; only asked when the user may list users. */
export function useAtendentes(habilitado: boolean) {
  return useQuery({
    queryKey: chavesTransacoes.atendentes,
    queryFn: async () => (await api.post<Pagina<UsuarioResumo>>('user/filterpaginated/0/100', {})).result?.content ?? [],
    enabled: habilitado,
    staleTime: 5 * 60_000,
  });
}

export function useCancelarVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.get<ResultadoCancelamento>(`transacao/cancelar/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesTransacoes.raiz }),
  });
}

export function useTotalizador(filtro: TotalizadorFiltro | null) {
  return useQuery({
    queryKey: chavesTransacoes.totalizador(filtro ?? { de: '', ate: '' }),
    queryFn: async () => {
      const env = await api.post<Totalizador>('transacao/relatorio/totalizador/', filtro);
      if (!env.result) throw new Error('O totalizador não foi devolvido pelo servidor.');
      return env.result;
    },
    enabled: filtro !== null,
  });
}

export const imprimirTotalizador = (filtro: TotalizadorFiltro) => abrirPdf({ caminho: 'transacao/impressao/totalizador', corpo: filtro });

export function useDuplicadas(filtro: DuplicadaFiltro | null) {
  return useQuery({
    queryKey: chavesTransacoes.duplicadas(filtro ?? { minutos: 0 }),
    queryFn: async () => (await api.post<null, GrupoDuplicadas>('transacao/duplicada/relatorio', filtro)).results ?? [],
    enabled: filtro !== null,
  });
}

/**
 * One Idempotency-Key per confirmed correction: a retry after a network failure replays the first
 * answer instead of cancelling again.
 */
export function useCorrigirDuplicadas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ corpo, chave }: { corpo: CorrigirDuplicadas; chave: string }) =>
      (await api.post<ResultadoCorrecaoDuplicadas>('transacao/duplicada/corrigir', corpo, { headers: { 'Idempotency-Key': chave } })).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesTransacoes.raiz }),
  });
}
