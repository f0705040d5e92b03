import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import {
  camposDaImportacao,
  historicoImportacaoParamSchema,
  importarSchema,
  metadadosParamSchema,
  PODE_IMPORTAR,
  tarefaIdParamSchema,
  type Importar,
  type TipoImportacao,
} from '@bonifica/contracts';
import { tarefa } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro, ErroApi } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { buscarTarefa, criarTarefa } from '../../lib/tarefas.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { TAREFA_IMPORTACAO, type ParametrosImportacao } from './executar.js';
import { emRecebimento, historicoImportacoes, metadadosDe, parametrosDoUpload, statusImportacao } from './importacao.repository.js';
import { descartarAguardandoAntigos, garantirVagaDeImportacao, LIMITES_IMPORTACAO, MENSAGEM_LIMITE_BYTES } from './limites.js';
import { receberArquivo } from './recebimento.js';

export const MENSAGEM_IMPORTACAO_NAO_ENCONTRADA = 'Importação não encontrada.';
export const MENSAGEM_IMPORTACAO_INICIADA = 'Esta importação já foi iniciada. Envie o arquivo de novo para outra importação.';
export const MENSAGEM_EM_RECEBIMENTO = 'O arquivo desta importação ainda está sendo recebido. Aguarde o envio terminar.';
const TIPOS_TAREFA_IMPORTACAO = Object.values(TAREFA_IMPORTACAO);
/** Boundaries and part headers around the file in a multipart body. */
const FOLGA_MULTIPART = 64 * 1024;

/** The two sets of spec §7 "Import": customers under importacao/, contacts under empresa/importacao/contato/. */
const CONJUNTOS: { raiz: string; tipo: TipoImportacao; entidade: string }[] = [
  { raiz: '/importacao', tipo: 'CLIENTE', entidade: 'cliente' },
  { raiz: '/empresa/importacao/contato', tipo: 'CONTATO', entidade: 'contato' },
];

/** The file part of an upload, before any of its bytes are read: only the cheap checks happen here. */
async function abrirUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw erro.requisicao('Envie o arquivo CSV como multipart/form-data, no campo "arquivo".');
  // A body that announces more than the file limit (and room for the multipart headers) is refused before a byte is stored.
  if (Number(request.headers['content-length'] ?? 0) > LIMITES_IMPORTACAO.bytesPorArquivo + FOLGA_MULTIPART) throw new ErroApi(413, MENSAGEM_LIMITE_BYTES);
  let parte;
  try {
    parte = await request.file();
  } catch {
    throw erro.requisicao('Não foi possível ler o arquivo enviado.');
  }
  if (!parte) throw erro.requisicao('Envie um arquivo CSV.');
  const nome = parte.filename || 'importacao.csv';
  if (!/\.(csv|txt)$/i.test(nome)) {
    parte.file.resume();
    throw erro.requisicao('Envie um arquivo .csv (texto separado por ; ou ,). Planilhas .xlsx: salve como CSV antes.');
  }
  return { nome: nome.slice(0, 160), arquivo: parte.file };
}

