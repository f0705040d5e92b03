import type { RouteObject } from 'react-router';
import { PODE_VER_RELATORIOS_CONTAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Account reports (spec §2 "rankings", §7 "Accounts") under the relatorio area. */
export const rotasContasRelatorios: RouteObject[] = [
  {
    path: 'relatorio',
    handle: { breadcrumb: 'Relatórios', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'ranking',
        lazy: () => import('../../../features/contas-relatorios/ranking-page'),
        handle: { breadcrumb: 'Ranking de clientes', permissions: PODE_VER_RELATORIOS_CONTAS } satisfies RotaHandle,
      },
      {
        path: 'contas-bloqueadas',
        lazy: () => import('../../../features/contas-relatorios/contas-bloqueadas-page'),
        handle: { breadcrumb: 'Contas bloqueadas', permissions: PODE_VER_RELATORIOS_CONTAS } satisfies RotaHandle,
      },
    ],
  },
];
