import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { MENSAGENS_PRODUTO, possuiAlguma, type EscopoToken } from '@bonifica/contracts';
import type { UsuarioContexto } from '../lib/contexto.js';
import { erro } from '../lib/erros.js';
import { carregarSessao, criarSessao, esvaziarLeitorDeSessoes, type LimitesSessao } from '../lib/sessao-store.js';
import { registrarSessaoAberta, usarRememberMe } from '../lib/remember-me.js';
import { iguaisSeguro, sha256, tokenAleatorio } from '../lib/tokens.js';
import { autenticarToken, esvaziarLeitorDeTokens, exigirEscopo, type TokenContexto } from '../lib/token-api.js';

export const COOKIE_SESSAO = 'SESSION';
export const COOKIE_XSRF = 'XSRF-TOKEN';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify needs an interface
  interface FastifyRequest {
    usuario: UsuarioContexto | null;
    sessaoIdHash: string | null;
    rememberSerie: string | null;
    /** The API token of an integration call (route config `token`); null elsewhere. */
    tokenApi: TokenContexto | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify needs an interface
  interface FastifyContextConfig {
    /** Reachable without a session (login, forgot password, public pages). */
    publico?: boolean;
    /** Any-of permission list (spec §6); absent = any logged-in user. */
    permissoes?: readonly string[];
    /** Exempt from the XSRF check: only calls that cannot be forged cross-site (see docs/decisions). */
    semXsrf?: boolean;
    /**
     * The route changes data although its method is a read (a spec path kept verbatim, e.g. GET
     * transacao/cancelar/{id}): XSRF-checked on every method it answers, the HEAD Fastify adds included.
     */
    alteraDados?: boolean;
    /**
     * An integration route (docs/areas/integracao.md): authenticated ONLY by an API token with this
     * scope (`Authorization: Bearer`). No cookie is read — a session does not open it — and no XSRF
     * is asked, as a header a browser never sends on its own cannot be forged cross-site.
     */
    token?: { escopo: EscopoToken };
  }
}

/** The only methods that may skip XSRF, and only on routes that do not change data (decision 006). */
const LEITURAS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OpcoesSessao = { limites: LimitesSessao; cookieSeguro: boolean; rememberMeMs: number };

export function definirCookiesSessao(reply: FastifyReply, id: string, xsrf: string, seguro: boolean): void {
  reply.setCookie(COOKIE_SESSAO, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: seguro });
  reply.setCookie(COOKIE_XSRF, xsrf, { path: '/', httpOnly: false, sameSite: 'lax', secure: seguro });
}

export function limparCookiesSessao(reply: FastifyReply, seguro: boolean): void {
  reply.clearCookie(COOKIE_SESSAO, { path: '/', httpOnly: true, sameSite: 'lax', secure: seguro });
  reply.clearCookie(COOKIE_XSRF, { path: '/', sameSite: 'lax', secure: seguro });
}

/** A remember-me header carries a token, except on login where it is the "true|false" wish. */
function tokenRememberMe(request: FastifyRequest): string | null {
  const v = request.headers['remember-me'];
  if (typeof v !== 'string' || v === 'true' || v === 'false' || v.length < 10 || v.length > 120) return null;
  return v;
}

export const sessaoPlugin = fp(async (app: FastifyInstance, opcoes: OpcoesSessao) => {
  await app.register(cookie);
  app.decorateRequest('usuario', null);
  app.decorateRequest('sessaoIdHash', null);
  app.decorateRequest('rememberSerie', null);
  app.decorateRequest('tokenApi', null);
  app.addHook('onClose', () => esvaziarLeitorDeSessoes(app.db));
  app.addHook('onClose', () => esvaziarLeitorDeTokens(app.db));

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/services/') && !url.startsWith('/arquivo/') && url !== '/logout' && !url.startsWith('/logout?')) {
      return;
    }
    const db = app.db;
    const porToken = request.routeOptions.config?.token;
    if (porToken) {
      request.tokenApi = await autenticarToken(db, request);
      exigirEscopo(request.tokenApi, porToken.escopo);
      return;
    }
    let restauradaAgora = false;
    const id = request.cookies[COOKIE_SESSAO];
    let xsrfSessao: string | null = null;
    if (id) {
      const s = await carregarSessao(db, id, opcoes.limites);
      if (s) {
        request.usuario = s.usuario;
        request.sessaoIdHash = s.idHash;
        request.rememberSerie = s.rememberSerie;
        xsrfSessao = s.xsrf;
      }
    }
    const token = tokenRememberMe(request);
    if (!request.usuario && token) {
      const uso = await usarRememberMe(db, token, opcoes.rememberMeMs, id ? sha256(id) : null);
      if (uso) {
        const nova = await criarSessao(db, uso.usuarioId, opcoes.limites, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          rememberSerie: uso.serie,
        });
        await registrarSessaoAberta(db, uso.seletor, sha256(nova.id));
        const s = await carregarSessao(db, nova.id, opcoes.limites);
        if (s) {
          request.usuario = s.usuario;
          request.sessaoIdHash = s.idHash;
          request.rememberSerie = uso.serie;
          definirCookiesSessao(reply, nova.id, nova.xsrf, opcoes.cookieSeguro);
          if (uso.token) reply.header('remember-me', uso.token);
          restauradaAgora = true;
        }
      }
    }
    if (!request.cookies[COOKIE_XSRF] && !restauradaAgora) {
      // Anonymous pages (change password by e-mailed link) need a token to echo back too.
      reply.setCookie(COOKIE_XSRF, tokenAleatorio(), { path: '/', httpOnly: false, sameSite: 'lax', secure: opcoes.cookieSeguro });
    }
    const configRota = request.routeOptions.config;
    const exigeXsrf = !LEITURAS.has(request.method) || configRota?.alteraDados === true;
    if (exigeXsrf && !configRota?.semXsrf) {
      const cabecalho = request.headers['x-xsrf-token'];
      const doCookie = request.cookies[COOKIE_XSRF];
      const esperado = xsrfSessao ?? doCookie;
      // A session restored by remember-me in this very request still has the old cookie in the browser.
      const valido =
        typeof cabecalho === 'string' &&
        !!esperado &&
        (iguaisSeguro(cabecalho, esperado) || (restauradaAgora && !!doCookie && iguaisSeguro(cabecalho, doCookie)));
      if (!valido) throw erro.proibido(MENSAGENS_PRODUTO.xsrfInvalido);
    }
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    // The OpenAPI page documents the contract; it holds no data.
    if (!request.routeOptions.url || config?.publico || request.routeOptions.url.startsWith('/services/docs')) return;
    if (!request.routeOptions.url.startsWith('/services/') && !request.routeOptions.url.startsWith('/arquivo/')) return;
    if (config?.token) {
      if (!request.tokenApi) throw erro.naoAutenticado();
      return;
    }
    if (!request.usuario) throw erro.naoAutenticado();
    if (config?.permissoes && !possuiAlguma(request.usuario.permissoes, config.permissoes)) throw erro.proibido();
  });
});
