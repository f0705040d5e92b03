import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lerTokenDescadastro, segredoDescadastro } from '../../lib/link-descadastro.js';
import { html, pagina } from '../../lib/pagina-publica.js';
import { LIMITE_PAGINA_PUBLICA } from '../../plugins/limite-publico.js';
import { revogarEmail } from './revogar.js';

/**
 * The unsubscribe link of marketing e-mail (LGPD; docs/decisions/034, docs/areas/mensageria.md): a public
 * page (no login, no SPA bundle, rate limited per IP) that records the revocation and says so in
 * Portuguese. GET is the link in the text; POST is the mail apps' one-click button (`List-Unsubscribe-Post`,
 * RFC 8058). No HEAD route: a link checker's HEAD must not unsubscribe anyone.
 */
export async function descadastroRoutes(app: FastifyInstance) {
  const responder = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const alvo = lerTokenDescadastro(await segredoDescadastro(app.db), request.params.token);
    const r = alvo ? await revogarEmail(app.db, alvo) : null;
    if (!r) return reply.status(404).send(paginaLinkInvalido());
    return reply.send(paginaDescadastrado(r.loja));
  };
  const opcoes = { schema: { hide: true }, exposeHeadRoute: false, config: { rateLimit: LIMITE_PAGINA_PUBLICA, publico: true, semXsrf: true } };
  app.get<{ Params: { token: string } }>('/descadastro/:token', opcoes, responder);
  app.post<{ Params: { token: string } }>('/descadastro/:token', opcoes, responder);
}

export function paginaDescadastrado(loja: string): string {
  return pagina(
    'Descadastro confirmado',
    `<div class="cartao"><h1>Pronto, você foi descadastrado</h1>
  <p>Você não receberá mais e-mails de divulgação de <strong>${html(loja)}</strong>.</p>
  <p class="sub">Mensagens sobre as suas compras e o seu saldo podem continuar chegando. Se mudar de ideia, é só pedir na loja.</p></div>`,
  );
}

function paginaLinkInvalido(): string {
  return pagina(
    'Link inválido',
    `<div class="cartao"><h1>Link inválido</h1>
  <p>Este link de descadastro não é válido. Use o link do e-mail que você recebeu, ou peça o descadastro na loja.</p></div>`,
  );
}
