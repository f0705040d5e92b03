import { CONSTANTES, DISPOSITIVO_TOKEN_CHAVE, MENSAGENS, type Envelope } from '@bonifica/contracts';

/** A failed call: `message` is what the user reads (the server's messageError or a catalogue default). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

const listenersSessaoExpirada = new Set<() => void>();
/** The guard listens: a 401 mid-work sends the user to login with the URL kept (spec §5). */
export function aoExpirarSessao(fn: () => void): () => void {
  listenersSessaoExpirada.add(fn);
  return () => listenersSessaoExpirada.delete(fn);
}

/** A 401 on a call that does not go through `chamar` (a file) must send the user to login all the same. */
export function avisarSessaoExpirada(): void {
  listenersSessaoExpirada.forEach((fn) => fn());
}

export function lerCookie(nome: string): string | null {
  const par = document.cookie.split('; ').find((c) => c.startsWith(`${nome}=`));
  return par ? decodeURIComponent(par.slice(nome.length + 1)) : null;
}

/** Spec §7: the remember-me token lives in sessionStorage and rides on every request but login. */
export function guardarRememberMe(resposta: Response): void {
  const token = resposta.headers.get('remember-me');
  if (token) sessionStorage.setItem(CONSTANTES.chaveRememberMe, token);
}

export function limparRememberMe(): void {
  sessionStorage.removeItem(CONSTANTES.chaveRememberMe);
}

export function cabecalhosPadrao(): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json' };
  const rememberMe = sessionStorage.getItem(CONSTANTES.chaveRememberMe);
  if (rememberMe) h['remember-me'] = rememberMe;
  // On every method: some spec paths change data through a GET (transacao/cancelar/{id}) and the server checks them too.
  const xsrf = lerCookie('XSRF-TOKEN');
  if (xsrf) h['X-XSRF-TOKEN'] = xsrf;
  // A counter paired as a device says so on every call; the sale refuses a disabled one (docs/areas/filiais.md).
  const dispositivo = localStorage.getItem(DISPOSITIVO_TOKEN_CHAVE);
  if (dispositivo) h['X-Dispositivo'] = dispositivo;
  return h;
}

/**
 * Calls `/services/{caminho}` and unwraps the envelope. Throws ApiError with a Portuguese
 * message on hasError, on HTTP failure and on network failure; never returns a failed envelope.
 */
export async function chamar<R = unknown, RS = unknown>(
  metodo: Metodo,
  caminho: string,
  corpo?: unknown,
  opcoes: { mensagemPadrao?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Envelope<R, RS>> {
  // Extra headers of one call (e.g. Idempotency-Key on a posting) on top of the defaults.
  const headers = { ...cabecalhosPadrao(), ...opcoes.headers };
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const multipart = corpo instanceof FormData;
  if (corpo !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const padrao = opcoes.mensagemPadrao ?? MENSAGENS.erroServidorAtualize;
  let resposta: Response;
  try {
    resposta = await fetch(`/services/${caminho.replace(/^\//, '')}`, {
      method: metodo,
      headers,
      body: corpo === undefined ? undefined : multipart ? corpo : JSON.stringify(corpo),
      credentials: 'same-origin',
      signal: opcoes.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(padrao, 0);
  }
  guardarRememberMe(resposta);
  let env: Envelope<R, RS> | null = null;
  try {
    env = (await resposta.json()) as Envelope<R, RS>;
  } catch {
    env = null;
  }
  if (resposta.status === 401) {
    avisarSessaoExpirada();
    throw new ApiError(env?.messageError ?? MENSAGENS.naoAutenticado, 401);
  }
  if (!env || typeof env.hasError !== 'boolean') throw new ApiError(padrao, resposta.status);
  if (env.hasError || !resposta.ok) throw new ApiError(env.messageError ?? padrao, resposta.status);
  return env;
}

export const api = {
  get: <R = unknown, RS = unknown>(caminho: string, o?: { mensagemPadrao?: string; signal?: AbortSignal }) =>
    chamar<R, RS>('GET', caminho, undefined, o),
  post: <R = unknown, RS = unknown>(caminho: string, corpo?: unknown, o?: { mensagemPadrao?: string; headers?: Record<string, string> }) =>
    chamar<R, RS>('POST', caminho, corpo ?? {}, o),
  put: <R = unknown, RS = unknown>(caminho: string, corpo?: unknown) => chamar<R, RS>('PUT', caminho, corpo ?? {}),
  delete: <R = unknown, RS = unknown>(caminho: string) => chamar<R, RS>('DELETE', caminho),
  /** Uploads one file as multipart/form-data (field `campo`), with the same envelope handling. */
  enviarArquivo: <R = unknown>(caminho: string, arquivo: File, campo = 'arquivo') => {
    const dados = new FormData();
    dados.append(campo, arquivo);
    return chamar<R>('POST', caminho, dados);
  },
};
