import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type LazyRouteFunction, type RouteObject } from 'react-router';
import { ProvedorModais } from '../app/provedor-modais';
import { Providers } from '../app/providers';
import { PaginaCarregando } from '../components/pagina-carregando';

/**
 * Test helper: one page of the area, lazy-loaded the way the app's router loads it, under the
 * providers and dialogs of /app but without the shell, so a test sees only this page's requests.
 */
function simularFontesDocumento(): void {
  // Textarea autosize listens to document.fonts, which jsdom does not have (every browser does).
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
}

export function renderizarPagina(caminho: string, carregar: LazyRouteFunction<RouteObject>, url: string = caminho) {
  simularFontesDocumento();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: caminho, lazy: carregar, HydrateFallback: PaginaCarregando }], { initialEntries: [url] });
  render(
    <Providers queryClient={queryClient} ambiente="test">
      <ProvedorModais>
        <RouterProvider router={router} />
      </ProvedorModais>
    </Providers>,
  );
  return { router, queryClient, usuario: userEvent.setup() };
}
