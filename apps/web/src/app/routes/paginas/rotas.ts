import { redirect, type RouteObject } from 'react-router';
import type { RotaHandle } from '../../route-handle';
import { PAGINAS_ESTATICAS } from './paginas-estaticas';

/**
 * One route per page so each carries its own title; an unknown slug falls to the catch-all 404.
 * Public on purpose: they hold no company data and the login screen links to them.
 */
export const rotasPaginas: RouteObject[] = [
  ...PAGINAS_ESTATICAS.map(({ slug, titulo }) => ({
    path: `paginas/${slug}`,
    lazy: () => import('./pagina-estatica-page'),
    handle: { breadcrumb: titulo } satisfies RotaHandle,
  })),
  // The demo invoice's payment link of databases seeded before the invoice page existed.
  { path: 'paginas/fatura-demo', loader: () => redirect('/app/faturamento') },
];
