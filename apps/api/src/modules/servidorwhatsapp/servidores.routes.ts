import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  idWhatsParamSchema,
  iniciarTransferenciaSchema,
  listarServidoresParamSchema,
  monitoramentoPaginaParamSchema,
  MENSAGEM_MONITORAMENTO_NAO_ENCONTRADO,
  MENSAGEM_SERVIDOR_NAO_ENCONTRADO,
  PERMISSOES,
  salvaOrdemSchema,
  servidorSalvarSchema,
  servidorTestarSchema,
  type DetalheMonitoramento,
  type Servidor,
  type TesteConexao,
} from '@bonifica/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { empresa, execucaoMonitoramento, instanciaWhatsapp, servidorWhatsapp, verificacaoMonitoramento } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { listarInstancias, ocupacao, transferencias } from './instancias.js';
import { abrirExecucao, alertaAtual, executarMonitoramento, paraExecucao, testarServidor } from './monitoramento.js';
import { cancelarTransferencia, iniciarTransferencia } from './transferencia.js';

/**
 * The platform's gateway servers, server transfer and monitoring (admin only; spec §7 "WhatsApp
 * messaging" → Servidores, "Monitoring"; docs/areas/mensageria.md). The key goes in, never out.
 */
export async function servidoresRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['servidorwhatsapp'];

  async function servidores(onde?: ReturnType<typeof eq>): Promise<Servidor[]> {
    const [linhas, ocupadas] = await Promise.all([
      app.db.select().from(servidorWhatsapp).where(onde).orderBy(asc(servidorWhatsapp.ordem), asc(servidorWhatsapp.id)),
      ocupacao(app.db),
    ]);
    return linhas.map((s) => ({
      id: s.id,
      nome: s.nome,
      tipo: s.tipo,
      baseUrl: s.baseUrl,
      temChave: s.chave.length > 0,
      capacidade: s.capacidade,
      ocupadas: ocupadas.find((o) => o.servidorId === s.id)?.total ?? 0,
      ordem: s.ordem,
      ativo: s.ativo,
      situacao: s.situacao,
      ultimoErro: s.ultimoErro,
      verificadoEm: s.verificadoEm?.toISOString() ?? null,
    }));
  }

  rotas.get('/servidores/listar/:x', { schema: { tags, params: listarServidoresParamSchema }, config }, async (request) =>
    ok(await servidores(request.params.x === 'ativos' ? eq(servidorWhatsapp.ativo, true) : undefined)),
  );

  rotas.get('/servidores/findbyid/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    const [s] = await servidores(eq(servidorWhatsapp.id, request.params.id));
    if (!s) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
    return ok(s);
  });

  /** Checks the server now (a state probe) and records the result, as a monitoring run would. */
  rotas.get('/servidores/status/:id', { schema: { tags, params: idWhatsParamSchema }, config: { ...config, alteraDados: true } }, async (request) => {
    const [s] = await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, request.params.id)).limit(1);
    if (!s) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
    const t = await testarServidor(app, s);
    await app.db
      .update(servidorWhatsapp)
      .set({ situacao: t.ok ? 'OK' : 'FALHA', ultimoErro: t.ok ? null : t.mensagem, verificadoEm: sql`now()` })
      .where(eq(servidorWhatsapp.id, s.id));
    const [atual] = await servidores(eq(servidorWhatsapp.id, s.id));
    return ok(atual!);
  });

  rotas.post('/servidores/save', { schema: { tags, body: servidorSalvarSchema }, config }, async (request) => {
    const { id, chave, ...dados } = request.body;
    const novoId = await app.db.transaction(async (tx) => {
      if (id === undefined) {
        if (!chave) throw erro.requisicao('Informe a chave do servidor.');
        const [{ proxima }] = (await tx.select({ proxima: sql<number>`coalesce(max(${servidorWhatsapp.ordem}), -1)::int + 1` }).from(servidorWhatsapp)) as [{ proxima: number }];
        const [s] = await tx.insert(servidorWhatsapp).values({ ...dados, chave, ordem: proxima }).returning({ id: servidorWhatsapp.id });
        await auditar(tx, request, { acao: 'CRIAR', entidade: 'servidor_whatsapp', entidadeId: s!.id, empresaId: null, depois: dados });
        return s!.id;
      }
      const [antes] = await tx.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, id)).for('update').limit(1);
      if (!antes) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
      await tx
        .update(servidorWhatsapp)
        .set({ ...dados, ...(chave ? { chave } : {}) })
        .where(eq(servidorWhatsapp.id, id));
      const { chave: _c, ...antesSemChave } = antes;
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'servidor_whatsapp', entidadeId: id, empresaId: null, antes: antesSemChave, depois: { ...dados, chaveTrocada: !!chave } });
      return id;
    });
    const [s] = await servidores(eq(servidorWhatsapp.id, novoId));
    return ok(s!);
  });

  /** Only a server with no instance may go: moving them first is what the transfer screen is for. */
  rotas.delete('/servidores/delete/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    await app.db.transaction(async (tx) => {
      const [s] = await tx.select({ id: servidorWhatsapp.id, nome: servidorWhatsapp.nome }).from(servidorWhatsapp).where(eq(servidorWhatsapp.id, request.params.id)).for('update').limit(1);
      if (!s) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
      const [usos] = await tx.select({ n: count() }).from(instanciaWhatsapp).where(eq(instanciaWhatsapp.servidorId, s.id));
      if (usos!.n > 0) throw erro.conflito('Este servidor tem ou teve instâncias: desative-o em vez de excluir.');
      await tx.delete(servidorWhatsapp).where(eq(servidorWhatsapp.id, s.id));
      await auditar(tx, request, { acao: 'EXCLUIR', entidade: 'servidor_whatsapp', entidadeId: s.id, empresaId: null, antes: s });
    });
    return ok(true);
  });

  rotas.post('/servidores/salvaordem', { schema: { tags, body: salvaOrdemSchema }, config }, async (request) => {
    const ids = request.body.ids;
    if (new Set(ids).size !== ids.length) throw erro.requisicao('Ordem inválida: servidor repetido.');
    await app.db.transaction(async (tx) => {
      const existentes = await tx.select({ id: servidorWhatsapp.id }).from(servidorWhatsapp).for('update');
      if (existentes.length !== ids.length || existentes.some((e) => !ids.includes(e.id))) throw erro.requisicao('Informe todos os servidores, cada um uma vez.');
      for (const [ordem, id] of ids.entries()) await tx.update(servidorWhatsapp).set({ ordem }).where(eq(servidorWhatsapp.id, id));
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'servidor_whatsapp', entidadeId: 'ordem', empresaId: null, depois: { ids } });
    });
    return ok(await servidores());
  });

  /** Connection test of a stored server or of one being typed (the form's "Testar conexão"). */
  rotas.post('/servidores/testar', { schema: { tags, body: servidorTestarSchema }, config }, async (request) => {
    const b = request.body;
    let alvo: { tipo: 'evolution' | 'sandbox'; baseUrl: string; chave: string };
    if (b.id !== undefined) {
      const [s] = await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, b.id)).limit(1);
      if (!s) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
      alvo = { tipo: b.tipo ?? s.tipo, baseUrl: b.baseUrl ?? s.baseUrl, chave: b.chave || s.chave };
    } else {
      alvo = { tipo: b.tipo!, baseUrl: b.baseUrl!, chave: b.chave ?? '' };
    }
    return ok<TesteConexao>(await testarServidor(app, alvo));
  });

  // ------------------------------------------------------------ every instance (admin view)

  rotas.get('/servidores/instancias', { schema: { tags }, config }, async () => ok(await listarInstancias(app.db)));

  // ------------------------------------------------------------ server transfer

  rotas.get('/servidores/transferencia/listar', { schema: { tags }, config }, async () => ok(await transferencias(app.db)));

  rotas.post('/servidores/transferencia/iniciar', { schema: { tags, body: iniciarTransferenciaSchema }, config }, async (request) => {
    const id = await iniciarTransferencia(app, request, request.body.instanciaId, request.body.servidorDestinoId);
    return ok({ id });
  });

  rotas.post('/servidores/transferencia/cancelar/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    await cancelarTransferencia(app, request, request.params.id);
    return ok(true);
  });

  // ------------------------------------------------------------ monitoring (spec §7 "Monitoring")

  /** Starts a run now (or returns the one running); the screen follows it by `{id}`. */
  rotas.post('/monitoramento/run', { schema: { tags }, config }, async (request) => {
    const { id, nova } = await abrirExecucao(app, 'MANUAL', request.usuario?.id ?? null);
    // Network waits, not CPU: the run continues after the reply, the screen polls `{id}`.
    if (nova) void executarMonitoramento(app, id);
    return ok({ id });
  });

  rotas.get('/monitoramento/alerta', { schema: { tags }, config }, async () => ok(await alertaAtual(app)));

  rotas.get('/monitoramento/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    const [e] = await app.db.select().from(execucaoMonitoramento).where(eq(execucaoMonitoramento.id, request.params.id)).limit(1);
    if (!e) throw erro.naoEncontrado(MENSAGEM_MONITORAMENTO_NAO_ENCONTRADO);
    const dono = alias(empresa, 'dono');
    const v = await app.db
      .select({ v: verificacaoMonitoramento, servidorNome: servidorWhatsapp.nome, empresaNome: dono.nomeCurto, compartilhada: sql<boolean>`${instanciaWhatsapp.id} is not null and ${instanciaWhatsapp.empresaId} is null` })
      .from(verificacaoMonitoramento)
      .innerJoin(servidorWhatsapp, eq(servidorWhatsapp.id, verificacaoMonitoramento.servidorId))
      .leftJoin(instanciaWhatsapp, eq(instanciaWhatsapp.id, verificacaoMonitoramento.instanciaId))
      .leftJoin(dono, eq(dono.id, instanciaWhatsapp.empresaId))
      .where(eq(verificacaoMonitoramento.execucaoId, e.id))
      .orderBy(asc(verificacaoMonitoramento.id));
    return ok<DetalheMonitoramento>({
      ...paraExecucao(e),
      verificacoes: v.map((l) => ({
        alvo: l.v.alvo,
        servidorId: l.v.servidorId,
        servidorNome: l.servidorNome,
        instanciaId: l.v.instanciaId,
        empresaNome: l.empresaNome ?? (l.compartilhada ? 'Número compartilhado' : null),
        situacao: l.v.situacao,
        detalhe: l.v.detalhe,
        latenciaMs: l.v.latenciaMs,
      })),
    });
  });

  rotas.get('/monitoramento/:a/:b', { schema: { tags, params: monitoramentoPaginaParamSchema }, config }, async (request) => {
    const { a, b } = request.params;
    const [linhas, [total]] = await Promise.all([
      app.db.select().from(execucaoMonitoramento).orderBy(desc(execucaoMonitoramento.id)).limit(b).offset(a * b),
      app.db.select({ n: count() }).from(execucaoMonitoramento),
    ]);
    return pagina(linhas.map(paraExecucao), total!.n, a, b);
  });
}
