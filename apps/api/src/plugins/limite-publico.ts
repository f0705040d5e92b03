import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { erro, ErroApi } from '../lib/erros.js';
import { html, pagina } from '../lib/pagina-publica.js';

/**
 * Requests per IP a public page (`/p/**`, no login) answers in a minute. A person who opened a link
 * shared on WhatsApp reloads a few times; a scraper walking every company's slug does not get far.
 */
export const LIMITE_PAGINA_PUBLICA = { max: 60, timeWindow: 60_000 } as const;

export const MENSAGEM_LIMITE_PUBLICO = 'Muitos acessos em pouco tempo. Aguarde um minuto e tente de novo.';

/**
 * Rate limit for the routes that opt in with `config.rateLimit` (the public pages). In memory, per
 * process: behind N processes the effective limit is N times this (docs/operacao/escala.md). The
 * logged-in API is not limited here: its callers are authenticated and audited.
 */
export const limitePublicoPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    // Thrown to the envelope's error handler; the plugin has already set Retry-After. A browser opening
    // the page gets a page (a phone showing raw JSON looks broken); the pages' own fetches get the envelope.
    errorResponseBuilder: (request) =>
      (request.headers.accept ?? '').includes('text/html')
        ? new ErroApi(429, MENSAGEM_LIMITE_PUBLICO, pagina('Aguarde um minuto', `<div class="cartao"><h1>Aguarde um minuto</h1><p>${html(MENSAGEM_LIMITE_PUBLICO)}</p></div>`))
        : erro.muitas(MENSAGEM_LIMITE_PUBLICO),
  });
});
