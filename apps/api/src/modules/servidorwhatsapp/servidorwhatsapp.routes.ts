import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { empresa } from '../../db/schema/index.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';

export async function servidorwhatsappRoutes(app: FastifyInstance) {
  /** The contracted WhatsApp server type of the network; the header shows its icon only for DEDICADO. */
  app.get('/servidorwhatsapp/tipo/contratado', { schema: { tags: ['servidorwhatsapp'] } }, async (request) => {
    const u = usuarioDe(request);
    if (u.empresaId === null) return ok('NENHUM');
    const tipo = await transacaoDoUsuario(request, async (tx) => {
      const [m] = await tx.select({ tipo: empresa.tipoServidorWhats }).from(empresa).where(eq(empresa.id, u.empresaId!)).limit(1);
      return m?.tipo ?? 'NENHUM';
    });
    return ok(tipo);
  });
}
