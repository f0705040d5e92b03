import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_CUPONS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Cupons (spec §2 area `cupom`; docs/areas/cupons.md): printed, online and batch coupons, and the coupons used. */
export const rotasCupom: RouteObject[] = [
  {
    path: 'cupom',
    handle: { breadcrumb: 'Cupons', agrupador: true } satisfies RotaHandle,
    children: [
      { path: 'impressos', lazy: () => import('../../../features/cupom/impressos-page'), handle: { breadcrumb: 'Impressos', permissions: PODE_GERENCIAR_CUPONS } satisfies RotaHandle },
      { path: 'online', lazy: () => import('../../../features/cupom/online-page'), handle: { breadcrumb: 'Online', permissions: PODE_GERENCIAR_CUPONS } satisfies RotaHandle },
      { path: 'lotes', lazy: () => import('../../../features/cupom/lotes-page'), handle: { breadcrumb: 'Lotes', permissions: PODE_GERENCIAR_CUPONS } satisfies RotaHandle },
      { path: 'resgatados', lazy: () => import('../../../features/cupom/resgatados-page'), handle: { breadcrumb: 'Cupons usados', permissions: PODE_GERENCIAR_CUPONS } satisfies RotaHandle },
    ],
  },
];
