import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DISPOSITIVO_TOKEN_CHAVE,
  type Dispositivo,
  type DispositivoSave,
  type Filial,
  type FilialSave,
  type FiltroDispositivo,
  type FiltroFilial,
  type FiltroRedeCredenciada,
  type Pagina,
  type RedeCredenciada,
  type RedeCredenciadaSave,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';
import { CHAVE_FILIAIS_REDE } from '../../components/use-filiais-rede';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** One key factory for the area (branches and devices). */
export const chavesEmpresa = {
  filiais: ['empresa', 'filiais'] as const,
  listaFiliais: (consulta: ConsultaLista) => ['empresa', 'filiais', 'lista', consulta] as const,
  dispositivos: ['empresa', 'dispositivos'] as const,
  listaDispositivos: (consulta: ConsultaLista) => ['empresa', 'dispositivos', 'lista', consulta] as const,
  parceiros: ['empresa', 'parceiros'] as const,
  listaParceiros: (consulta: ConsultaLista) => ['empresa', 'parceiros', 'lista', consulta] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarFiliais: BuscarPagina<Filial> = async (filtro, page, size, ordenacao) => {
  const corpo: FiltroFilial = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.ativa === 'boolean') corpo.ativa = filtro.ativa;
  if (ordenacao?.campo === 'shortName') corpo.direcao = ordenacao.direcao;
  return (await api.post<Pagina<Filial>>(`company/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const buscarDispositivos: BuscarPagina<Dispositivo> = async (filtro, page, size) => {
  const corpo: FiltroDispositivo = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
  const filialId = Number(filtro.filialId);
  if (Number.isInteger(filialId) && filialId > 0) corpo.filialId = filialId;
  return (await api.post<Pagina<Dispositivo>>(`computers/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const buscarParceiros: BuscarPagina<RedeCredenciada> = async (filtro, page, size) => {
  const corpo: FiltroRedeCredenciada = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
  return (await api.post<Pagina<RedeCredenciada>>(`convenio/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const imprimirQrCode = (empresaId: number) => abrirPdf({ caminho: 'company/imprimir/qrcode', corpo: { empresaId } });

function useInvalidar(...chaves: (readonly string[])[]) {
  const queryClient = useQueryClient();
  // Not awaited: the drawer closes at once and the list refreshes behind it.
  return () => chaves.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
}

export function useSalvarFilial() {
  const invalidar = useInvalidar(chavesEmpresa.filiais, CHAVE_FILIAIS_REDE);
  return useMutation({ mutationFn: async (dados: FilialSave) => (await api.post<Filial>('company/save', dados)).result, onSuccess: invalidar });
}

/** DELETE company/delete deactivates: the branch's history stays. */
export function useDesativarFilial() {
  const invalidar = useInvalidar(chavesEmpresa.filiais, CHAVE_FILIAIS_REDE);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`company/delete/${id}`)).result, onSuccess: invalidar });
}

export function useSalvarDispositivo() {
  const invalidar = useInvalidar(chavesEmpresa.dispositivos);
  return useMutation({ mutationFn: async (dados: DispositivoSave) => (await api.post<Dispositivo>('computers/save', dados)).result, onSuccess: invalidar });
}

export function useAlterarStatusDispositivo() {
  const invalidar = useInvalidar(chavesEmpresa.dispositivos);
  return useMutation({ mutationFn: async (id: number) => (await api.get<Dispositivo>(`computers/alterarstatus/${id}`)).result, onSuccess: invalidar });
}

export function useNovoTokenDispositivo() {
  const invalidar = useInvalidar(chavesEmpresa.dispositivos);
  return useMutation({ mutationFn: async (id: number) => (await api.post<Dispositivo>(`computers/novotoken/${id}`)).result, onSuccess: invalidar });
}

export function useExcluirDispositivo() {
  const invalidar = useInvalidar(chavesEmpresa.dispositivos);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`computers/delete/${id}`)).result, onSuccess: invalidar });
}

/** This browser becomes the device: the terminal's calls carry the token from now on. */
export function parearEsteNavegador(token: string): void {
  localStorage.setItem(DISPOSITIVO_TOKEN_CHAVE, token);
}

export function tokenDesteNavegador(): string | null {
  return localStorage.getItem(DISPOSITIVO_TOKEN_CHAVE);
}

export function useSalvarParceiro() {
  const invalidar = useInvalidar(chavesEmpresa.parceiros);
  return useMutation({ mutationFn: async (dados: RedeCredenciadaSave) => (await api.post<RedeCredenciada>('convenio/save', dados)).result, onSuccess: invalidar });
}

/** DELETE convenio/delete deactivates the partner. */
export function useDesativarParceiro() {
  const invalidar = useInvalidar(chavesEmpresa.parceiros);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`convenio/delete/${id}`)).result, onSuccess: invalidar });
}
