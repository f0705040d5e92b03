import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { MENSAGEM_ARQUIVO_NAO_ENCONTRADO } from '@bonifica/contracts';
import { idParamSchema } from '@bonifica/contracts';
import { arquivo, empresa } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresasVisiveis } from '../company/index.js';
import { lerImagemSistema } from '../config/index.js';
import { doServico, doUsuario } from './arquivo.repository.js';

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

  /**
   * The bytes of an uploaded file (arquivo/upload), with the type sniffed at upload and `nosniff`
   * (helmet): a file of the service (white label) to anyone, a company's only to its users — any
   * other id answers 404, the same as a missing one.
   */
  rotas.get('/:id', { schema: { tags: ['arquivo'], params: idParamSchema }, config: { publico: true } }, async (request, reply) => {
    const colunas = { dados: arquivo.dados, tipo: arquivo.tipo, sha256: arquivo.sha256, empresaId: arquivo.empresaId };
    const { id } = request.params;
    let [f] = await app.db.select(colunas).from(arquivo).where(doServico(id)).limit(1);
    const u = request.usuario;
    if (!f && u) [f] = await transacaoDoUsuario(request, (tx) => tx.select(colunas).from(arquivo).where(doUsuario(u, id)).limit(1));
    if (!f) throw erro.naoEncontrado(MENSAGEM_ARQUIVO_NAO_ENCONTRADO);
    const etag = `"${f.sha256}"`;
    reply
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', f.empresaId === null ? 'public, max-age=300' : 'private, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(f.tipo).send(f.dados);
  });
}
