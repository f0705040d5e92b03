import { PERMISSOES } from '@bonifica/contracts';
import type { RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';

/** The profile menu's "Terminal" link opens this in a new tab: the counter terminal of issue 3 §6. */
export const rotasTerminal: RouteObject[] = [
  { path: 'terminal', lazy: () => import('./terminal-page'), handle: {
      breadcrumb: 'Terminal de atendimento',
      permissions: [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.terminal],
    } satisfies RotaHandle },
];
