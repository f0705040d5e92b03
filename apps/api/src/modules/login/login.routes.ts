import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { empresa, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { conferirSenha, hashParaUsuarioInexistente } from '../../lib/senha.js';
import { apagarSessao, carregarUsuarioContexto, criarSessao } from '../../lib/sessao-store.js';
import { emitirRememberMe, encerrarSessaoAnterior, revogarRememberMePorToken, revogarSerie } from '../../lib/remember-me.js';
import { concluirTentativa, mensagemEspera, reservarTentativa } from '../../lib/tentativas-login.js';
import { textoInvalido } from '../../lib/texto-valido.js';
import { iguaisSeguro } from '../../lib/tokens.js';
import { lerConfigSistema } from '../config/index.js';
import { COOKIE_SESSAO, definirCookiesSessao, limparCookiesSessao } from '../../plugins/sessao.js';

type RespostaLogin = { auth: { hasError: boolean; messageError: string | null } };

function respostaLogin(reply: FastifyReply, status: number, messageError: string | null): RespostaLogin {
  reply.status(status);
  return { auth: { hasError: messageError !== null, messageError } };
}

/** "Basic base64(user:password)"; the password may itself contain ':'. */
function lerBasic(cabecalho: string | undefined): { username: string; senha: string } | null {
  if (!cabecalho?.startsWith('Basic ')) return null;
  const texto = Buffer.from(cabecalho.slice(6).trim(), 'base64').toString('utf8');
  const i = texto.indexOf(':');
  // Decoded bytes may hold a NUL, which no username has and PostgreSQL refuses (issue 12 §4).
  if (i <= 0 || textoInvalido(texto)) return null;
  return { username: texto.slice(0, i).trim().toLowerCase(), senha: texto.slice(i + 1) };
}

async function mensagemEmpresaBloqueada(app: FastifyInstance): Promise<string> {
  const c = await lerConfigSistema(app.db);
  const contato = [c.emailSuporte, c.telefoneSuporte ?? c.whatsSuporte].filter(Boolean).join(' ou ');
  return `O acesso da sua empresa está bloqueado. Fale com o suporte do ${c.nomeSistema}${contato ? `: ${contato}` : ''}.`;
}

export async function loginRoutes(app: FastifyInstance) {
  const cfg = app.config;

  /**
   * POST /login (ARCHITECTURE §5). Exempt from XSRF: a cross-site form cannot set the
   * Authorization header, and without the user's password there is nothing to forge.
   */
  app.post('/login', { config: { publico: true, semXsrf: true } }, async (request, reply): Promise<RespostaLogin> => {
    const corpo = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof corpo.token === 'string' ? corpo.token : '';
    if (!iguaisSeguro(token, cfg.clientAppToken)) {
      return respostaLogin(reply, 400, MENSAGENS_PRODUTO.tokenAplicacaoInvalido);
    }
    const credenciais = lerBasic(request.headers.authorization);
    if (!credenciais || credenciais.senha.length > 128 || credenciais.username.length > 120) {
      return respostaLogin(reply, 401, MENSAGENS_PRODUTO.credenciaisInvalidas);
    }
    const db = app.db;
    const reserva = await reservarTentativa(db, 'SENHA', credenciais.username, request.ip, cfg.tentativas);
    if (reserva.espera) {
      reply.header('retry-after', String(reserva.espera.segundos));
      return respostaLogin(reply, 429, mensagemEspera(reserva.espera));
    }
    const [u] = await db
      .select({ id: usuario.id, senhaHash: usuario.senhaHash, ativo: usuario.ativo, empresaId: usuario.empresaId })
      .from(usuario)
      .where(sql`lower(${usuario.username}) = ${credenciais.username}`)
      .limit(1);
    const hash = u?.senhaHash ?? (await hashParaUsuarioInexistente());
    const confere = await conferirSenha(hash, credenciais.senha);
    const contexto = u && confere ? await carregarUsuarioContexto(db, u.id) : null;
    if (u && confere && !contexto && u.ativo && u.empresaId !== null) {
      // The right password of an active user whose company is blocked (empresabloqueio): saying so
      // reveals nothing to someone who already holds the password, and spares a call to support.
      const [e] = await db.select({ ativa: empresa.ativa }).from(empresa).where(eq(empresa.id, u.empresaId)).limit(1);
      if (e && !e.ativa) {
        await concluirTentativa(db, reserva.id, true);
        return respostaLogin(reply, 403, await mensagemEmpresaBloqueada(app));
      }
    }
    if (!u || !confere || !contexto) {
      // Same message and status for unknown user, wrong password and inactive account: no enumeration.
      return respostaLogin(reply, 401, MENSAGENS_PRODUTO.credenciaisInvalidas);
    }
    await concluirTentativa(db, reserva.id, true);
    await encerrarSessaoAnterior(db, request.cookies[COOKIE_SESSAO]);
    let serie: string | null = null;
    if (request.headers['remember-me'] === 'true') {
      const emitido = await emitirRememberMe(db, u.id);
      serie = emitido.serie;
      reply.header('remember-me', emitido.token);
    }
    const nova = await criarSessao(db, u.id, { idleMs: cfg.sessionIdleMs, absoluteMs: cfg.sessionAbsoluteMs }, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      rememberSerie: serie,
    });
    definirCookiesSessao(reply, nova.id, nova.xsrf, cfg.cookieSecure);
    request.usuario = contexto;
    await auditar(db, request, { acao: 'LOGIN', entidade: 'usuario', entidadeId: u.id, empresaId: u.empresaId });
    return respostaLogin(reply, 200, null);
  });

  /** GET /logout ends the session and the remember-me series, and always lands on the base path. */
  app.get('/logout', { config: { publico: true } }, async (request, reply) => {
    try {
      if (request.rememberSerie) await revogarSerie(app.db, request.rememberSerie);
      const token = request.headers['remember-me'];
      if (typeof token === 'string' && token.includes('.')) await revogarRememberMePorToken(app.db, token);
      if (request.sessaoIdHash) {
        await apagarSessao(app.db, request.sessaoIdHash);
        if (request.usuario) await auditar(app.db, request, { acao: 'LOGOUT', entidade: 'usuario', entidadeId: request.usuario.id });
      }
    } catch (e) {
      request.log.warn({ err: e }, 'falha ao encerrar sessão; redirecionando assim mesmo');
    }
    limparCookiesSessao(reply, cfg.cookieSecure);
    return reply.redirect('/', 302);
  });
}
