import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Cupom,
  CupomCopia,
  CupomSave,
  EnviarCupomWhats,
  EnvioCupomWhats,
  FiltroCupom,
  FiltroResgatados,
  Pagina,
  Publico,
  TarefaCriada,
  TesteCupomWhats,
  TesteCupomWhatsResposta,
  TipoCupom,
  UsoCupom,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf, salvarArquivo } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** Calls of the coupon screens (docs/areas/cupons.md); the terminal applies codes through the sale itself. */
export const chavesCupons = {
  todos: ['cupons'] as const,
  lista: (tipo: TipoCupom) => (consulta: ConsultaLista) => ['cupons', 'lista', tipo, consulta] as const,
  resgatados: (consulta: ConsultaLista) => ['cupons', 'resgatados', consulta] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarCupons =
  (tipo: TipoCupom): BuscarPagina<Cupom> =>
  async (filtro, page, size) => {
    const corpo: FiltroCupom = { tipo };
    if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
    if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
    return (await api.post<Pagina<Cupom>>(`cupomdesconto/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
  };

export const buscarResgatados: BuscarPagina<UsoCupom> = async (filtro, page, size) => {
  const corpo: FiltroResgatados = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (filtro.status === 'USADO' || filtro.status === 'CANCELADO') corpo.status = filtro.status;
  if (typeof filtro.de === 'string') corpo.de = filtro.de;
  if (typeof filtro.ate === 'string') corpo.ate = filtro.ate;
  return (await api.post<Pagina<UsoCupom>>(`cupomdesconto/filtrar/resgatados/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export async function duplicarCupom(id: number): Promise<CupomCopia> {
  return (await api.get<CupomCopia>(`cupomdesconto/duplicar/${id}`)).result!;
}

export async function gerarCodigos(id: number): Promise<string> {
  return (await api.post<TarefaCriada>(`cupomdesconto/gerar/${id}`, {})).result!.id;
}

export const imprimirCupons = (id: number) => abrirPdf({ caminho: `cupomdesconto/gerarimpressao${id}`, corpo: {} });
export const baixarCsv = (id: number) => salvarArquivo({ caminho: `cupomdesconto/download/cupons/csv/${id}` }, 'text/csv', `cupons-${id}.csv`);

export async function cancelarUso(id: number, motivo: string): Promise<void> {
  await api.get(`cupomdesconto/cancelar/${id}?motivo=${encodeURIComponent(motivo)}`);
}

export function useSalvarCupom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: CupomSave) => (await api.post<Cupom>('cupomdesconto/save', dados)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCupons.todos }),
  });
}

export function useExcluirCupom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`cupomdesconto/delete/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCupons.todos }),
  });
}

/** The audiences a coupon can be sent to (first 100, as the campaign form). */
export function usePublicosParaEnvio(ativo: boolean) {
  return useQuery({
    queryKey: ['publicos', 'opcoes-cupom'],
    queryFn: async () => (await api.post<Pagina<Publico>>('publico/filterpaginated/0/100', {})).result?.content ?? [],
    enabled: ativo,
  });
}

/** whats/enviar: `simular` counts and previews (nothing written); otherwise starts the send and returns its job. */
export async function enviarPorWhats(corpo: EnviarCupomWhats): Promise<EnvioCupomWhats> {
  return (await api.post<EnvioCupomWhats>('cupomdesconto/whats/enviar', corpo)).result!;
}

export async function testarWhats(corpo: TesteCupomWhats): Promise<TesteCupomWhatsResposta> {
  return (await api.post<TesteCupomWhatsResposta>('cupomdesconto/whats/teste', corpo)).result!;
}

export const baixarEnviosWhats = (id: number) => salvarArquivo({ caminho: 'cupomdesconto/download/whats', corpo: { cupomId: id } }, 'text/csv', `cupom-${id}-whatsapp.csv`);
