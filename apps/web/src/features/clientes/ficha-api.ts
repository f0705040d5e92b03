import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Ajuste,
  AtivacaoEmailSolicitada,
  CartaoResumo,
  ClientePlano,
  FormaPagamentoAtiva,
  LinhaExtrato,
  NotaCliente,
  Pagina,
  ResultadoLancamento,
  SaldoConta,
  UnidadeConta,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';

/** The customer page's sections, each under the customer's key so a change refreshes them all. */
export const chavesFicha = {
  cliente: (id: number) => ['clientes', 'ficha', id] as const,
  cartoes: (id: number, page: number) => ['clientes', 'ficha', id, 'cartoes', page] as const,
  saldos: (id: number) => ['clientes', 'ficha', id, 'saldos'] as const,
  extrato: (id: number, unidade: UnidadeConta, page: number) => ['clientes', 'ficha', id, 'extrato', unidade, page] as const,
  planos: (id: number, page: number) => ['clientes', 'ficha', id, 'planos', page] as const,
  formasPagamento: (id: number) => ['clientes', 'ficha', id, 'formas-pagamento'] as const,
  notas: (id: number, page: number) => ['clientes', 'ficha', id, 'notas', page] as const,
};

export const TAMANHO_SECAO = 10;

const vazia = <T>(page: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size: TAMANHO_SECAO });

export function useCartoesCliente(id: number, page: number) {
  return useQuery({
    queryKey: chavesFicha.cartoes(id, page),
    queryFn: async () => (await api.post<Pagina<CartaoResumo>>(`card/filterpaginated/${page}/${TAMANHO_SECAO}`, { clienteId: id, ordenarPor: 'emitidoEm', direcao: 'desc' })).result ?? vazia<CartaoResumo>(page),
    placeholderData: keepPreviousData,
  });
}

export function useSaldos(id: number) {
  return useQuery({ queryKey: chavesFicha.saldos(id), queryFn: async () => (await api.get<null, SaldoConta>(`account/saldos/${id}`)).results ?? [] });
}

export function useExtrato(id: number, unidade: UnidadeConta | null, page: number) {
  return useQuery({
    queryKey: chavesFicha.extrato(id, unidade ?? 'CASHBACK', page),
    queryFn: async () => (await api.post<Pagina<LinhaExtrato>>(`account/extrato/${id}/${page}/${TAMANHO_SECAO}`, { unidade })).result ?? vazia<LinhaExtrato>(page),
    enabled: unidade !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePlanosCliente(id: number, page: number, habilitado: boolean) {
  return useQuery({
    queryKey: chavesFicha.planos(id, page),
    queryFn: async () => (await api.post<Pagina<ClientePlano>>(`account/clienteplano/filterpaginated/${page}/${TAMANHO_SECAO}`, { clienteId: id })).result ?? vazia<ClientePlano>(page),
    enabled: habilitado,
    placeholderData: keepPreviousData,
  });
}

export function useFormasPagamento(id: number) {
  return useQuery({
    queryKey: chavesFicha.formasPagamento(id),
    queryFn: async () => (await api.get<null, FormaPagamentoAtiva>(`client/${id}/formapagamento/ativo`)).results ?? [],
  });
}

export function useNotas(id: number, page: number) {
  return useQuery({
    queryKey: chavesFicha.notas(id, page),
    queryFn: async () => (await api.post<Pagina<NotaCliente>>(`client/${id}/notas/${page}/${TAMANHO_SECAO}`)).result ?? vazia<NotaCliente>(page),
    placeholderData: keepPreviousData,
  });
}

export function useAdicionarNota(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (texto: string) => (await api.post<NotaCliente>(`client/${id}/nota`, { texto })).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['clientes', 'ficha', id, 'notas'] }),
  });
}

export function useSolicitarAtivacao() {
  return useMutation({
    mutationFn: async (clienteId: number) => (await api.post<AtivacaoEmailSolicitada>('client/solicitarativacaoemail', { clienteId })).result!,
  });
}

export const abrirContrato = (id: number) => abrirPdf({ caminho: `client/gerarcontrato/${id}` });

/** A fresh key per attempt: a double click or a retried request posts the adjustment once (ARCHITECTURE §5). */
const chaveIdempotencia = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export function useAjustarSaldo(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ajuste: Ajuste) => (await api.post<ResultadoLancamento>('account/lancamento/ajuste', ajuste, { headers: chaveIdempotencia() })).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesFicha.cliente(clienteId) }),
  });
}

export function useEstornarLancamento(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lancamentoId, motivo }: { lancamentoId: number; motivo: string }) =>
      (await api.post<{ lancamentoId: number }>(`account/lancamento/estornar/${lancamentoId}`, { motivo }, { headers: chaveIdempotencia() })).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesFicha.cliente(clienteId) }),
  });
}
