/**
 * Leaves the SPA for a server-handled address (e.g. /logout). Kept apart so tests can replace it:
 * jsdom does not let window.location be spied on.
 */
export function sairDoApp(url: string): void {
  window.location.assign(url);
}

/** Saves a file the app built itself (e.g. a JSON export) through the browser's download. */
export function baixarArquivo(nome: string, conteudo: string | Blob, tipo: string): void {
  const url = URL.createObjectURL(new Blob([conteudo], { type: tipo }));
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
