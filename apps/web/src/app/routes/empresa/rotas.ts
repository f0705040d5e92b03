import type { RouteObject } from 'react-router';
import { PERMISSOES } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Area `empresa` (spec §2): the company's own settings; API tokens for tills and ERPs (docs/areas/integracao.md). */
export const rotasEmpresa: RouteObject[] = [
  {
    path: 'empresa',
    handle: { breadcrumb: 'Empresa', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'api',
        lazy: () => import('../../../features/empresa-api/tokens-api-page'),
        handle: { breadcrumb: 'API / integrações', permissions: [PERMISSOES.empresa, PERMISSOES.empresaAdmin] } satisfies RotaHandle,
      },
    ],
  },
];
