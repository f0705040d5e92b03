import type { RouteObject } from 'react-router';
import { PODE_IMPORTAR } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

export const rotasImportacao: RouteObject[] = [
  {
    path: 'importacao',
    handle: { breadcrumb: 'Importação', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'clientes',
        lazy: () => import('../../../features/importacao/clientes-page'),
        handle: { breadcrumb: 'Clientes', permissions: PODE_IMPORTAR } satisfies RotaHandle,
      },
      {
        path: 'contatos',
        lazy: () => import('../../../features/importacao/contatos-page'),
        handle: { breadcrumb: 'Contatos', permissions: PODE_IMPORTAR } satisfies RotaHandle,
      },
    ],
  },
];
