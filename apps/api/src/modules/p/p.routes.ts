import type { FastifyInstance } from 'fastify';
import { LIMITE_PAGINA_PUBLICA } from '../../plugins/limite-publico.js';
import { buscarRedePublica, paginaDaRede, paginaNaoEncontrada } from './pagina-empresa.js';

/**
 * Public pages (`/p/**`, ARCHITECTURE §1): plain HTML served by the API, no login and no SPA
 * bundle, light enough for a phone that opened a link shared on WhatsApp. Today the page of the
 * share URL (`company/url/compartilhamento`); the online sign-up and referral flow come later.
 */
export async function pRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string } }>('/p/:slug', { schema: { hide: true }, config: { rateLimit: LIMITE_PAGINA_PUBLICA } }, async (request, reply) => {
    const slug = request.params.slug;
    const rede = /^[a-z0-9-]{1,60}$/.test(slug) ? await buscarRedePublica(app.db, slug) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300');
    if (!rede) return reply.status(404).send(paginaNaoEncontrada());
    return reply.send(paginaDaRede(rede));
  });
}
