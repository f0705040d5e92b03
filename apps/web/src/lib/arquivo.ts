import { MENSAGENS } from '@bonifica/contracts';
import { ApiError, avisarSessaoExpirada, cabecalhosPadrao, guardarRememberMe } from './api';
import { baixarArquivo } from './navegador';

export type TipoArquivo = 'application/pdf' | 'text/csv';

/** A file call of the API. With a body it goes as POST (reports, card PDFs); without one as GET (client/gerarcontrato/{id}). */
export type PedidoArquivo = { caminho: string; corpo?: unknown };

/**
 * The browser cannot follow a link to these files (POST, session headers), so they are fetched here.
 * A failure arrives as the JSON envelope instead of the file, and its message is thrown like any other call's.
 */
export async function buscarArquivo({ caminho, corpo }: PedidoArquivo, tipo: TipoArquivo): Promise<Blob> {
  const headers: Record<string, string> = { ...cabecalhosPadrao(), Accept: `${tipo}, application/json` };
  if (corpo !== undefined) headers['Content-Type'] = 'application/json';
  let resposta: Response;
  try {
    resposta = await fetch(`/services/${caminho.replace(/^\//, '')}`, {
      method: corpo === undefined ? 'GET' : 'POST',
      headers,
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(MENSAGENS.erroServidorAtualize, 0);
  }
  // A download may be the call that restored the session by remember-me: its rotated token is kept too.
  guardarRememberMe(resposta);
  if (resposta.ok && (resposta.headers.get('content-type') ?? '').startsWith(tipo)) return resposta.blob();
  const env = (await resposta.json().catch(() => null)) as { messageError?: string } | null;
  if (resposta.status === 401) {
    avisarSessaoExpirada();
    throw new ApiError(env?.messageError ?? MENSAGENS.naoAutenticado, 401);
  }
  throw new ApiError(env?.messageError ?? MENSAGENS.erroServidorAtualize, resposta.status);
}

/**
 * Opens a PDF of the API in a new tab, to read or print. The tab is opened at the click (one opened
 * after an await is stopped by popup blockers) and receives the file when it arrives; on failure it
 * closes and the server's message is thrown for the screen to show.
 */
export async function abrirPdf(pedido: PedidoArquivo): Promise<void> {
  const aba = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await buscarArquivo(pedido, 'application/pdf'));
    if (aba) aba.location.href = url;
    else window.location.assign(url);
    // The tab may still be loading the blob; a minute is plenty before the memory is given back.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    aba?.close();
    throw e;
  }
}

/** Saves a file of the API (an export, a report to keep) through the browser's download, as `nome`. */
export async function salvarArquivo(pedido: PedidoArquivo, tipo: TipoArquivo, nome: string): Promise<void> {
  baixarArquivo(nome, await buscarArquivo(pedido, tipo), tipo);
}
