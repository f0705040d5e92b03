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
import { lerImagemSistema } from '../config/index.js';

const LOGO_SISTEMA = readFileSync(fileURLToPath(new URL('../../../assets/logo-bonifica.svg', import.meta.url)));

export async function arquivoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Header logo of spec §7 "Shell" (the white label's, else the product's) and the white label's favicon;
   * public so the login page can show them too. A short cache: a new logo shows within a minute everywhere,
   * and the web adds a version to the address right after an upload.
   */
  rotas.get('/imagem/sistema/topoAngular', { schema: { tags: ['arquivo'] }, config: { publico: true } }, async (_request, reply) => {
    const imagem = await lerImagemSistema(app.db, 'topoAngular');
    return reply
      .type(imagem?.mime ?? 'image/svg+xml')
      .header('Cache-Control', 'public, max-age=60')
      .send(imagem?.dados ?? LOGO_SISTEMA);
  });

  rotas.get('/imagem/sistema/favicon', { schema: { tags: ['arquivo'] }, config: { publico: true } }, async (_request, reply) => {
    const imagem = await lerImagemSistema(app.db, 'favicon');
    if (!imagem) throw erro.naoEncontrado('Imagem não encontrada.');
    return reply.type(imagem.mime).header('Cache-Control', 'public, max-age=60').send(imagem.dados);
  });

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
