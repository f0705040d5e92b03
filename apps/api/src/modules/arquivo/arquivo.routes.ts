import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { idParamSchema } from '@bonifica/contracts';
import { empresa } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresasVisiveis } from '../company/index.js';

const LOGO_SISTEMA = readFileSync(fileURLToPath(new URL('../../../assets/logo-bonifica.svg', import.meta.url)));

export async function arquivoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  /** Header logo of spec §7 "Shell"; public so the login page can show it too. */
  rotas.get('/imagem/sistema/topoAngular', { schema: { tags: ['arquivo'] }, config: { publico: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(LOGO_SISTEMA),
  );

  rotas.get('/imagem/empresa/:id', { schema: { tags: ['arquivo'], params: idParamSchema } }, async (request, reply) => {
    const u = usuarioDe(request);
    const logo = await transacaoDoUsuario(request, async (tx) => {
      const [l] = await tx
        .select({ logo: empresa.logo, mime: empresa.logoMime })
        .from(empresa)
        .where(and(eq(empresa.id, request.params.id), empresasVisiveis(u)))
        .limit(1);
      return l;
    });
    if (!logo?.logo) throw erro.naoEncontrado('Imagem não encontrada.');
    return reply.type(logo.mime ?? 'image/png').header('Cache-Control', 'private, max-age=300').send(logo.logo);
  });
}
