import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_CLIENTES, PODE_IMPORTAR } from '@bonifica/contracts';
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
        handle: { breadcrumb: 'Contatos', permissions: PODE_IMPORTAR } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/importacao/contatos-page') },
          {
            // Decision 040: reached from the contacts' import page (no menu entry of its own).
            path: 'consentimento',
            lazy: () => import('../../../features/importacao/contatos-importados'),
            handle: { breadcrumb: 'Consentimento', permissions: PODE_GERENCIAR_CLIENTES } satisfies RotaHandle,
          },
        ],
      },
    ],
  },
];
