import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PERMISSOES,
  type FiltroUsuario,
  type Pagina,
  type Perfil,
  type PerfilSave,
  type UsuarioResumo,
  type UsuarioSave,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { can } from '../../lib/access';
import { useUsuarioLogado } from '../../app/session/usuario';
import type { BuscarPagina, ConsultaLista, Ordenacao, ValoresFiltro } from '../../components/list-page';

/** One key factory for the area: a save invalidates by prefix every list and option list it touches. */
export const chavesCadastros = {
  raiz: ['cadastros'] as const,
  usuarios: ['cadastros', 'usuarios'] as const,
  listaUsuarios: (consulta: ConsultaLista) => ['cadastros', 'usuarios', 'lista', consulta] as const,
  perfis: ['cadastros', 'perfis'] as const,
  listaPerfis: (consulta: ConsultaLista) => ['cadastros', 'perfis', 'lista', consulta] as const,
  opcoesPerfis: (todos: boolean, empresaId: number | null) => ['cadastros', 'perfis', 'opcoes', todos ? 'todos' : 'empresa', empresaId] as const,
  permissoes: ['cadastros', 'permissoes'] as const,
};

export type PermissaoAtribuivel = { valor: string; rotulo: string };

const CAMPOS_ORDENACAO_USUARIO = ['nome', 'username', 'criadoEm'] as const;
type CampoOrdenacaoUsuario = (typeof CAMPOS_ORDENACAO_USUARIO)[number];

function paginaVazia<T>(page: number, size: number): Pagina<T> {
  return { content: [], totalElements: 0, totalPages: 0, number: page, size };
}

/** URL filter values → the contract's FiltroUsuario; anything a hand-edited link got wrong is dropped. */
export function paraFiltroUsuario(filtro: ValoresFiltro, ordenacao: Ordenacao | null): FiltroUsuario {
  const corpo: FiltroUsuario = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
  const perfilId = Number(filtro.perfilId);
  if (Number.isInteger(perfilId) && perfilId > 0) corpo.perfilId = perfilId;
  if (ordenacao && (CAMPOS_ORDENACAO_USUARIO as readonly string[]).includes(ordenacao.campo)) {
    corpo.ordenarPor = ordenacao.campo as CampoOrdenacaoUsuario;
    corpo.direcao = ordenacao.direcao;
  }
  return corpo;
}

export const buscarUsuarios: BuscarPagina<UsuarioResumo> = async (filtro, page, size, ordenacao) => {
  const env = await api.post<Pagina<UsuarioResumo>>(`user/filter/user/client/${page}/${size}`, paraFiltroUsuario(filtro, ordenacao));
  return env.result ?? paginaVazia(page, size);
};

export const buscarPerfis: BuscarPagina<Perfil> = async (filtro, page, size) => {
  const busca = typeof filtro.busca === 'string' ? filtro.busca.slice(0, 120) : undefined;
  const env = await api.post<Pagina<Perfil>>(`profile/filterpaginated/${page}/${size}`, busca ? { busca } : {});
  return env.result ?? paginaVazia(page, size);
};

/** Spec §6: ROLE_ADMIN sees every profile (listall); anyone else, those of the company. */
/**
 * Profiles that may be given to a user: those of the chosen company when one is chosen (a profile of
 * another network would be refused on save), otherwise all the caller may see.
 */
export function useOpcoesPerfis(empresaId: number | null = null) {
  const usuario = useUsuarioLogado();
  const todos = can(usuario, [PERMISSOES.admin]);
  const rota = empresaId !== null ? `profile/${empresaId}/available` : todos ? 'profile/listall' : 'profile/listcompanyprofiles';
  return useQuery({
    queryKey: chavesCadastros.opcoesPerfis(todos, empresaId),
    queryFn: async () => (await api.get<null, Perfil>(rota)).results ?? [],
    enabled: usuario !== undefined,
  });
}

export function usePermissoesAtribuiveis() {
  return useQuery({
    queryKey: chavesCadastros.permissoes,
    queryFn: async () => (await api.get<null, PermissaoAtribuivel>('profile/permissoes')).results ?? [],
    staleTime: Infinity,
  });
}

export async function gerarUsername(name: string): Promise<string> {
  return (await api.post<string>('user/generateUsername', { name })).result ?? '';
}

export async function existeUsuario(username: string): Promise<boolean> {
  return (await api.post<boolean>('user/existeusuario', { username })).result === true;
}

export function useSalvarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: UsuarioSave) => (await api.post<unknown>('user/save', dados)).result,
    // Not awaited: the drawer closes at once and the list refreshes behind it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCadastros.usuarios }),
  });
}

/** DELETE user/delete deactivates (the row stays, for history and audit). */
export function useDesativarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`user/delete/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCadastros.usuarios }),
  });
}

export function useSalvarPerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dados: PerfilSave) => (await api.post<unknown>('profile/save', dados)).result,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chavesCadastros.perfis });
      // The users list shows the profile name.
      void queryClient.invalidateQueries({ queryKey: chavesCadastros.usuarios });
    },
  });
}

export function useExcluirPerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`profile/delete/${id}`)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesCadastros.perfis }),
  });
}
