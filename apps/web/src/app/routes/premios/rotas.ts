import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_PREMIOS, PODE_RESGATAR_PREMIOS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Prêmios (spec §2 area `premios`; docs/areas/premios.md): the catalogue (management) and the redemptions (counter too). */
export const rotasPremios: RouteObject[] = [
  {
    path: 'premios',
    handle: { breadcrumb: 'Prêmios', agrupador: true } satisfies RotaHandle,
    children: [
      { path: 'catalogo', lazy: () => import('../../../features/premios/catalogo-page'), handle: { breadcrumb: 'Catálogo', permissions: PODE_GERENCIAR_PREMIOS } satisfies RotaHandle },
      { path: 'resgates', lazy: () => import('../../../features/premios/resgates-page'), handle: { breadcrumb: 'Resgates', permissions: PODE_RESGATAR_PREMIOS } satisfies RotaHandle },
    ],
  },
];
