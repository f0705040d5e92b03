import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq, and } from 'drizzle-orm';
import {
  emailSchema,
  enviarAgoraSchema,
  filtroEnvioAutomaticaSchema,
  mensagemAutomaticaSaveSchema,
  msgTesteSchema,
  paginaParamsSchema,
  PODE_GERENCIAR_MENSAGENS,
  somenteDigitos,
  zonaIana,
  type CanalMensagem,
  type ResultadoRodada,
} from '@bonifica/contracts';
import { cliente, modeloMensagem } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarAutomatica, gravarAutomatica, listarAutomaticas, listarEnvios } from './automatica.repository.js';
import { enfileirarTeste } from './enfileirar.js';
import { instanciaDaEmpresa, SemInstanciaWhatsapp } from './saida.js';
import { contextoDaEmpresa, renderizarParaCliente } from './renderizacao.js';
import { executarRodada } from './rodada.js';

const config = { permissoes: PODE_GERENCIAR_MENSAGENS };
const tags = ['mensagem_automatica'];

/** A test address on the channel: a Brazilian mobile with or without 55, or an e-mail. */
function destinoDeTeste(canal: CanalMensagem, para: string): string {
  if (canal === 'EMAIL') {
    const r = emailSchema.safeParse(para);
    if (!r.success) throw erro.requisicao('E-mail de teste inválido.');
    return r.data;
  }
  const d = somenteDigitos(para);
  if (d.length === 10 || d.length === 11) return `55${d}`;
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return d;
  throw erro.requisicao('Número de teste inválido: informe DDD e número.');
}

/**
 * Automatic messages (issue 14 §3; spec §7 "WhatsApp messaging": mensagem/automatica msgteste,
 * enviar/msg/agora and filtrar/msgautomatica/{p}/{s}, verbatim; the settings' GET and save are ours).
 */
export async function automaticaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();

  rotas.get('/mensagem/automatica', { schema: { tags }, config }, async (request) => {
    const empresaId = empresaDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => listarAutomaticas(tx, empresaId)));
  });

  rotas.post('/mensagem/automatica/save', { schema: { tags, body: mensagemAutomaticaSaveSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const d = request.body;
    const depois = await transacaoDoUsuario(request, async (tx) => {
      const antes = await buscarAutomatica(tx, empresaId, d.gatilho);
      const depois = await gravarAutomatica(tx, empresaId, d, antes);
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'mensagem_automatica', entidadeId: d.gatilho, antes, depois });
      return depois;
    });
    return ok(depois);
  });

  rotas.post('/mensagem/automatica/msgteste', { schema: { tags, body: msgTesteSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const b = request.body;
    const r = await transacaoDoUsuario(request, async (tx) => {
      const a = await buscarAutomatica(tx, empresaId, b.gatilho);
      if (!a.modeloId) throw erro.conflito('Escolha o modelo desta mensagem antes de testar.');
      const [m] = await tx
        .select()
        .from(modeloMensagem)
        .where(and(eq(modeloMensagem.id, a.modeloId), eq(modeloMensagem.empresaId, empresaId)))
        .limit(1);
      if (!m) throw erro.conflito('Escolha o modelo desta mensagem antes de testar.');
      const para = destinoDeTeste(m.canal, b.para);
      const instanciaId = m.canal === 'WHATSAPP' ? await instanciaDaEmpresa(tx, empresaId) : null;
      if (m.canal === 'WHATSAPP' && instanciaId === null) throw erro.conflito(new SemInstanciaWhatsapp().message);
      let clienteId = b.clienteId;
      if (!clienteId) {
        // No customer chosen: the newest one lends its data, so the test shows real values.
        const [c] = await tx.select({ id: cliente.id }).from(cliente).where(eq(cliente.empresaId, empresaId)).orderBy(desc(cliente.id)).limit(1);
        if (!c) throw erro.conflito('Cadastre um cliente para testar: a mensagem usa os dados de um cliente.');
        clienteId = c.id;
      }
      const ctx = await contextoDaEmpresa(tx, empresaId, { cupom: a.cupom, link: a.link });
      const texto = await renderizarParaCliente(tx, ctx, clienteId, { texto: m.texto, assunto: m.canal === 'EMAIL' ? m.assunto : null });
      if (!texto) throw erro.naoEncontrado('Cliente não encontrado.');
      const mensagemId = await enfileirarTeste(tx, empresaId, { canal: m.canal, para, texto: texto.texto, assunto: texto.assunto, arquivoId: m.arquivoId, instanciaId });
      await auditar(tx, request, { acao: 'ENVIAR_TESTE', entidade: 'mensagem_automatica', entidadeId: b.gatilho, depois: { para, mensagemId, clienteId } });
      return { mensagemId, para, canal: m.canal, ...texto };
    });
    return ok(r);
  });

  // Runs in the request: one INSERT … SELECT per trigger, however many customers it picks.
  rotas.post('/mensagem/automatica/enviar/msg/agora', { schema: { tags, body: enviarAgoraSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const u = usuarioDe(request);
    const gatilho = request.body.gatilho;
    const resultados = await transacaoDoUsuario(request, async (tx) => {
      const feitos: ResultadoRodada[] = [];
      if (gatilho) feitos.push(await executarRodada(tx, empresaId, gatilho, { usuarioId: u.id, exigirAtiva: true }));
      else {
        const ativas = (await listarAutomaticas(tx, empresaId)).filter((a) => a.ativo && a.modeloId);
        if (!ativas.length) throw erro.conflito('Nenhuma mensagem automática está ligada.');
        for (const a of ativas) feitos.push(await executarRodada(tx, empresaId, a.gatilho, { usuarioId: u.id }));
      }
      await auditar(tx, request, { acao: 'ENVIAR_AGORA', entidade: 'mensagem_automatica', entidadeId: gatilho ?? null, depois: feitos });
      return feitos;
    });
    return ok(resultados);
  });

  rotas.post(
    '/filtrar/msgautomatica/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: filtroEnvioAutomaticaSchema }, config },
    async (request) => {
      const empresaId = empresaDe(request);
      const { page, size } = request.params;
      const { itens, total } = await transacaoDoUsuario(request, async (tx) => {
        const ctx = await contextoDaEmpresa(tx, empresaId);
        return listarEnvios(tx, empresaId, request.body, page, size, zonaIana(ctx.fuso));
      });
      return pagina(itens, total, page, size);
    },
  );
}

