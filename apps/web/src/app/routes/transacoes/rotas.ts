import type { RouteObject } from 'react-router';
import { PODE_CANCELAR_VENDAS, PODE_VER_VENDAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Área "transacoes" (spec §2): sales list, totals report and duplicate sales (issue 3 §4). */
export const rotasTransacoes: RouteObject[] = [
  {
    path: 'transacoes',
    handle: { breadcrumb: 'Transações', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'vendas',
        lazy: () => import('../../../features/transacoes/vendas-page'),
        handle: { breadcrumb: 'Vendas', permissions: PODE_VER_VENDAS } satisfies RotaHandle,
      },
      {
        path: 'totalizador',
        lazy: () => import('../../../features/transacoes/totalizador-page'),
        handle: { breadcrumb: 'Totalizador', permissions: PODE_VER_VENDAS } satisfies RotaHandle,
      },
      {
        path: 'duplicadas',
        lazy: () => import('../../../features/transacoes/duplicadas-page'),
        handle: { breadcrumb: 'Vendas duplicadas', permissions: PODE_CANCELAR_VENDAS } satisfies RotaHandle,
      },
    ],
  },
];
