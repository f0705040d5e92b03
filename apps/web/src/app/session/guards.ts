import { redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { UsuarioLogado } from '@bonifica/contracts';
import { can } from '../../lib/access';
import type { RotaHandle } from '../route-handle';
import { verificarAcessoAdmin } from './acesso-admin';
import { caminhoDaRequisicao, guardarUrlAcesso } from './url-acesso';
import { carregarUsuario, chaveUsuario } from './usuario';

export const ROTA_LOGIN = '/auth/user/login';
export const ROTA_INICIO = '/app';
export const ROTA_ACESSO_NEGADO = '/app/acesso-negado';

/** Spec §5: no user → keep the asked URL and send to root (which leads to login). */
async function exigirUsuario(queryClient: QueryClient, request: Request): Promise<UsuarioLogado> {
  const usuario = await carregarUsuario(queryClient);
  if (!usuario) {
    guardarUrlAcesso(caminhoDaRequisicao(request));
    throw redirect('/');
  }
  return usuario;
}

export function exigirLogin(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    await exigirUsuario(queryClient, request);
    return null;
  };
}

/** A probe that failed a moment ago (the guard that just sent us here) need not be repeated. */
const VALIDADE_FALHA_MS = 5_000;

/** Root and login: a user already logged in goes straight to the application (spec §5). */
export function redirecionarSeLogado(queryClient: QueryClient): LoaderFunction {
  return async () => {
    const estado = queryClient.getQueryState(chaveUsuario);
    if (estado?.status === 'error' && Date.now() - estado.errorUpdatedAt < VALIDADE_FALHA_MS) return null;
    if (await carregarUsuario(queryClient)) throw redirect(ROTA_INICIO);
    return null;
  };
}

/** Admin screens also pass the backoffice-admin check of spec §6. */
export const exigirAcessoAdmin: LoaderFunction = async () => {
  if (!(await verificarAcessoAdmin())) throw redirect(ROTA_ACESSO_NEGADO);
  return null;
};

function comGuarda(queryClient: QueryClient, rota: RouteObject): RouteObject {
  const handle = rota.handle as RotaHandle | undefined;
  const proprio = typeof rota.loader === 'function' ? rota.loader : undefined;
  // Loaders of nested routes run in parallel, so each one checks login itself before its own work.
  const loader = async (args: LoaderFunctionArgs) => {
    const usuario = await exigirUsuario(queryClient, args.request);
    if (!can(usuario, handle?.permissions)) throw redirect(ROTA_ACESSO_NEGADO);
    return proprio ? proprio(args) : null;
  };
  const children = rota.children?.map((filha) => comGuarda(queryClient, filha));
  return { ...rota, loader, ...(children ? { children } : {}) } as RouteObject;
}

/** Wraps every route under /app: login first, then the any-of permission list of its handle. */
export function protegerRotas(queryClient: QueryClient, rotas: RouteObject[]): RouteObject[] {
  return rotas.map((rota) => comGuarda(queryClient, rota));
}
