import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuscaUnificacao,
  GrupoDuplicados,
  ConfiguracaoContasPadrao,
  ContasPadraoSave,
  QuantidadeUnificacao,
  ResultadoContasPadrao,
  ResultadoUnificacao,
  Unificacao,
} from '@bonifica/contracts';
import { api } from '../../lib/api';

/** One key factory for the accounts area (default accounts and unification). */
export const chavesContas = {
  raiz: ['contas'] as const,
  padrao: ['contas', 'padrao'] as const,
  unificacao: (origemId: number | null, destinoId: number | null) => ['contas', 'unificacao', origemId, destinoId] as const,
};

export function useContasPadrao() {
  return useQuery({
    queryKey: chavesContas.padrao,
    queryFn: async () => (await api.get<ConfiguracaoContasPadrao>('account/contapadrao')).result!,
  });
}

export function useSalvarContasPadrao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: ContasPadraoSave) => (await api.post<ConfiguracaoContasPadrao>('account/contapadrao/salvar/ordem', dados)).result!,
    onSuccess: (r) => queryClient.setQueryData(chavesContas.padrao, r),
  });
}

export async function atribuirATodos(): Promise<ResultadoContasPadrao> {
  return (await api.post<ResultadoContasPadrao>('account/contapadrao/atribuir', {})).result!;
}

/** Customers sharing a mobile or an e-mail: where a unification usually starts. */
export function useDuplicados() {
  return useQuery({
    queryKey: [...chavesContas.raiz, 'duplicados'],
    queryFn: async () => (await api.get<null, GrupoDuplicados>('client/duplicados')).results ?? [],
  });
}

/** Both sides of a unification, with balances; with the origin only, its likely duplicates too. */
export function useBuscaUnificacao(origemId: number | null, destinoId: number | null) {
  return useQuery({
    queryKey: chavesContas.unificacao(origemId, destinoId),
    queryFn: async () =>
      (await api.post<BuscaUnificacao>('conta/unificacao/buscarcontas', { ...(origemId ? { origemId } : {}), ...(destinoId ? { destinoId } : {}) })).result!,
    enabled: origemId !== null || destinoId !== null,
  });
}

export function useQuantidadeUnificacao(origemId: number | null, destinoId: number | null) {
  return useQuery({
    queryKey: [...chavesContas.unificacao(origemId, destinoId), 'quantidade'],
    queryFn: async () => (await api.post<QuantidadeUnificacao>('conta/unificacao/quantidade', { origemId, destinoId })).result!,
    enabled: origemId !== null && destinoId !== null && origemId !== destinoId,
  });
}

/** The key is made once per confirmed intention, so a double click or a retry never merges twice. */
export async function unificar(dados: Unificacao, chave: string): Promise<ResultadoUnificacao> {
  return (await api.post<ResultadoUnificacao>('conta/unificacao/unificar', dados, { headers: { 'Idempotency-Key': chave } })).result!;
}
