import type { FastifyInstance } from 'fastify';
import { html, pagina } from '../../lib/pagina-publica.js';
import { LIMITE_PAGINA_PUBLICA } from '../../plugins/limite-publico.js';
import { buscarCupomPublico, pedirCupom, type CupomPublico } from './pedido-online.js';

const TOKEN = /^[A-Za-z0-9_-]{8,24}$/;
const BOTAO = 'margin-top:1rem;width:100%;padding:.8rem 1.2rem;font-size:1.05rem;border:0;border-radius:8px;background:#007f77;color:#fff;cursor:pointer';
const CAMPO = 'display:block;width:100%;box-sizing:border-box;margin:.3rem 0 .8rem;padding:.7rem;font-size:1rem;border:1px solid #bbb;border-radius:8px';

function paginaCupom(c: CupomPublico, erro?: string, valores: { identificacao?: string; nome?: string; consentimento?: boolean } = {}): string {
  const regras = c.regras.map((r) => `<li>${html(r)}</li>`).join('');
  const corpo = c.aberto
    ? `<form method="post" style="margin-top:1rem">
    ${erro ? `<p role="alert" style="color:#b00020;font-weight:600">${html(erro)}</p>` : ''}
    <label for="identificacao">CPF ou celular com DDD</label>
    <input id="identificacao" name="identificacao" inputmode="numeric" autocomplete="tel" required maxlength="20" value="${html(valores.identificacao ?? '')}" style="${CAMPO}">
    <label for="nome">Seu nome (se for o primeiro cadastro)</label>
    <input id="nome" name="nome" autocomplete="name" maxlength="160" value="${html(valores.nome ?? '')}" style="${CAMPO}">
    <label style="display:flex;gap:.5rem;align-items:flex-start;font-size:.95rem"><input type="checkbox" name="consentimento" value="sim" required${valores.consentimento ? ' checked' : ''} style="margin-top:.25rem;width:1.2rem;height:1.2rem">
      <span>Autorizo ${html(c.loja)} a me enviar este cupom e ofertas pelo WhatsApp, e a usar meus dados no programa de fidelidade (LGPD). Posso cancelar quando quiser.</span></label>
    <button type="submit" style="${BOTAO}">Quero meu cupom</button>
  </form>`
    : '<p><strong>Este cupom não está mais disponível.</strong></p>';
  return pagina(
    `${c.oferta} — ${c.loja}`,
    `<div class="cartao"><p class="sub">${html(c.loja)}</p><h1>${html(c.oferta)}</h1><p>${html(c.nome)}</p>${regras ? `<ul>${regras}</ul>` : ''}${corpo}</div>`,
  );
}

function paginaCodigo(c: CupomPublico, codigo: string, whatsapp: boolean): string {
  return pagina(
    `Seu cupom — ${c.loja}`,
    `<div class="cartao"><p class="sub">${html(c.loja)}</p><h1>Seu cupom: ${html(c.oferta)}</h1>
  <p style="font-size:2rem;font-weight:700;letter-spacing:.15em;text-align:center;border:2px dashed #007f77;border-radius:8px;padding:.8rem" data-codigo>${html(codigo)}</p>
  <p>Apresente este código no caixa${c.regras.length ? ` (${html(c.regras.join(' '))})` : ''}.</p>
  <p class="sub">${whatsapp ? 'Enviamos o código também para o seu WhatsApp.' : 'Guarde este código: tire um print desta tela.'}</p></div>`,
  );
}

function naoEncontrado(): string {
  return pagina('Cupom não encontrado', '<div class="cartao"><h1>Cupom não encontrado</h1><p>Confira o link que você recebeu, ou peça o cupom na loja.</p></div>');
}

/**
 * The online coupon's public page (docs/areas/cupons.md): plain HTML served by the API — no login,
 * no SPA bundle, light for a phone — rate limited per IP. `/c/<token>` is the short URL, served by
 * Bonifica itself: it answers the same page.
 */
export async function cupomPublicoRoutes(app: FastifyInstance) {
  const opcoes = { schema: { hide: true }, exposeHeadRoute: false, config: { rateLimit: LIMITE_PAGINA_PUBLICA, publico: true, semXsrf: true } };
  const ler = async (token: string) => (TOKEN.test(token) ? buscarCupomPublico(app.db, token) : null);
  for (const caminho of ['/p/cupom/:token', '/c/:token']) {
    app.get<{ Params: { token: string } }>(caminho, opcoes, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const c = await ler(request.params.token);
      if (!c) return reply.status(404).send(naoEncontrado());
      return reply.send(paginaCupom(c));
    });
    app.post<{ Params: { token: string }; Body: Record<string, unknown> | undefined }>(caminho, opcoes, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const c = await ler(request.params.token);
      if (!c) return reply.status(404).send(naoEncontrado());
      const corpo = request.body ?? {};
      const texto = (k: string) => (typeof corpo[k] === 'string' ? (corpo[k] as string).slice(0, 200) : '');
      const valores = { identificacao: texto('identificacao'), nome: texto('nome') };
      const consentimento = texto('consentimento') === 'sim';
      const r = await pedirCupom(app.db, c, { ...valores, consentimento });
      // What the person typed and ticked comes back with the error: only the wrong field needs fixing.
      if (!r.ok) return reply.status(400).send(paginaCupom(c, r.mensagem, { ...valores, consentimento }));
      return reply.send(paginaCodigo(c, r.codigo, r.whatsapp));
    });
  }
}
