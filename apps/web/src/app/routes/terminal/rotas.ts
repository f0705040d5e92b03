import type { RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';

/**
 * The profile menu's "Terminal" link opens this in a new tab. The terminal itself comes in a later
 * issue; until then the route exists so the link lands on an honest page instead of a 404.
 */
export const rotasTerminal: RouteObject[] = [
  { path: 'terminal', lazy: () => import('./terminal-page'), handle: { breadcrumb: 'Terminal de atendimento' } satisfies RotaHandle },
];
