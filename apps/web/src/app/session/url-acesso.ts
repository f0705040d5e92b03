import { CONSTANTES } from '@bonifica/contracts';

/** Only our own paths may be restored, so a crafted link cannot bounce the user to another site. */
function urlInterna(url: string | null): url is string {
  return !!url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/auth/');
}

/** Spec §5: the URL asked for before login is kept in sessionStorage under url-acesso-backoffice. */
export function guardarUrlAcesso(url: string): void {
  if (urlInterna(url)) sessionStorage.setItem(CONSTANTES.chaveUrlAcesso, url);
}

/** Reads and forgets the stored URL: it is restored once, right after login. */
export function consumirUrlAcesso(): string | null {
  const url = sessionStorage.getItem(CONSTANTES.chaveUrlAcesso);
  sessionStorage.removeItem(CONSTANTES.chaveUrlAcesso);
  return urlInterna(url) ? url : null;
}

export function caminhoDaRequisicao(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
