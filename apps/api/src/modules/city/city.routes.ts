import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cityFindSchema } from '@bonifica/contracts';
import { lista } from '../../lib/resposta.js';
import { buscarCidades } from './cidades.js';

export async function cityRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/city/find', { schema: { tags: ['city'], body: cityFindSchema } }, async (request) =>
    lista(buscarCidades(request.body.name, request.body.maxResults)),
  );
}
