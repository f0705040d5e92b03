import { MENSAGENS } from '@bonifica/contracts';
import { guardarRememberMe, lerCookie } from '../../lib/api';

export type CredenciaisLogin = { usuario: string; senha: string; lembrar: boolean };
export type ResultadoLogin = { ok: true } | { ok: false; mensagem: string };

type RespostaLogin = { auth?: { hasError?: boolean; messageError?: string | null } };

/** The client application token of spec §9; its value comes from configuration, with the API's default. */
const TOKEN_APLICACAO = import.meta.env.VITE_CLIENT_TOKEN ?? 'bonifica-backoffice-web';

/** btoa only takes Latin-1, and user names and passwords may carry any character. */
function base64Utf8(texto: string): string {
  const bytes = new TextEncoder().encode(texto);
  let binario = '';
  bytes.forEach((b) => {
    binario += String.fromCharCode(b);
  });
  return btoa(binario);
}

/** POST /login as in ARCHITECTURE §5: form token, Basic credentials and the remember-me flag. */
export async function fazerLogin({ usuario, senha, lembrar }: CredenciaisLogin): Promise<ResultadoLogin> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    Authorization: `Basic ${base64Utf8(`${usuario}:${senha}`)}`,
    'remember-me': String(lembrar),
  };
  const xsrf = lerCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

  let resposta: Response;
  try {
    resposta = await fetch('/login', {
      method: 'POST',
      headers,
      body: new URLSearchParams({ token: TOKEN_APLICACAO }).toString(),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, mensagem: MENSAGENS.loginFalha };
  }

  let corpo: RespostaLogin | null = null;
  try {
    corpo = (await resposta.json()) as RespostaLogin;
  } catch {
    corpo = null;
  }
  const auth = corpo?.auth;
  if (auth?.hasError) return { ok: false, mensagem: auth.messageError || MENSAGENS.loginFalha };
  if (!resposta.ok || !auth) return { ok: false, mensagem: MENSAGENS.loginFalha };
  guardarRememberMe(resposta);
  return { ok: true };
}
