import type { FastifyInstance } from 'fastify';
import type { MenuReply } from '@bonifica/contracts';
import { ok } from '../../lib/resposta.js';
import { usuarioDe } from '../../lib/tenant.js';
import { menuDoUsuario } from './menu.js';

export async function backofficeRoutes(app: FastifyInstance) {
  app.get('/backoffice/menu', { schema: { tags: ['backoffice'] } }, async (request) => {
    const r: MenuReply = { menuList: menuDoUsuario(usuarioDe(request).permissoes) };
    return ok(r);
  });
}
