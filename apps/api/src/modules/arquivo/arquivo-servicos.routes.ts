import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  idParamSchema,
  LIMITE_ARQUIVO_BYTES,
  LIMITE_PDF_BYTES,
  MENSAGEM_ARQUIVO_GRANDE,
  MENSAGEM_ARQUIVO_NAO_ENCONTRADO,
  MENSAGEM_ARQUIVO_TIPO,
  MENSAGEM_PDF_GRANDE,
  PERMISSOES,
} from '@bonifica/contracts';
import { arquivo } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro, ErroApi } from '../../lib/erros.js';
import { tipoDoArquivo } from '../../lib/imagem.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarInfo, colunasInfo, doUsuario, info } from './arquivo.repository.js';
import { sha256Hex } from './imagens.js';

/** Logos and images are the company's management's and the system administrator's to change. */
const QUEM_ENVIA = [PERMISSOES.admin, PERMISSOES.empresa, PERMISSOES.empresaAdmin];
const FOLGA_MULTIPART = 16 * 1024;

/**
 * Spec §7 "Other": arquivo/ GET findbyid/{id}, DELETE delete/{id}, plus POST upload (ours): images
 * for logos and the white label, tenant-scoped. The bytes are served outside /services, at
 * `/arquivo/{id}` (arquivo.routes.ts). docs/areas/manutencao.md § Arquivos.
 */
export async function arquivoServicosRoutes(app: FastifyInstance) {
  // Registered in this plugin's scope only, like the import's.
  // The larger of the two limits here; an image past its own (smaller) one is refused after sniffing.
  await app.register(multipart, { limits: { fileSize: LIMITE_PDF_BYTES, files: 1, fields: 2, parts: 3 } });
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['arquivo'];

  rotas.post('/arquivo/upload', { schema: { tags, consumes: ['multipart/form-data'] }, config: { permissoes: QUEM_ENVIA } }, async (request) => {
    const u = usuarioDe(request);
    if (!request.isMultipart()) throw erro.requisicao('Envie a imagem como multipart/form-data, no campo "arquivo".');
    if (Number(request.headers['content-length'] ?? 0) > LIMITE_PDF_BYTES + FOLGA_MULTIPART) throw new ErroApi(413, MENSAGEM_PDF_GRANDE);
    let parte;
    try {
      parte = await request.file();
    } catch {
      throw erro.requisicao('Não foi possível ler o arquivo enviado.');
    }
    if (!parte) throw erro.requisicao('Envie uma imagem no campo "arquivo".');
    let dados: Buffer;
    try {
      dados = await parte.toBuffer();
    } catch (e) {
      // Past the limit @fastify/multipart stops reading and says so.
      if (parte.file.truncated || (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ErroApi(413, MENSAGEM_PDF_GRANDE);
      throw erro.requisicao('Não foi possível ler o arquivo enviado.');
    }
    if (parte.file.truncated) throw new ErroApi(413, MENSAGEM_PDF_GRANDE);
    // The type comes from the bytes (PNG signature, `%PDF-`…), never from the name or the browser's claim.
    const tipo = tipoDoArquivo(dados);
    if (!tipo) throw erro.requisicao(MENSAGEM_ARQUIVO_TIPO);
    if (tipo !== 'application/pdf' && dados.length > LIMITE_ARQUIVO_BYTES) throw new ErroApi(413, MENSAGEM_ARQUIVO_GRANDE);
    const padrao = tipo === 'application/pdf' ? 'documento.pdf' : 'imagem';
    const nome = (parte.filename || padrao).replace(/^.*[\\/]/, '').slice(0, 160) || padrao;
    const criado = await transacaoDoUsuario(request, async (tx) => {
      const [l] = await tx
        .insert(arquivo)
        .values({ empresaId: u.empresaId, nome, tipo, tamanho: dados.length, sha256: sha256Hex(dados), dados, usuarioId: u.id })
        .returning(colunasInfo);
      const i = info(l!);
      await auditar(tx, request, { acao: 'CRIAR', entidade: 'arquivo', entidadeId: i.id, depois: { nome: i.nome, tipo: i.tipo, tamanho: i.tamanho, sha256: i.sha256 } });
      return i;
    });
    return ok(criado);
  });

  rotas.get('/arquivo/findbyid/:id', { schema: { tags, params: idParamSchema } }, async (request) => {
    const u = usuarioDe(request);
    const i = await transacaoDoUsuario(request, (tx) => buscarInfo(tx, u, request.params.id));
    if (!i) throw erro.naoEncontrado(MENSAGEM_ARQUIVO_NAO_ENCONTRADO);
    return ok(i);
  });

  rotas.delete('/arquivo/delete/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: QUEM_ENVIA } }, async (request) => {
    const u = usuarioDe(request);
    await transacaoDoUsuario(request, async (tx) => {
      const [l] = await tx.delete(arquivo).where(doUsuario(u, request.params.id)).returning(colunasInfo);
      if (!l) throw erro.naoEncontrado(MENSAGEM_ARQUIVO_NAO_ENCONTRADO);
      await auditar(tx, request, { acao: 'EXCLUIR', entidade: 'arquivo', entidadeId: l.id, antes: { nome: l.nome, tipo: l.tipo, tamanho: l.tamanho, sha256: l.sha256 }, empresaId: l.empresaId });
    });
    return ok(true);
  });
}
