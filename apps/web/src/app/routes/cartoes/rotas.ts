import { redirect, type RouteObject } from 'react-router';
import { PODE_CONSULTAR_CARTOES, PODE_GERENCIAR_CARTOES, PODE_GERENCIAR_VALE_PRESENTE, PODE_VENDER_VALE_PRESENTE } from '@bonifica/contracts';
import { PaginaCarregando } from '../../../components/pagina-carregando';
import type { RotaHandle } from '../../route-handle';

/** Cartões (issue 3 §2): list, card detail, print queue and use reports. */
export const rotasCartoes: RouteObject[] = [
  {
    path: 'cartoes',
    handle: { breadcrumb: 'Cartões', agrupador: true } satisfies RotaHandle,
    children: [
      { index: true, loader: () => redirect('/app/cartoes/lista'), Component: PaginaCarregando },
      {
        path: 'lista',
        lazy: () => import('../../../features/cartoes/cartoes-page'),
        handle: { breadcrumb: 'Cartões', permissions: PODE_CONSULTAR_CARTOES } satisfies RotaHandle,
      },
      {
        path: 'fila',
        lazy: () => import('../../../features/cartoes/fila-page'),
        handle: { breadcrumb: 'Fila de impressão', permissions: PODE_GERENCIAR_CARTOES } satisfies RotaHandle,
      },
      {
        path: 'uso',
        lazy: () => import('../../../features/cartoes/uso-page'),
        handle: { breadcrumb: 'Uso dos cartões', permissions: PODE_GERENCIAR_CARTOES } satisfies RotaHandle,
      },
      // Gift cards (docs/areas/vale-presente.md): sold and checked at the counter, listed by the management.
      {
        path: 'vale-presente/vender',
        lazy: () => import('../../../features/vale-presente/vender-page'),
        handle: { breadcrumb: 'Vender vale-presente', permissions: PODE_VENDER_VALE_PRESENTE } satisfies RotaHandle,
      },
      {
        path: 'vale-presente/saldo',
        lazy: () => import('../../../features/vale-presente/saldo-page'),
        handle: { breadcrumb: 'Saldo do vale-presente', permissions: PODE_VENDER_VALE_PRESENTE } satisfies RotaHandle,
      },
      {
        path: 'vales-presente',
        lazy: () => import('../../../features/vale-presente/lista-page'),
        handle: { breadcrumb: 'Vales-presente', permissions: PODE_GERENCIAR_VALE_PRESENTE } satisfies RotaHandle,
      },
      {
        path: ':id',
        lazy: () => import('../../../features/cartoes/cartao-detalhe-page'),
        handle: { breadcrumb: 'Cartão', permissions: PODE_CONSULTAR_CARTOES } satisfies RotaHandle,
      },
    ],
  },
];
