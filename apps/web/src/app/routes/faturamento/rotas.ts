import type { RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';

/** The company's invoice (the billing banner's "Pagar agora"): open to everyone logged in, the page says what each may see. */
export const rotasFaturamento: RouteObject[] = [
  { path: 'faturamento', lazy: () => import('./fatura-page'), handle: { breadcrumb: 'Fatura da empresa' } satisfies RotaHandle },
];
