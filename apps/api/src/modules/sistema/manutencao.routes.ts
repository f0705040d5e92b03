import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACOES_MANUTENCAO,
  executarManutencaoSchema,
  MENSAGEM_CONFIRMAR_MANUTENCAO,
  MENSAGEM_EMPRESA_MANUTENCAO,
  MENSAGEM_MANUTENCAO_EM_ANDAMENTO,
  MENSAGEM_MANUTENCAO_NAO_ENCONTRADA,
  MENSAGEM_SEM_EMPRESA_MANUTENCAO,
  PERMISSOES,
  tarefaIdParamSchema,
  type DetalheManutencao,
  type EmpresaManutencao,
  type ExecucaoManutencao,
  type ListaManutencao,
  type StatusTarefa,
} from '@bonifica/contracts';
import { empresa, tarefa, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { criarTarefaDoSistema, percentualTarefa } from '../../lib/tarefas.js';
import { usuarioDe } from '../../lib/tenant.js';
import { ACOES, acaoDoTipo, tipoTarefaManutencao, type ResultadoManutencao } from './manutencao-acoes.js';

/** How many runs listall returns, newest first: the history of a rarely used screen. */
const HISTORICO = 100;

const alvo = alias(empresa, 'alvo');

const colunas = {
  id: tarefa.id,
  tipo: tarefa.tipo,
  status: tarefa.status,
  total: tarefa.total,
  processados: tarefa.processados,
  parametros: tarefa.parametros,
  mensagemErro: tarefa.mensagemErro,
  criadoEm: tarefa.criadoEm,
  iniciadoEm: tarefa.iniciadoEm,
  concluidoEm: tarefa.concluidoEm,
  usuarioNome: usuario.nome,
  empresaNome: alvo.nome,
};

type Linha = {
  id: string;
  tipo: string;
  status: StatusTarefa;
  total: number;
  processados: number;
  parametros: unknown;
  mensagemErro: string | null;
  criadoEm: Date;
  iniciadoEm: Date | null;
  concluidoEm: Date | null;
  usuarioNome: string | null;
  empresaNome: string | null;
};

/** A maintenance run: a system job (no tenant) of one of the MANUTENCAO_* types. */
const ehManutencao = and(isNull(tarefa.empresaId), like(tarefa.tipo, 'MANUTENCAO\\_%'));

function consulta(app: FastifyInstance) {
  return app.db
    .select(colunas)
    .from(tarefa)
    .leftJoin(usuario, eq(usuario.id, tarefa.usuarioId))
    .leftJoin(alvo, sql`${alvo.id} = (${tarefa.parametros} ->> 'empresaId')::int`);
}

function execucao(l: Linha): ExecucaoManutencao {
  const acao = acaoDoTipo(l.tipo)!;
  const p = (l.parametros ?? {}) as { empresaId?: number | null };
  return {
    id: l.id,
    acao,
    titulo: ACOES[acao].titulo,
    empresaId: typeof p.empresaId === 'number' ? p.empresaId : null,
    empresaNome: l.empresaNome,
    usuarioNome: l.usuarioNome,
    status: l.status,
    total: l.total,
    processados: l.processados,
    percentual: percentualTarefa(l),
    mensagemErro: l.mensagemErro,
    criadoEm: l.criadoEm.toISOString(),
    iniciadoEm: l.iniciadoEm?.toISOString() ?? null,
    concluidoEm: l.concluidoEm?.toISOString() ?? null,
  };
}

/**
 * Maintenance actions of the system administrator (spec §7 "Other": GET listall, POST executar;
 * docs/areas/manutencao.md). Each run is a background job of the service (lib/tarefas.ts), with
 * progress and a log; a destructive one needs `confirmar: true`.
 */
export async function manutencaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['sistema'];

  rotas.get('/sistema/manutencao/listall', { schema: { tags }, config }, async () => {
    const linhas = (await consulta(app).where(ehManutencao).orderBy(desc(tarefa.criadoEm), desc(tarefa.id)).limit(HISTORICO)) as Linha[];
    return ok<ListaManutencao>({ acoes: ACOES_MANUTENCAO.map((a) => ACOES[a]), execucoes: linhas.map(execucao) });
  });

  // The companies an action may target (networks: the matriz stands for its branches), for the screen's picker.
  rotas.get('/sistema/manutencao/empresas', { schema: { tags }, config }, async () => {
    const empresas = await app.db
      .select({ id: empresa.id, nome: empresa.nome, ativa: empresa.ativa })
      .from(empresa)
      .where(sql`${empresa.id} = ${empresa.matrizId}`)
      .orderBy(empresa.nome);
    return ok<EmpresaManutencao[]>(empresas);
  });

  rotas.get('/sistema/manutencao/detalhe/:id', { schema: { tags, params: tarefaIdParamSchema }, config }, async (request) => {
    const [l] = (await consulta(app)
      .where(and(ehManutencao, eq(tarefa.id, request.params.id)))
      .limit(1)) as Linha[];
    if (!l) throw erro.naoEncontrado(MENSAGEM_MANUTENCAO_NAO_ENCONTRADA);
    const [r] = await app.db.select({ resultado: tarefa.resultado }).from(tarefa).where(eq(tarefa.id, l.id)).limit(1);
    const resultado = (r?.resultado ?? null) as ResultadoManutencao | null;
    const e = execucao(l);
    return ok<DetalheManutencao>({ ...e, destrutiva: ACOES[e.acao].destrutiva, log: resultado?.log ?? [], resumo: resultado?.resumo ?? null });
  });

  rotas.post('/sistema/manutencao/executar', { schema: { tags, body: executarManutencaoSchema }, config }, async (request) => {
    const u = usuarioDe(request);
    const { acao, confirmar } = request.body;
    const empresaId = request.body.empresaId ?? null;
    const def = ACOES[acao];
    if (def.empresa === 'OBRIGATORIA' && empresaId === null) throw erro.requisicao(MENSAGEM_EMPRESA_MANUTENCAO);
    if (def.empresa === 'NENHUMA' && empresaId !== null) throw erro.requisicao(MENSAGEM_SEM_EMPRESA_MANUTENCAO);
    // Never destructive without an explicit yes (the screen asks for a typed word first).
    if (def.destrutiva && confirmar !== true) throw erro.requisicao(MENSAGEM_CONFIRMAR_MANUTENCAO);
    const id = await app.db.transaction(async (tx) => {
      if (empresaId !== null) {
        const [e] = await tx
          .select({ id: empresa.id })
          .from(empresa)
          .where(and(eq(empresa.id, empresaId), sql`${empresa.id} = ${empresa.matrizId}`))
          .limit(1);
        if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
      }
      // One run at a time per action and target: two rebuilds of the same summaries would only race.
      // The lock makes the check and the insert one step against a second click.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manutencao:${acao}`}))`);
      const [emCurso] = await tx
        .select({ id: tarefa.id })
        .from(tarefa)
        .where(
          and(
            ehManutencao,
            eq(tarefa.tipo, tipoTarefaManutencao(acao)),
            inArray(tarefa.status, ['PENDENTE', 'PROCESSANDO']),
            sql`coalesce((${tarefa.parametros} ->> 'empresaId')::int, 0) = ${empresaId ?? 0}`,
          ),
        )
        .limit(1);
      if (emCurso) throw erro.conflito(MENSAGEM_MANUTENCAO_EM_ANDAMENTO);
      const nova = await criarTarefaDoSistema(tx, tipoTarefaManutencao(acao), { acao, empresaId, confirmado: confirmar === true }, u.id);
      await auditar(tx, request, { acao: 'EXECUTAR', entidade: 'manutencao', entidadeId: nova, depois: { acao, empresaId, confirmado: confirmar === true }, empresaId: null });
      return nova;
    });
    await app.tarefas.enfileirar(id);
    return ok({ id });
  });
}
