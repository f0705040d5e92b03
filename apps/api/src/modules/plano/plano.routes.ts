import type { FastifyInstance } from 'fastify';
import { catalogoPlanoRoutes } from './catalogo.js';
import { clientePlanoRoutes } from './cliente-plano.routes.js';

/** Contracted plans (issue 3 §5, docs/areas/planos.md): the catalogue under `config/`, contracts under `account/clienteplano/`. */
export async function planoRoutes(app: FastifyInstance) {
  await app.register(catalogoPlanoRoutes);
  await app.register(clientePlanoRoutes);
}