export async function importacaoRoutes(app: FastifyInstance) {
  // Registered in this plugin's scope only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: LIMITES_IMPORTACAO.bytesPorArquivo, files: 1, fields: 4, parts: 5 } });
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: PODE_IMPORTAR };

  for (const { raiz, tipo, entidade } of CONJUNTOS) {
    const tags = ['importacao'];
    const tipoTarefa = TAREFA_IMPORTACAO[tipo];
    const campos = new Set<string>(camposDaImportacao(tipo));

    // Upload (our addition to the spec's set): the bytes go to storage as they arrive; the rows are
    // parsed by the job (decision 020). The job row exists from the start (its parts point to it) and
    // is dropped if the upload fails.
    rotas.post(`${raiz}/arquivo`, { schema: { tags, consumes: ['multipart/form-data'] }, config }, async (request) => {
      const u = usuarioDe(request);
      if (u.empresaId === null) throw erro.proibido();
      const { nome, arquivo } = await abrirUpload(request);
      let id: string;
      try {
        id = await transacaoDoUsuario(request, async (tx) => {
          await garantirVagaDeImportacao(tx, u.empresaId!, TIPOS_TAREFA_IMPORTACAO);
          await descartarAguardandoAntigos(tx, u.empresaId!, TIPOS_TAREFA_IMPORTACAO);
          return criarTarefa(tx, { tipo: tipoTarefa, usuario: u, parametros: { tipo, arquivoNome: nome, recebendo: true } });
        });
      } catch (e) {
        arquivo.resume();
        throw e;
      }
      try {
        const leitura = await receberArquivo(app.db, u, id, arquivo);
        const t = await transacaoDoUsuario(request, async (tx) => {
          await tx
            .update(tarefa)
            .set({ parametros: { ...parametrosDoUpload(tipo, nome, leitura), empresaAtualId: u.empresaAtualId } })
            .where(eq(tarefa.id, id));
          return (await buscarTarefa(tx, u, id))!;
        });
        return ok(metadadosDe(t, tipo));
      } catch (e) {
        await transacaoDoUsuario(request, (tx) => tx.delete(tarefa).where(eq(tarefa.id, id)));
        throw e;
      }
    });

    rotas.get(`${raiz}/metadados/:x`, { schema: { tags, params: metadadosParamSchema }, config }, async (request) => {
      const u = usuarioDe(request);
      const t = await transacaoDoUsuario(request, (tx) => buscarTarefa(tx, u, request.params.x, [tipoTarefa]));
      if (!t) throw erro.naoEncontrado(MENSAGEM_IMPORTACAO_NAO_ENCONTRADA);
      if (emRecebimento(t)) throw erro.conflito(MENSAGEM_EM_RECEBIMENTO);
      return ok(metadadosDe(t, tipo));
    });

    rotas.get(`${raiz}/status/:id`, { schema: { tags, params: tarefaIdParamSchema }, config }, async (request) => {
      const u = usuarioDe(request);
      const t = await transacaoDoUsuario(request, (tx) => buscarTarefa(tx, u, request.params.id, [tipoTarefa]));
      if (!t) throw erro.naoEncontrado(MENSAGEM_IMPORTACAO_NAO_ENCONTRADA);
      return ok(statusImportacao(t));
    });

    rotas.get(`${raiz}/metadados/empresa/:a/:b`, { schema: { tags, params: historicoImportacaoParamSchema }, config }, async (request) => {
      const u = usuarioDe(request);
      const { a, b } = request.params;
      const { itens, total } = await transacaoDoUsuario(request, (tx) => historicoImportacoes(tx, u, tipo, a, b));
      return pagina(itens, total, a, b);
    });

    rotas.post(`${raiz}/importar`, { schema: { tags, body: importarSchema }, config }, async (request) => {
      const u = usuarioDe(request);
      const pedido = request.body as Importar;
      const t = await transacaoDoUsuario(request, async (tx) => {
        const antes = await buscarTarefa(tx, u, pedido.tarefaId, [tipoTarefa]);
        if (!antes) throw erro.naoEncontrado(MENSAGEM_IMPORTACAO_NAO_ENCONTRADA);
        const p = antes.parametros as ParametrosImportacao;
        if (emRecebimento(antes)) throw erro.conflito(MENSAGEM_EM_RECEBIMENTO);
        // A file discarded before it was mapped says so (its message), not "already started".
        if (antes.status === 'ERRO' && !p.mapeamento) throw erro.conflito(antes.mensagemErro ?? MENSAGEM_IMPORTACAO_INICIADA);
        if (antes.status !== 'PENDENTE' || p.mapeamento) throw erro.conflito(MENSAGEM_IMPORTACAO_INICIADA);
        await garantirVagaDeImportacao(tx, u.empresaId!, TIPOS_TAREFA_IMPORTACAO, antes.id);
        const mapeamento = Object.fromEntries(Object.entries(pedido.mapeamento).filter(([, i]) => i !== null));
        for (const [campo, i] of Object.entries(mapeamento)) {
          if (!campos.has(campo)) throw erro.requisicao(`O campo ${campo} não existe nesta importação.`);
          if ((i as number) >= p.cabecalhos.length) throw erro.requisicao(`A coluna ${(i as number) + 1} não existe no arquivo (ele tem ${p.cabecalhos.length}).`);
        }
        const parametros = { ...p, mapeamento, duplicados: pedido.duplicados, unidadeSaldo: pedido.unidadeSaldo };
        await tx.update(tarefa).set({ parametros, total: p.totalLinhas }).where(eq(tarefa.id, antes.id));
        // One audit entry per import (who, which file, which choices); the rows' outcome lands in the job's result.
        await auditar(tx, request, {
          acao: 'IMPORTAR',
          entidade,
          entidadeId: antes.id,
          depois: { arquivo: p.arquivoNome, linhas: p.totalLinhas, mapeamento, duplicados: pedido.duplicados, unidadeSaldo: pedido.unidadeSaldo },
        });
        return (await buscarTarefa(tx, u, antes.id))!;
      });
      await app.tarefas.enfileirar(t.id);
      return ok(statusImportacao(t));
    });
  }
}
