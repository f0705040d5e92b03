import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_SORTEIOS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Sorteios (spec §2 area `sorteio`; docs/areas/sorteios.md): draws, the eligible network and the winners — management only. */
export const rotasSorteio: RouteObject[] = [
  {
    path: 'sorteio',
    handle: { breadcrumb: 'Sorteios', agrupador: true } satisfies RotaHandle,
    children: [
      { path: 'sorteios', lazy: () => import('../../../features/sorteio/sorteios-page'), handle: { breadcrumb: 'Sorteios', permissions: PODE_GERENCIAR_SORTEIOS } satisfies RotaHandle },
      { path: 'rede', lazy: () => import('../../../features/sorteio/rede-page'), handle: { breadcrumb: 'Rede', permissions: PODE_GERENCIAR_SORTEIOS } satisfies RotaHandle },
      { path: 'ganhadores', lazy: () => import('../../../features/sorteio/ganhadores-page'), handle: { breadcrumb: 'Ganhadores', permissions: PODE_GERENCIAR_SORTEIOS } satisfies RotaHandle },
    ],
  },
];
