import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_PLANOS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/**
 * Contracted plans live under /app/cadastros (spec §2: "customers, cards, accounts, contracted plans"),
 * declared here as a second `cadastros` branch so this area keeps its own route file.
 */
export const rotasPlanos: RouteObject[] = [
  {
    path: 'cadastros',
    handle: { breadcrumb: 'Cadastros', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'planos',
        lazy: () => import('../../../features/planos/planos-page'),
        handle: { breadcrumb: 'Catálogo de planos', permissions: PODE_GERENCIAR_PLANOS } satisfies RotaHandle,
      },
      {
        path: 'planos-clientes',
        lazy: () => import('../../../features/planos/contratos-page'),
        handle: { breadcrumb: 'Planos dos clientes', permissions: PODE_GERENCIAR_PLANOS } satisfies RotaHandle,
      },
    ],
  },
];
