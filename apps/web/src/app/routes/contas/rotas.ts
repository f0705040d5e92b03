import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_CONTAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/**
 * Default accounts and account unification live under /app/cadastros (spec §2: "customers, cards,
 * accounts"; "account unification"), declared as another `cadastros` branch so this area keeps its own file.
 */
export const rotasContas: RouteObject[] = [
  {
    path: 'cadastros',
    handle: { breadcrumb: 'Cadastros', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'contas-padrao',
        lazy: () => import('../../../features/contas/contas-padrao-page'),
        handle: { breadcrumb: 'Contas padrão', permissions: PODE_GERENCIAR_CONTAS } satisfies RotaHandle,
      },
      {
        path: 'unificacao-contas',
        lazy: () => import('../../../features/contas/unificacao-page'),
        handle: { breadcrumb: 'Unificação de contas', permissions: PODE_GERENCIAR_CONTAS } satisfies RotaHandle,
      },
    ],
  },
];
