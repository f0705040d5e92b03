import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagemSistemaParamSchema, imagemSistemaSchema, PERMISSOES } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { gravarImagemSistema, lerConfigSistema } from '../config/index.js';

/** First bytes of each accepted format: the declared type must match the file (no HTML passed off as PNG). */
function assinaturaConfere(mime: string, dados: Buffer): boolean {
  const inicio = dados.subarray(0, 512).toString('latin1');
  switch (mime) {
    case 'image/png':
      return dados.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return dados[0] === 0xff && dados[1] === 0xd8 && dados[2] === 0xff;
    case 'image/webp':
      return inicio.startsWith('RIFF') && inicio.slice(8, 12) === 'WEBP';
    case 'image/svg+xml':
      // An SVG with scripts or event handlers would run on our origin if opened on its own.
      return /<svg[\s>]/i.test(dados.toString('utf8')) && !/<script|\son\w+\s*=|javascript:/i.test(dados.toString('utf8'));
    default:
      return dados[0] === 0 && dados[1] === 0 && dados[2] === 1 && dados[3] === 0;
  }
}

/** White label images (issue 13 §4): the header logo (`topoAngular`, spec §7 "Shell") and the favicon. */
export async function whitelabelRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['sistema'];

  rotas.post('/sistema/whitelabel/imagem/:tipo', { schema: { tags, params: imagemSistemaParamSchema, body: imagemSistemaSchema }, config }, async (request) => {
    const { tipo } = request.params;
    const { mime, base64 } = request.body;
    const dados = Buffer.from(base64, 'base64');
    const { limiteImagemKb } = await lerConfigSistema(app.db);
    if (dados.length > limiteImagemKb * 1024) throw erro.requisicao(`Imagem grande demais: o limite é ${limiteImagemKb} KB.`);
    if (!assinaturaConfere(mime, dados)) throw erro.requisicao('O arquivo não é uma imagem do formato informado.');
    await app.db.transaction(async (tx) => {
      await gravarImagemSistema(tx, tipo, { mime, base64: dados.toString('base64') });
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'imagem_sistema', entidadeId: tipo, empresaId: null, depois: { mime, bytes: dados.length } });
    });
    return ok(`/arquivo/imagem/sistema/${tipo}`);
  });

  /** Back to the product's own logo (or no favicon). */
  rotas.delete('/sistema/whitelabel/imagem/:tipo', { schema: { tags, params: imagemSistemaParamSchema }, config }, async (request) => {
    await app.db.transaction(async (tx) => {
      await gravarImagemSistema(tx, request.params.tipo, null);
      await auditar(tx, request, { acao: 'EXCLUIR', entidade: 'imagem_sistema', entidadeId: request.params.tipo, empresaId: null });
    });
    return ok(true);
  });
}
