import type { RouteObject } from 'react-router';
import { PODE_VER_SERVIDOR_WHATS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

export const rotasServidor: RouteObject[] = [
  {
    path: 'servidor/whats',
    lazy: () => import('../../../features/servidor-whats/whats-page'),
    handle: { breadcrumb: 'Servidor WhatsApp', permissions: PODE_VER_SERVIDOR_WHATS } satisfies RotaHandle,
  },
];
