/**
 * CSV for spreadsheets (the *exportar* calls). A cell that starts with = + - @ tab or CR is read
 * as a formula by Excel/LibreOffice (CSV injection, OWASP): it gets a leading apostrophe, which
 * the spreadsheet shows as text and never evaluates.
 */
export function celulaSegura(valor: unknown): string {
  if (valor === null || valor === undefined) return '';
  const texto = valor instanceof Date ? valor.toISOString() : String(valor);
  return /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
}

/**
 * Reads a large result in pages by a unique increasing key (keyset paging: each page is one short
 * query, never OFFSET over millions of rows), yielding row by row.
 */
export async function* emPaginas<T>(buscar: (depoisDe: number | null, limite: number) => Promise<T[]>, chave: (linha: T) => number, limite = 1_000): AsyncGenerator<T> {
  let depoisDe: number | null = null;
  for (;;) {
    const pagina = await buscar(depoisDe, limite);
    for (const linha of pagina) yield linha;
    if (pagina.length < limite) return;
    depoisDe = chave(pagina[pagina.length - 1]!);
  }
}
