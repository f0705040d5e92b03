import type { RouteObject } from 'react-router';
import { PERMISSOES, PODE_GERENCIAR_CONTAS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** The company's management (spec §2 "empresa", "the same module as cadastros"). */
const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * The spec names no path for these screens; /app/empresa/programa (docs/areas/programa.md), the
 * branches, network and devices (docs/areas/filiais.md) and /app/empresa/api (API tokens for tills
 * and ERPs, docs/areas/integracao.md) are ours.
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
      { path: 'filiais', lazy: () => import('../../../features/empresa/filiais-page'), handle: { breadcrumb: 'Filiais', permissions: GESTAO } satisfies RotaHandle },
      { path: 'rede-credenciada', lazy: () => import('../../../features/empresa/rede-credenciada-page'), handle: { breadcrumb: 'Rede credenciada', permissions: GESTAO } satisfies RotaHandle },
      { path: 'dispositivos', lazy: () => import('../../../features/empresa/dispositivos-page'), handle: { breadcrumb: 'Dispositivos', permissions: GESTAO } satisfies RotaHandle },
      { path: 'api', lazy: () => import('../../../features/empresa-api/tokens-api-page'), handle: { breadcrumb: 'API / integrações', permissions: GESTAO } satisfies RotaHandle },
    ],
  },
];
