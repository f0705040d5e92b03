import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltroResgatesParceiro, Pagina, ResgateParceiro, ResgateParceiroNovo, ResultadoResgateParceiro, SaldoConta, TotalizadorParceiro } from '@bonifica/contracts';
import { api, chamar } from '../../lib/api';

/** Redemptions at a partner (convenio/conta/*): list, totals, post and reversal. */
export const chavesResgates = {
  raiz: (parceiroId: number) => ['empresa', 'parceiros', parceiroId, 'resgates'] as const,
  lista: (parceiroId: number, filtro: FiltroResgatesParceiro, page: number, size: number) => ['empresa', 'parceiros', parceiroId, 'resgates', 'lista', filtro, page, size] as const,
  totalizador: (parceiroId: number, de?: string, ate?: string) => ['empresa', 'parceiros', parceiroId, 'resgates', 'totalizador', de ?? '', ate ?? ''] as const,
  saldos: (clienteId: number) => ['empresa', 'parceiros', 'saldos-cliente', clienteId] as const,
};

export function useResgates(parceiroId: number, filtro: FiltroResgatesParceiro, page: number, size: number) {
  return useQuery({
    queryKey: chavesResgates.lista(parceiroId, filtro, page, size),
    queryFn: async () => (await api.post<Pagina<ResgateParceiro>>(`convenio/conta/filtrar/${parceiroId}/${page}/${size}`, filtro)).result,
    placeholderData: keepPreviousData,
  });
}

export function useTotalizador(parceiroId: number, de?: string, ate?: string) {
  const q = new URLSearchParams();
  if (de) q.set('de', de);
  if (ate) q.set('ate', ate);
  const sufixo = q.size > 0 ? `?${q.toString()}` : '';
  return useQuery({
    queryKey: chavesResgates.totalizador(parceiroId, de, ate),
    queryFn: async () => (await api.get<TotalizadorParceiro>(`convenio/conta/${parceiroId}/totalizador${sufixo}`)).result,
  });
}

/** The customer's balances (account/saldos): the form shows what may be used now. */
export function useSaldosCliente(clienteId: number | null) {
  return useQuery({
    queryKey: chavesResgates.saldos(clienteId ?? 0),
    queryFn: async () => (await api.get<null, SaldoConta>(`account/saldos/${clienteId}`)).results ?? [],
    enabled: clienteId !== null,
  });
}

/** One Idempotency-Key per attempt: a double click or a retry after a network failure posts once. */
export function useLancarResgate(parceiroId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ corpo, chave }: { corpo: ResgateParceiroNovo; chave: string }) =>
      (await api.post<ResultadoResgateParceiro>('convenio/conta', corpo, { headers: { 'Idempotency-Key': chave } })).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesResgates.raiz(parceiroId) }),
  });
}

export function useEstornarResgate(parceiroId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ resgateId, motivo, chave }: { resgateId: number; motivo: string; chave: string }) =>
      (await chamar<ResultadoResgateParceiro>('DELETE', `convenio/conta/${parceiroId}/excluir/${resgateId}`, { motivo }, { headers: { 'Idempotency-Key': chave } })).result!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesResgates.raiz(parceiroId) }),
  });
}

export const novaChave = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
