import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CAMPOS_ORDENACAO_SAIDA,
  ORIGENS_MENSAGEM,
  STATUS_MENSAGEM,
  type CampoOrdenacaoSaida,
  type FiltroCaixaSaida,
  type MensagemCaixa,
  type OrigemMensagem,
  type Pagina,
  type ResolucaoRevisar,
  type ResultadoResolver,
  type ResumoCaixaSaida,
  type StatusMensagemSaida,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

export const chavesCaixa = {
  raiz: ['caixa-saida'] as const,
  lista: (consulta: ConsultaLista) => ['caixa-saida', 'lista', consulta] as const,
  resumo: ['caixa-saida', 'resumo'] as const,
};

const um = <T extends string>(lista: readonly T[], v: unknown): T | undefined => (typeof v === 'string' && (lista as readonly string[]).includes(v) ? (v as T) : undefined);

export const buscarCaixa: BuscarPagina<MensagemCaixa> = async (filtro, page, size, ordenacao) => {
  const corpo: FiltroCaixaSaida = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  corpo.status = um<StatusMensagemSaida>(STATUS_MENSAGEM, filtro.status);
  corpo.origem = um<OrigemMensagem>(ORIGENS_MENSAGEM, filtro.origem);
  if (typeof filtro.lote === 'string' && /^\d+$/.test(filtro.lote)) corpo.loteId = Number(filtro.lote);
  if (typeof filtro.de === 'string') corpo.de = filtro.de;
  if (typeof filtro.ate === 'string') corpo.ate = filtro.ate;
  const campo = ordenacao ? um<CampoOrdenacaoSaida>(CAMPOS_ORDENACAO_SAIDA, ordenacao.campo) : undefined;
  if (campo && ordenacao) {
    corpo.ordenarPor = campo;
    corpo.direcao = ordenacao.direcao;
  }
  const limpo = Object.fromEntries(Object.entries(corpo).filter(([, v]) => v !== undefined));
  return (await api.post<Pagina<MensagemCaixa>>(`mensagem/saida/filterpaginated/${page}/${size}`, limpo)).result!;
};

/** How many wait for a decision, and the batches of the filter. */
export function useResumoCaixa() {
  return useQuery({ queryKey: chavesCaixa.resumo, queryFn: async () => (await api.get<ResumoCaixaSaida>('mensagem/saida/resumo')).result!, refetchInterval: 60_000 });
}

export function useResolver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { ids: number[]; acao: ResolucaoRevisar }) => (await api.post<ResultadoResolver>('mensagem/saida/resolver', v)).result!,
    // The list, the count and any batch progress on screen change with it.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: chavesCaixa.raiz });
      void qc.invalidateQueries({ queryKey: ['campanhas'] });
    },
  });
}
