import type { RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';

export const rotasErro: RouteObject[] = [
  {
    path: 'error/404',
    lazy: () => import('./erro-404-page'),
    handle: { breadcrumb: 'Página não encontrada' } satisfies RotaHandle,
  },
  {
    path: 'error/500',
    lazy: () => import('./erro-500-page'),
    handle: { breadcrumb: 'Erro no servidor' } satisfies RotaHandle,
  },
];
