import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigSistemaSave,
  EmpresaAdmin,
  EmpresaAdminCriada,
  EmpresaAdminSave,
  FiltroEmpresaAdmin,
  ImagemSistema,
  Pagina,
} from '@bonifica/contracts';
import { api, chamar } from '../../lib/api';
import type { BuscarPagina, ConsultaLista, ValoresFiltro } from '../../components/list-page';

/** Query keys of the administrator's screens; the white label's public keys start with 'config' (app/white-label.tsx). */
export const chavesAdmin = {
  empresas: ['sistema', 'empresas'] as const,
  listaEmpresas: (consulta: ConsultaLista) => ['sistema', 'empresas', 'lista', consulta] as const,
  configs: ['config', 'configs'] as const,
  config: ['config'] as const,
};

/** URL filter values → the API's strict filter. */
export function paraFiltroEmpresa(filtro: ValoresFiltro, campo?: string, direcao?: 'asc' | 'desc'): FiltroEmpresaAdmin {
  const f: FiltroEmpresaAdmin = {};
  if (typeof filtro.busca === 'string' && filtro.busca.trim()) f.busca = filtro.busca.trim().slice(0, 120);
  if (filtro.situacao === 'ATIVA' || filtro.situacao === 'BLOQUEADA') f.situacao = filtro.situacao;
  if (campo === 'criadoEm' || campo === 'shortName') f.ordenarPor = campo === 'criadoEm' ? 'criadoEm' : 'nome';
  if (f.ordenarPor && direcao) f.direcao = direcao;
  return f;
}

export const buscarEmpresas: BuscarPagina<EmpresaAdmin> = async (filtro, page, size, ordenacao) => {
  const env = await api.post<Pagina<EmpresaAdmin>>(`company/admin/filterpaginated/${page}/${size}`, paraFiltroEmpresa(filtro, ordenacao?.campo, ordenacao?.direcao));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function useSalvarEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: EmpresaAdminSave) => (await api.post<EmpresaAdminCriada | { id: number }>('company/admin/save', d)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesAdmin.empresas }),
  });
}

export function useBloqueioEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ empresaId, bloquear, motivo }: { empresaId: number; bloquear: boolean; motivo: string }) =>
      bloquear
        ? (await api.post<boolean>('empresabloqueio/save', { empresaId, motivo })).result
        : (await chamar<boolean>('DELETE', `empresabloqueio/${empresaId}`, { motivo })).result,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chavesAdmin.empresas }),
  });
}

/** GET config/configs → an object by table key (the administrator gets every setting but the images). */
export function useConfigs() {
  return useQuery({
    queryKey: chavesAdmin.configs,
    queryFn: async ({ signal }) => {
      const env = await api.get<null, { chave: string; valor: string }>('config/configs', { signal });
      return Object.fromEntries((env.results ?? []).map((c) => [c.chave, c.valor])) as Record<string, string>;
    },
  });
}

export function useSalvarConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: ConfigSistemaSave) => (await api.post<unknown>('config/save', d)).result,
    // The name, colour and support contact are read all over the app (header, login, support panel).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesAdmin.config }),
  });
}

export function useImagemSistema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tipo, imagem }: { tipo: ImagemSistema; imagem: { mime: string; base64: string } | null }) =>
      imagem ? (await api.post<string>(`sistema/whitelabel/imagem/${tipo}`, imagem)).result : (await api.delete<boolean>(`sistema/whitelabel/imagem/${tipo}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesAdmin.config }),
  });
}

/** A picked file → what the API takes (base64 without the data: prefix). */
export async function lerImagem(arquivo: File): Promise<{ mime: string; base64: string }> {
  const bytes = new Uint8Array(await arquivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const mime = arquivo.type || (arquivo.name.toLowerCase().endsWith('.ico') ? 'image/x-icon' : 'application/octet-stream');
  return { mime, base64: btoa(binario) };
}
