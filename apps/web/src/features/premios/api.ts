import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CanalComprovante,
  FiltroPremio,
  FiltroResgatePremio,
  HistoricoResgatePremio,
  Pagina,
  Premio,
  PremioSave,
  RelatorioResgatePremio,
  ReenvioComprovante,
  ResgatePremio,
  StatusResgatePremio,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';
import type { BuscarPagina } from '../../components/list-page';
import { chavesPremios } from '../../lib/premios';

/** Calls of the prize screens (docs/areas/premios.md); the ones the terminal shares live in lib/premios.ts. */
export { chavesPremios, entregar, imprimirComprovante, custoDoPremio } from '../../lib/premios';

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });
const idPositivo = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export const buscarPremios: BuscarPagina<Premio> = async (filtro, page, size) => {
  const corpo: FiltroPremio = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
  const filialId = idPositivo(filtro.filialId);
  if (filialId) corpo.filialId = filialId;
  return (await api.post<Pagina<Premio>>(`premio/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const buscarResgates: BuscarPagina<ResgatePremio> = async (filtro, page, size) => {
  const corpo: FiltroResgatePremio = {};
  if (typeof filtro.status === 'string') corpo.status = filtro.status as StatusResgatePremio;
  if (typeof filtro.codigo === 'string') corpo.codigo = filtro.codigo.slice(0, 20);
  for (const campo of ['premioId', 'filialId'] as const) {
    const id = idPositivo(filtro[campo]);
    if (id) corpo[campo] = id;
  }
  if (typeof filtro.de === 'string') corpo.de = filtro.de;
  if (typeof filtro.ate === 'string') corpo.ate = filtro.ate;
  return (await api.post<Pagina<ResgatePremio>>(`premio/resgate/filtrar/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export async function historicoDoResgate(id: number): Promise<HistoricoResgatePremio[]> {
  return (await api.get<HistoricoResgatePremio[]>(`premio/resgate/historico/${id}`)).result ?? [];
}

export async function relatorioResgates(de: string, ate: string): Promise<RelatorioResgatePremio | null> {
  return (await api.post<RelatorioResgatePremio>('premio/resgate/relatorio', { de, ate })).result;
}

export async function enviarFoto(arquivo: File): Promise<number> {
  return (await api.enviarArquivo<{ id: number }>('arquivo/upload', arquivo)).result!.id;
}

export async function mudarStatus(id: number, status: StatusResgatePremio, observacao?: string): Promise<ResgatePremio> {
  return (await api.post<ResgatePremio>('premio/resgate/alterar/status', { id, status, ...(observacao ? { observacao } : {}) })).result!;
}

export async function cancelarResgate(id: number, motivo: string): Promise<ResgatePremio> {
  return (await api.get<ResgatePremio>(`premio/resgate/cancelar/${id}?motivo=${encodeURIComponent(motivo)}`)).result!;
}

/** Re-sends the voucher on `canal` (WhatsApp, or e-mail with the PDF attached); the reply says which went. */
export async function reenviarComprovante(id: number, canal: CanalComprovante): Promise<ReenvioComprovante> {
  return (await api.get<ReenvioComprovante>(`premio/resgate/reenviar/resgate/${id}?canal=${canal}`)).result!;
}

export const imprimirCatalogo = () => abrirPdf({ caminho: 'premio/imprimir', corpo: {} });

export function useSalvarPremio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: PremioSave) => (await api.post<Premio>('premio/save', dados)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPremios.todos }),
  });
}

export function useExcluirPremio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`premio/delete/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesPremios.todos }),
  });
}

/** Any change to a redemption refreshes the lists, the report and the customer's prizes. */
export function useInvalidarResgates() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: chavesPremios.todos });
}
