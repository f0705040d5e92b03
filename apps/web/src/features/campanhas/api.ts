import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campanha,
  CampanhaSave,
  ContagemPublico,
  DisparoCampanha,
  FiltroCampanha,
  ModeloMensagem,
  Pagina,
  ParticipanteCampanha,
  Publico,
  ResultadosCampanha,
  StatusCampanha,
} from '@bonifica/contracts';
import { STATUS_CAMPANHA, type ProgressoLoteMensagem } from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';


export const chavesCampanhas = {
  todas: ['campanhas'] as const,
  lista: (consulta: ConsultaLista) => ['campanhas', 'lista', consulta] as const,
  campanha: (id: number) => ['campanhas', 'item', id] as const,
  lote: (id: number) => ['campanhas', 'lote', id] as const,
  participantes: (id: number, page: number, size: number, grupo: string) => ['campanhas', 'participantes', id, page, size, grupo] as const,
  resultados: (id: number, dias: number) => ['campanhas', 'resultados', id, dias] as const,
  opcoes: ['campanhas', 'opcoes'] as const,
  contagem: (publicoId: number) => ['campanhas', 'contagem', publicoId] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarCampanhas: BuscarPagina<Campanha> = async (filtro, page, size) => {
  const corpo: FiltroCampanha = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 80);
  if (typeof filtro.status === 'string' && (STATUS_CAMPANHA as readonly string[]).includes(filtro.status)) corpo.status = filtro.status as StatusCampanha;
  return (await api.post<Pagina<Campanha>>(`campanha/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export function useCampanha(id: number | null) {
  return useQuery({
    queryKey: chavesCampanhas.campanha(id ?? 0),
    queryFn: async () => (await api.get<Campanha>(`campanha/findbyid/${id}`)).result!,
    enabled: id !== null,
    // While it sends, the status (ENVIANDO → CONCLUIDA) follows the batch.
    refetchInterval: (q) => (q.state.data && ['ENVIANDO', 'AGENDADA'].includes(q.state.data.status) ? 5000 : false),
  });
}

/** Live progress: polled every 2 s while the batch has something pending. */
export function useProgressoLote(loteId: number | null) {
  return useQuery({
    queryKey: chavesCampanhas.lote(loteId ?? 0),
    queryFn: async () => (await api.get<ProgressoLoteMensagem>(`servidorwhatsapp/lote/${loteId}`)).result!,
    enabled: loteId !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.fila > 0 || q.state.data.enviando > 0) && q.state.data.status !== 'PAUSADO' ? 2000 : 10_000),
  });
}

export function useParticipantes(id: number, page: number, size: number, grupo: '' | 'ENVIO' | 'CONTROLE') {
  return useQuery({
    queryKey: chavesCampanhas.participantes(id, page, size, grupo),
    queryFn: async () =>
      (await api.get<Pagina<ParticipanteCampanha>>(`filtrar/participantes/${id}/${page}/${size}${grupo ? `?grupo=${grupo}` : ''}`)).result ?? paginaVazia<ParticipanteCampanha>(page, size),
    placeholderData: (anterior) => anterior,
  });
}

export function useResultados(id: number, dias: number, ativo: boolean) {
  return useQuery({
    queryKey: chavesCampanhas.resultados(id, dias),
    queryFn: async () => (await api.get<ResultadosCampanha>(`campanha/resultados/${id}?dias=${dias}`)).result!,
    enabled: ativo,
    placeholderData: (anterior) => anterior,
    refetchInterval: 15_000,
  });
}

/** Audiences and active WhatsApp templates to choose from (first 100 of each, the largest page). */
export function useOpcoesCampanha() {
  return useQuery({
    queryKey: chavesCampanhas.opcoes,
    queryFn: async () => {
      const [p, m] = await Promise.all([
        api.post<Pagina<Publico>>('publico/filterpaginated/0/100', {}),
        api.post<Pagina<ModeloMensagem>>('mensagem/modelo/filterpaginated/0/100', { ativo: true }),
      ]);
      return { publicos: p.result?.content ?? [], modelos: m.result?.content ?? [] };
    },
  });
}

/** How many customers the chosen audience has now (before consent and block: the campaign shows both). */
export function useContagemPublico(publico: Publico | undefined) {
  return useQuery({
    queryKey: chavesCampanhas.contagem(publico?.id ?? 0),
    queryFn: async () => (await api.post<ContagemPublico>('publico/contagem', publico!.condicoes)).result!,
    enabled: !!publico,
    staleTime: 30_000,
  });
}

export function useSalvarCampanha() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: CampanhaSave) => (await api.post<Campanha>('campanha/save', c)).result!,
    onSuccess: () => qc.invalidateQueries({ queryKey: chavesCampanhas.todas }),
  });
}

export function useExcluirCampanha() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`campanha/delete/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: chavesCampanhas.todas }),
  });
}

/** Fire, pause, resume, cancel: the last three are the batch's own calls (GETs that change data, with XSRF). */
export function useAcaoCampanha() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ acao, campanha }: { acao: 'disparar' | 'pausar' | 'iniciar' | 'cancelar'; campanha: Campanha }) => {
      if (acao === 'disparar') return (await api.post<DisparoCampanha>(`campanha/disparar/${campanha.id}`)).result;
      if (acao === 'cancelar') return (await api.get(`servidorwhatsapp/cancelar/${campanha.loteId}`)).result;
      return (await api.get(`servidorwhatsapp/${acao}?lote=${campanha.loteId}`)).result;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: chavesCampanhas.todas }),
  });
}
