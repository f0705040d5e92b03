import { MENSAGENS } from '@bonifica/contracts';
import { ApiError, cabecalhosPadrao } from './api';
import { baixarArquivo } from './navegador';

/**
 * A file answered by a POST call (report PDFs and CSVs): the browser cannot follow a link to it,
 * so it is fetched with the session headers and saved. A failure arrives as the JSON envelope, and
 * its message is thrown like any other call's.
 */
export async function baixarDaApi(caminho: string, corpo: unknown, tipo: 'application/pdf' | 'text/csv', nome: string): Promise<void> {
  let resposta: Response;
  try {
    resposta = await fetch(`/services/${caminho}`, {
      method: 'POST',
      headers: { ...cabecalhosPadrao(), Accept: `${tipo}, application/json`, 'Content-Type': 'application/json' },
      body: JSON.stringify(corpo),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(MENSAGENS.erroServidorAtualize, 0);
  }
  if (!resposta.ok || !(resposta.headers.get('content-type') ?? '').startsWith(tipo)) {
    const env = (await resposta.json().catch(() => null)) as { messageError?: string } | null;
    throw new ApiError(env?.messageError ?? MENSAGENS.erroServidorAtualize, resposta.status);
  }
  baixarArquivo(nome, await resposta.blob(), tipo);
}
