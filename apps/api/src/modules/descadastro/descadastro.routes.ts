import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lerTokenDescadastro, segredoDescadastro } from '../../lib/link-descadastro.js';
import { html, pagina } from '../../lib/pagina-publica.js';
import { LIMITE_PAGINA_PUBLICA } from '../../plugins/limite-publico.js';
import { lojaDoAlvo, revogarEmail } from './revogar.js';

/**
 * The unsubscribe link of marketing e-mail (LGPD; docs/decisions/034, docs/areas/mensageria.md): a public
 * page (no login, no SPA bundle, rate limited per IP). GET only shows who is unsubscribing from what and a
 * button: mail filters and antivirus scanners open every link of an e-mail, and a GET that unsubscribed
 * would take people off the list without their asking. The button (a plain form) and the mail apps'
 * one-click button (`List-Unsubscribe-Post`, RFC 8058) POST, and the POST records the revocation.
 * No HEAD route.
 */
export async function descadastroRoutes(app: FastifyInstance) {
  const alvoDo = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return lerTokenDescadastro(await segredoDescadastro(app.db), request.params.token);
  };
  const opcoes = { schema: { hide: true }, exposeHeadRoute: false, config: { rateLimit: LIMITE_PAGINA_PUBLICA, publico: true, semXsrf: true } };
  app.get<{ Params: { token: string } }>('/descadastro/:token', opcoes, async (request, reply) => {
    const alvo = await alvoDo(request, reply);
    const loja = alvo ? await lojaDoAlvo(app.db, alvo) : null;
    if (!loja) return reply.status(404).send(paginaLinkInvalido());
    return reply.send(paginaConfirmar(loja));
  });
  app.post<{ Params: { token: string } }>('/descadastro/:token', opcoes, async (request, reply) => {
    const alvo = await alvoDo(request, reply);
    const r = alvo ? await revogarEmail(app.db, alvo) : null;
    if (!r) return reply.status(404).send(paginaLinkInvalido());
    return reply.send(paginaDescadastrado(r.loja));
  });
}

function paginaConfirmar(loja: string): string {
  return pagina(
    'Parar de receber e-mails',
    `<div class="cartao"><h1>Parar de receber e-mails?</h1>
  <p>Você deixará de receber e-mails de divulgação de <strong>${html(loja)}</strong>.</p>
  <form method="post"><button type="submit" style="margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem;border:0;border-radius:8px;background:#007f77;color:#fff;cursor:pointer">Confirmar descadastro</button></form>
  <p class="sub" style="margin-top:1rem">Mensagens sobre as suas compras e o seu saldo podem continuar chegando.</p></div>`,
  );
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
