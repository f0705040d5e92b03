import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { criarQueryClient } from '../app/query-client';
import { criarRotas } from '../app/rotas';

/** Sets the viewport width the layout reads (jsdom starts at 1024 px, which is tablet). */
export function definirLargura(largura: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: largura });
    window.dispatchEvent(new Event('resize'));
  });
}

/** Renders the real route tree at `url`, as the browser would, with a fresh cache. */
export function renderizarApp(url: string, { largura = 1280 }: { largura?: number } = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: largura });
  const queryClient = criarQueryClient();
  const router = createMemoryRouter(criarRotas(queryClient), { initialEntries: [url] });
  const usuario = userEvent.setup();
  const resultado = render(
    <Providers queryClient={queryClient} ambiente="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...resultado, router, queryClient, usuario, caminho: () => router.state.location.pathname };
}
