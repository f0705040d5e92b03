import { abrirPdfGet, abrirPdfPost } from './arquivo';

/**
 * Opens a PDF of the API in a new tab, by GET or POST (see lib/arquivo for why the tab opens first).
 * Kept as one entry point for screens that print through both methods.
 */
export function abrirPdf(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown): Promise<void> {
  return metodo === 'GET' ? abrirPdfGet(caminho) : abrirPdfPost(caminho, corpo ?? {});
}
