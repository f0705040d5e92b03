import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, MENSAGEM_ARQUIVO_NAO_ENCONTRADO } from '@bonifica/contracts';
import { arquivo, empresa } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresasVisiveis } from '../company/index.js';
import { doServico, doUsuario } from './arquivo.repository.js';
import { enviarImagem, lerImagemServico, lerLogoEmpresa, sha256Hex } from './imagens.js';

const DADOS_LOGO_SISTEMA = readFileSync(fileURLToPath(new URL('../../../assets/logo-bonifica.svg', import.meta.url)));
const LOGO_SISTEMA = { tipo: 'image/svg+xml', sha256: sha256Hex(DADOS_LOGO_SISTEMA), dados: DADOS_LOGO_SISTEMA };

export async function arquivoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Header logo of spec §7 "Shell" (the white label's, else the product's) and the white label's favicon:
   * files of the service in `arquivo`, public so the login page and the e-mails can show them. A short
   * cache: a new logo shows within a minute everywhere, and the web adds its version to the address.
   */
  rotas.get('/imagem/sistema/topoAngular', { schema: { tags: ['arquivo'] }, config: { publico: true } }, async (request, reply) => {
    const imagem = await lerImagemServico(app.db, 'topoAngular');
    return enviarImagem(request, reply, imagem ?? LOGO_SISTEMA, 'public, max-age=60');
  });

  rotas.get('/imagem/sistema/favicon', { schema: { tags: ['arquivo'] }, config: { publico: true } }, async (request, reply) => {
    const imagem = await lerImagemServico(app.db, 'favicon');
    if (!imagem) throw erro.naoEncontrado('Imagem não encontrada.');
    return enviarImagem(request, reply, imagem, 'public, max-age=60');
  });

  /** A company's logo (the file `empresa.logo_arquivo_id` points at), to its network and the administrator only. */
  rotas.get('/imagem/empresa/:id', { schema: { tags: ['arquivo'], params: idParamSchema } }, async (request, reply) => {
    const u = usuarioDe(request);
    const logo = await transacaoDoUsuario(request, async (tx) => {
      const [visivel] = await tx.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.id, request.params.id), empresasVisiveis(u))).limit(1);
      return visivel ? lerLogoEmpresa(tx, visivel.id) : null;
    });
    if (!logo) throw erro.naoEncontrado('Imagem não encontrada.');
    return enviarImagem(request, reply, logo, 'private, max-age=300');
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
    return enviarImagem(request, reply, f, f.empresaId === null ? 'public, max-age=300' : 'private, max-age=300');
  });
}
