import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { criarQueryClient } from './query-client';
import { criarRotas } from './rotas';
import { Providers } from './providers';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    const qc = criarQueryClient();
    return { queryClient: qc, router: createBrowserRouter(criarRotas(qc)) };
  });
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
