import type { RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';

export const rotasPages: RouteObject[] = [
  {
    path: 'pages',
    children: [
      { path: 'bemvindo', lazy: () => import('./bemvindo-page'), handle: { breadcrumb: 'Bem-vindo' } satisfies RotaHandle },
      { path: 'branco', lazy: () => import('./branco-page'), handle: { breadcrumb: 'Página em branco' } satisfies RotaHandle },
    ],
  },
  // Spec §2: open to everyone logged in, so no permission list.
  { path: 'acesso-negado', lazy: () => import('./acesso-negado-page'), handle: { breadcrumb: 'Acesso negado' } satisfies RotaHandle },
];
