import { readFileSync } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { LIMITE_PAGINA_PUBLICA } from '../../plugins/limite-publico.js';
import { blocosDaLista } from './congelar.js';
import { buscarSorteioPublico } from './publico.consulta.js';
import { paginaSorteioNaoEncontrado, paginaVerificacao, SCRIPT_VERIFICACAO } from './pagina-verificacao.js';

/**
 * The draw's ONE algorithm, as compiled from packages/contracts/src/sorteio-algoritmo.ts (it imports
 * nothing): the page runs the very file the server imports. The source-map comment is dropped (the map
 * is not served).
 */
const ALGORITMO = readFileSync(createRequire(import.meta.url).resolve('@bonifica/contracts/sorteio-algoritmo'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');

const CODIGO = /^[A-Za-z0-9_-]{8,24}$/;

/**
 * Public verification page of a draw (`/p/sorteio/{codigo}`, docs/areas/sorteios.md, decision 037):
 * plain HTML, no login, no SPA bundle, rate limited; the frozen list as text; the algorithm and the
 * page's script as files (the CSP allows no inline script).
 */
export async function sorteioPublicoRoutes(app: FastifyInstance) {
  const opcoes = { schema: { hide: true }, config: { rateLimit: LIMITE_PAGINA_PUBLICA, publico: true } };
  app.get('/p/sorteio/algoritmo.js', opcoes, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(ALGORITMO),
  );
  app.get('/p/sorteio/verificar.js', opcoes, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(SCRIPT_VERIFICACAO),
  );
  app.get<{ Params: { codigo: string } }>('/p/sorteio/:codigo', opcoes, async (request, reply) => {
    const s = CODIGO.test(request.params.codigo) ? await buscarSorteioPublico(app.db, request.params.codigo) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!s) return reply.status(404).send(paginaSorteioNaoEncontrado());
    return reply.send(paginaVerificacao(s));
  });
  app.get<{ Params: { codigo: string } }>('/p/sorteio/:codigo/lista.txt', opcoes, async (request, reply) => {
    const s = CODIGO.test(request.params.codigo) ? await buscarSorteioPublico(app.db, request.params.codigo) : null;
    if (!s || !s.hashLista) return reply.status(404).type('text/plain; charset=utf-8').send('Lista não encontrada ou ainda não congelada.\n');
    // Streamed block by block: a million numbers are ~45 MB that never sit in one string. Gzipped when
    // the browser takes it (every one does): ~16× smaller, what a participant's phone plan feels. The
    // compression runs on libuv's threads, not on the event loop.
    const lista = Readable.from(blocosDaLista(app.db, s.id, s.totalNumeros ?? 0));
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'accept-encoding')
      .header('content-disposition', `inline; filename="sorteio-${s.id}-lista.txt"`);
    if (!gzip) return reply.send(lista);
    const comprimida = createGzip({ level: 6 });
    // pipeline, not pipe: a failure reading the list destroys the gzip stream too, and the reply is cut short.
    pipeline(lista, comprimida, () => {});
    return reply.header('content-encoding', 'gzip').send(comprimida);
  });
}
