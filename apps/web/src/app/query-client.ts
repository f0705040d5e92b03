import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** A 4xx will not change on retry (and a 401 must reach the login at once); network and 5xx get two more tries. */
function deveTentarDeNovo(tentativas: number, erro: unknown): boolean {
  if (erro instanceof ApiError && erro.status >= 400 && erro.status < 500) return false;
  return tentativas < 2;
}

export function criarQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: deveTentarDeNovo, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
