import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_CONTAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/**
 * The company's administration (spec §2: `empresa`, "the same module as cadastros"). The spec names
 * no path for the programme's rules; /app/empresa/programa is ours (docs/areas/programa.md).
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
    ],
  },
];
