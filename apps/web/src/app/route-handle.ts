import type { UIMatch } from 'react-router';

/**
 * Per-route data read by the guard, the breadcrumbs and the page title (ARCHITECTURE §7, spec §1).
 * `agrupador` marks an area segment with no page of its own, so its crumb is text, not a link.
 */
export type RotaHandle = {
  breadcrumb: string;
  status?: string;
  permissions?: readonly string[];
  agrupador?: boolean;
};

export function lerHandle(match: Pick<UIMatch, 'handle'>): RotaHandle | null {
  const h = match.handle as Partial<RotaHandle> | undefined;
  return h && typeof h.breadcrumb === 'string' ? (h as RotaHandle) : null;
}
