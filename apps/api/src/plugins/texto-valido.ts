import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { erro } from '../lib/erros.js';
import { primeiroTextoInvalido } from '../lib/texto-valido.js';

/**
 * Every string a client sends — path parameters, query string and body, on every route, with or
 * without a schema — is checked here once, before validation and handlers (issue 12 §4). Headers
 * need no check: Node's HTTP parser refuses NUL in them and reads other bytes as Latin-1, which
 * never yields a surrogate.
 */
export const textoValidoPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request, the sale's hot path included.
  app.addHook('preValidation', (request, _reply, done) => {
    const caminho = primeiroTextoInvalido(request.params) ?? primeiroTextoInvalido(request.query) ?? primeiroTextoInvalido(request.body);
    if (caminho === undefined) return done();
    // The message alone, like every validation error (plugins/envelope.ts): the schema path is an
    // internal name; it goes to the log for whoever debugs an integration.
    request.log.info({ caminho }, 'texto inválido na entrada');
    done(erro.requisicao(MENSAGENS_PRODUTO.textoInvalido));
  });
});
