import { MENSAGENS } from '@bonifica/contracts';
import { ApiError, cabecalhosPadrao } from './api';

/** A file answered by a POST (PDF, CSV); a JSON reply instead is the envelope of a failure. */
export async function buscarArquivoPost(caminho: string, corpo: unknown, tipo: string): Promise<Blob> {
  const resposta = await fetch(`/services/${caminho.replace(/^\//, '')}`, {
    method: 'POST',
    headers: { ...cabecalhosPadrao(), Accept: `${tipo}, application/json`, 'Content-Type': 'application/json' },
    body: JSON.stringify(corpo),
    credentials: 'same-origin',
  });
  if (!resposta.ok || !(resposta.headers.get('content-type') ?? '').startsWith(tipo)) {
    const env = (await resposta.json().catch(() => null)) as { messageError?: string } | null;
    throw new ApiError(env?.messageError ?? MENSAGENS.erroServidorAtualize, resposta.status);
  }
  return resposta.blob();
}

/**
 * Opens the PDF a POST answers in a new tab. The tab is opened at the click (one opened after an
 * await is stopped by popup blockers) and receives the file when it arrives; on failure it closes
 * and the server's message is thrown for the screen to show.
 */
export function abrirPdfPost(caminho: string, corpo: unknown): Promise<void> {
  return abrirEmAba(() => buscarArquivoPost(caminho, corpo, 'application/pdf'));
}

/** The same for a PDF a GET answers (e.g. client/gerarcontrato/{id}). */
export function abrirPdfGet(caminho: string): Promise<void> {
  return abrirEmAba(async () => {
    const resposta = await fetch(`/services/${caminho.replace(/^\//, '')}`, { headers: { ...cabecalhosPadrao(), Accept: 'application/pdf, application/json' }, credentials: 'same-origin' });
    if (!resposta.ok || !(resposta.headers.get('content-type') ?? '').startsWith('application/pdf')) {
      const env = (await resposta.json().catch(() => null)) as { messageError?: string } | null;
      throw new ApiError(env?.messageError ?? MENSAGENS.erroServidorAtualize, resposta.status);
    }
    return resposta.blob();
  });
}

async function abrirEmAba(buscar: () => Promise<Blob>): Promise<void> {
  const aba = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await buscar());
    if (aba) aba.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    aba?.close();
    throw e;
  }
}
