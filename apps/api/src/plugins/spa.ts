import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify needs an interface
  interface FastifyReply {
    sendSpa: () => FastifyReply;
  }
}

const PADRAO = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Serves the built SPA from the same process; unknown GET paths get index.html (client routing). */
export const spaPlugin = fp(async (app: FastifyInstance, opcoes: { dist?: string }) => {
  const dist = opcoes.dist ?? PADRAO;
  const indice = join(dist, 'index.html');
  const temSpa = existsSync(indice);
  if (temSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Hashed file names under assets/ never change content, so they may be cached for good.
      setHeaders: (res, caminho) => {
        res.setHeader('Cache-Control', caminho.startsWith(join(dist, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const html = temSpa ? readFileSync(indice, 'utf8') : null;
  app.decorateReply('sendSpa', function (this) {
    if (!html) return this.status(404).type('text/plain; charset=utf-8').send('Aplicação web não compilada. Rode: npm run build');
    return this.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
});
