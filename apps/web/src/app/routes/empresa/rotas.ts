import type { RouteObject } from 'react-router';
import { PERMISSOES } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** The company's management (spec §2 "empresa", docs/areas/filiais.md). */
const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

export const rotasEmpresa: RouteObject[] = [
  {
    path: 'empresa',
    handle: { breadcrumb: 'Empresa', agrupador: true } satisfies RotaHandle,
    children: [
      { path: 'filiais', lazy: () => import('../../../features/empresa/filiais-page'), handle: { breadcrumb: 'Filiais', permissions: GESTAO } satisfies RotaHandle },
      { path: 'rede-credenciada', lazy: () => import('../../../features/empresa/rede-credenciada-page'), handle: { breadcrumb: 'Rede credenciada', permissions: GESTAO } satisfies RotaHandle },
      { path: 'dispositivos', lazy: () => import('../../../features/empresa/dispositivos-page'), handle: { breadcrumb: 'Dispositivos', permissions: GESTAO } satisfies RotaHandle },
    ],
  },
];
