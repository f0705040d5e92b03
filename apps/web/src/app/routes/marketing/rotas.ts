import type { RouteObject } from 'react-router';
import { PERMISSOES } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/** Marketing (issue 14): audiences and the audience block list (docs/areas/publicos.md); the spec shows no paths. */
export const rotasMarketing: RouteObject[] = [
  {
    path: 'marketing',
    handle: { breadcrumb: 'Marketing', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'campanhas',
        handle: { breadcrumb: 'Campanhas', permissions: GESTAO } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/campanhas/campanhas-page') },
          { path: 'nova', lazy: () => import('../../../features/campanhas/campanha-form'), handle: { breadcrumb: 'Nova campanha', permissions: GESTAO } satisfies RotaHandle },
          { path: 'edicao/:id', lazy: () => import('../../../features/campanhas/campanha-form'), handle: { breadcrumb: 'Edição', permissions: GESTAO } satisfies RotaHandle },
          { path: ':id', lazy: () => import('../../../features/campanhas/campanha-page'), handle: { breadcrumb: 'Campanha', permissions: GESTAO } satisfies RotaHandle },
        ],
      },
      {
        path: 'publicos',
        handle: { breadcrumb: 'Públicos', permissions: GESTAO } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/publicos/publicos-page') },
          { path: 'novo', lazy: () => import('../../../features/publicos/construtor-page'), handle: { breadcrumb: 'Novo público', permissions: GESTAO } satisfies RotaHandle },
          { path: 'edicao/:id', lazy: () => import('../../../features/publicos/construtor-page'), handle: { breadcrumb: 'Edição', permissions: GESTAO } satisfies RotaHandle },
        ],
      },
      { path: 'bloqueio-publico', lazy: () => import('../../../features/publicos/bloqueio-page'), handle: { breadcrumb: 'Bloqueio de público', permissions: GESTAO } satisfies RotaHandle },
    ],
  },
];
