import { useQuery } from '@tanstack/react-query';
import {
  MENSAGENS,
  type ConfiguracaoEmpresa,
  type FaturamentoStatus,
  type ItemMenu,
  type LogoEmpresa,
  type MenuReply,
  type TipoServidorWhats,
} from '@bonifica/contracts';
import { api, ApiError } from '../../lib/api';
import { notificar } from '../../components/notificar';

/** Query keys of the shell, in one place so login/logout and tests can reach them. */
export const chavesShell = {
  menu: ['shell', 'menu'] as const,
  logo: (empresaId: number) => ['shell', 'logo', empresaId] as const,
  tipoServidor: ['shell', 'servidorwhatsapp', 'tipo'] as const,
  faturamento: ['shell', 'faturamento'] as const,
  configEmpresa: ['shell', 'companyconfig'] as const,
};

/** A 401 is the session watcher's business; anything else is reported here. */
const sessaoExpirou = (e: unknown) => e instanceof ApiError && e.status === 401;

/** Spec §8: a menu failure is logged, the menu stays empty and the server's text (or 'Erro no servidor.') is shown. */
export function useMenu() {
  return useQuery({
    queryKey: chavesShell.menu,
    queryFn: async ({ signal }): Promise<ItemMenu[]> => {
      try {
        const env = await api.get<MenuReply>('backoffice/menu', { signal, mensagemPadrao: MENSAGENS.menuServidor });
        return env.result?.menuList ?? [];
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        console.error(MENSAGENS.menuLog, e);
        if (!sessaoExpirou(e)) notificar.erro(e instanceof ApiError ? e.message : MENSAGENS.menuServidor);
        return [];
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useLogoEmpresa(empresaId: number | null | undefined) {
  return useQuery({
    queryKey: chavesShell.logo(empresaId ?? 0),
    queryFn: async ({ signal }) => (await api.get<LogoEmpresa>(`company/logoimagevo/${empresaId}`, { signal })).result?.url ?? null,
    enabled: !!empresaId,
    staleTime: Infinity,
    retry: false,
  });
}

/** Spec §8: a failure is only logged; the WhatsApp icon then stays hidden. */
export function useTipoServidorWhats() {
  return useQuery({
    queryKey: chavesShell.tipoServidor,
    queryFn: async ({ signal }): Promise<TipoServidorWhats | null> => {
      try {
        return (await api.get<TipoServidorWhats>('servidorwhatsapp/tipo/contratado', { signal })).result;
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        console.error(MENSAGENS.tipoServidorLog, e);
        return null;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Spec §8: a failure is only logged; no banner is shown. */
export function useFaturamento() {
  return useQuery({
    queryKey: chavesShell.faturamento,
    queryFn: async ({ signal }): Promise<FaturamentoStatus | null> => {
      try {
        return (await api.get<FaturamentoStatus>('company/faturamento/status', { signal })).result;
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        console.error(MENSAGENS.faturamentoLog, e);
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useConfiguracaoEmpresa(habilitado: boolean) {
  return useQuery({
    queryKey: chavesShell.configEmpresa,
    queryFn: async ({ signal }) => (await api.get<ConfiguracaoEmpresa>('companyconfig/empresa', { signal })).result,
    enabled: habilitado,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
