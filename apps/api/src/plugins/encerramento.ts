import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Longest wait for the requests in progress on a stop; server.ts gives up on the whole stop at 15 s. */
const ESPERA_MAXIMA_MS = 10_000;

/**
 * A stop lets the requests already taken finish before the database closes (server.ts: app.close(),
 * then banco.close()). Fastify's close waits for the HTTP connections, not for the requests: one
 * whose connection is gone (a counter that dropped, `inject`) would still run on a closed pool.
 * So the app counts its requests, and its close waits until none is left (issue 12 §8). The
 * batchers (lib/agrupador.ts) are drained by their owners, for the calls of a request already gone.
 */
export const encerramentoPlugin = fp(async (app: FastifyInstance) => {
  const emCurso = new Set<FastifyRequest>();
  let fechando = false;
  let avisarVazio: (() => void) | null = null;
  const terminar = (request: FastifyRequest) => {
    if (emCurso.delete(request) && emCurso.size === 0) avisarVazio?.();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    emCurso.add(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    terminar(request);
    done();
  });
  // A client that left never gets its response sent; its calls still queued are drained by the batchers.
  app.addHook('onRequestAbort', (request, done) => {
    terminar(request);
    done();
  });
  app.addHook('preClose', (done) => {
    fechando = true;
    done();
  });
  // A reply given while stopping ends its keep-alive connection: the HTTP server's close waits for
  // every connection, and a browser's would otherwise stay open until keepAliveTimeout (72 s), past
  // server.ts's 15 s limit, and the stop would end in a forced exit.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (fechando && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done();
  });
  app.addHook('onClose', async () => {
    if (emCurso.size === 0) return;
    app.log.info({ requisicoes: emCurso.size }, 'encerrando: esperando as requisições em curso');
    let limite: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((ok) => (avisarVazio = ok)),
      new Promise<void>((ok) => (limite = setTimeout(ok, ESPERA_MAXIMA_MS))),
    ]);
    clearTimeout(limite);
    if (emCurso.size > 0) app.log.warn({ requisicoes: emCurso.size }, 'encerrando com requisições ainda em curso');
  });
});
