import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas, at /services/docs (issue 2 §8). */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      tags: [{ name: 'integracao', description: 'API de integração para PDVs e ERPs: autenticada por token (Authorization: Bearer), sem cookies nem XSRF. Guia: docs/integracao.md.' }],
      info: { title: 'Bonifica — API do back office', version: '0.1.0', description: 'Respostas no envelope { hasError, messageError, result, results }.' },
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: 'SESSION' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          // The integration API of tills and ERPs (docs/integracao.md): no cookie, no XSRF.
          tokenApi: { type: 'http', scheme: 'bearer', description: 'Token de API criado em Empresa › API (o segredo bnf_…, mostrado uma vez).' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/services/docs', uiConfig: { docExpansion: 'list' } });
});
