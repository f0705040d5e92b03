import type { RouteObject } from 'react-router';
import { PODE_VER_DASHBOARD } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/** Area `dashboard` (spec §2): the company's figures; management and report viewers only. */
export const rotasDashboard: RouteObject[] = [
  { path: 'dashboard', lazy: () => import('../../../features/dashboard/dashboard-page'), handle: { breadcrumb: 'Dashboard', permissions: PODE_VER_DASHBOARD } satisfies RotaHandle },
];
