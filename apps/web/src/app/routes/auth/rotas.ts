import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { redirecionarSeLogado } from '../../session/guards';
import type { RotaHandle } from '../../route-handle';

/** Spec §2/§5: the only screens an unauthenticated user may open (besides the root). */
export function rotasAuth(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'auth',
      lazy: () => import('./auth-layout'),
      children: [
        {
          path: 'user/login',
          loader: redirecionarSeLogado(queryClient),
          lazy: () => import('./login-page'),
          handle: { breadcrumb: 'Entrar' } satisfies RotaHandle,
        },
        {
          path: 'esqueci-minha-senha',
          lazy: () => import('./esqueci-senha-page'),
          handle: { breadcrumb: 'Esqueci minha senha' } satisfies RotaHandle,
        },
        {
          path: 'alterar-senha',
          lazy: () => import('./alterar-senha-token-page'),
          handle: { breadcrumb: 'Criar nova senha' } satisfies RotaHandle,
        },
      ],
    },
  ];
}
