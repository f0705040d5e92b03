import type { Envelope, Pagina } from '@bonifica/contracts';

export function ok<R>(result: R): Envelope<R, never> {
  return { hasError: false, messageError: null, result, results: null };
}

export function lista<T>(results: T[]): Envelope<null, T> {
  return { hasError: false, messageError: null, result: null, results };
}

export function falha(messageError: string): Envelope<null, never> {
  return { hasError: true, messageError, result: null, results: null };
}

export function pagina<T>(content: T[], total: number, page: number, size: number, totalLimitado = false): Envelope<Pagina<T>, never> {
  return ok({ content, totalElements: total, totalPages: Math.ceil(total / size), number: page, size, ...(totalLimitado ? { totalLimitado } : {}) });
}
