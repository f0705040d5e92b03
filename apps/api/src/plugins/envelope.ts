import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENSAGENS, MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { ErroApi } from '../lib/erros.js';
import { falha } from '../lib/resposta.js';

function codigoSql(e: unknown): string | undefined {
  const x = e as { code?: unknown; cause?: { code?: unknown } };
  const c = typeof x.cause?.code === 'string' ? x.cause.code : typeof x.code === 'string' ? x.code : undefined;
  return c && /^[0-9A-Z]{5}$/.test(c) ? c : undefined;
}

/** Turns every failure into the envelope with a Portuguese message; never a stack trace (ARCHITECTURE §5). */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.url === '/logout' || request.url.startsWith('/logout?')) {
      request.log.warn({ err: error }, 'falha no logout; redirecionando assim mesmo');
      return reply.redirect('/', 302);
    }
    if (error instanceof ErroApi) {
      if (error.html) return reply.status(error.status).type('text/html; charset=utf-8').send(error.html);
      return reply.status(error.status).send(falha(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The contract's messages name the field in Portuguese ("Informe o valor da venda."); the
      // schema path ("valor", "consentimentos.0.canal") is an internal name the user must not read.
      return reply.status(400).send(falha(error.validation[0]?.message ?? MENSAGENS_PRODUTO.dadosInvalidos));
    }
    // Database constraints are the last line of defence; when one fires, say so plainly (409), never a 500.
    const sqlState = codigoSql(error);
    if (sqlState === '23505' || sqlState === '23514' || sqlState === '23P01') {
      return reply.status(409).send(falha(MENSAGENS_PRODUTO.conflito));
    }
    // Serialization failure, deadlock, or a lock not granted within lock_timeout: nothing was written.
    if (sqlState === '40001' || sqlState === '40P01' || sqlState === '55P03') {
      return reply.status(409).send(falha('Operação concorrente em andamento. Tente novamente.'));
    }
    const codigo = error.code ?? '';
    if (codigo === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(falha(MENSAGENS_PRODUTO.corpoGrande));
    }
    if (codigo === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return reply.status(415).send(falha(MENSAGENS_PRODUTO.tipoConteudo));
    }
    if (codigo.startsWith('FST_ERR_CTP') || error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send(falha(MENSAGENS_PRODUTO.jsonInvalido));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(falha(MENSAGENS_PRODUTO.muitasTentativas));
    }
    request.log.error({ err: error }, 'erro não tratado');
    return reply.status(500).send(falha(MENSAGENS.erroServidorAtualize));
  });
});
