import type { RouteObject } from 'react-router';
import { PERMISSOES, PODE_GERENCIAR_CONTAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/**
 * The company's administration (spec §2: `empresa`, "the same module as cadastros"). The spec names
 * no path for these screens; /app/empresa/programa (docs/areas/programa.md) and /app/empresa/api
 * (API tokens for tills and ERPs, docs/areas/integracao.md) are ours.
 */
export const rotasEmpresa: RouteObject[] = [
  {
    path: 'empresa',
    handle: { breadcrumb: 'Empresa', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'programa',
        lazy: () => import('../../../features/programa/programa-page'),
        handle: { breadcrumb: 'Programa de fidelidade', permissions: PODE_GERENCIAR_CONTAS } satisfies RotaHandle,
      },
      {
        path: 'api',
        lazy: () => import('../../../features/empresa-api/tokens-api-page'),
        handle: { breadcrumb: 'API / integrações', permissions: [PERMISSOES.empresa, PERMISSOES.empresaAdmin] } satisfies RotaHandle,
      },
    ],
  },
];
