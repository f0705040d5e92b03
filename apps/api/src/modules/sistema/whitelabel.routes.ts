import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagemSistemaParamSchema, imagemSistemaSchema, PERMISSOES } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { tipoDaImagem } from '../../lib/imagem.js';
import { trocarImagemServico } from '../arquivo/index.js';
import { lerConfigSistema } from '../config/index.js';

/** The declared type and the one the bytes show must agree; ICO has two names. */
const mesmoTipo = (declarado: string, real: string) => (declarado === 'image/vnd.microsoft.icon' ? 'image/x-icon' : declarado) === real;

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
    const tipoReal = tipoDaImagem(dados);
    if (!tipoReal || !mesmoTipo(mime, tipoReal)) throw erro.requisicao('O arquivo não é uma imagem do formato informado.');
    await app.db.transaction(async (tx) => {
      await trocarImagemServico(tx, tipo, { nome: tipo, tipo: tipoReal, dados, usuarioId: request.usuario?.id ?? null });
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'imagem_sistema', entidadeId: tipo, empresaId: null, depois: { mime: tipoReal, bytes: dados.length } });
    });
    return ok(`/arquivo/imagem/sistema/${tipo}`);
  });

  /** Back to the product's own logo (or no favicon). */
  rotas.delete('/sistema/whitelabel/imagem/:tipo', { schema: { tags, params: imagemSistemaParamSchema }, config }, async (request) => {
    await app.db.transaction(async (tx) => {
      await trocarImagemServico(tx, request.params.tipo, null);
      await auditar(tx, request, { acao: 'EXCLUIR', entidade: 'imagem_sistema', entidadeId: request.params.tipo, empresaId: null });
    });
    return ok(true);
  });
}
