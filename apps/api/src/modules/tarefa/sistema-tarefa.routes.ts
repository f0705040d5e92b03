import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  filtroTarefasSistemaSchema,
  MENSAGEM_TAREFA_NAO_REEXECUTAVEL,
  MENSAGEM_TAREFA_SEM_FALHA,
  nomeAgendamentoParamSchema,
  paginaParamsSchema,
  PERMISSOES,
  salvarAgendamentoSchema,
  tarefaIdParamSchema,
  type AgendamentoInfo,
  type StatusTarefa,
  type TarefaSistema,
} from '@bonifica/contracts';
import { agendamento, empresa, tarefa, usuario } from '../../db/schema/index.js';
import { AGENDAMENTOS, agendamentoPorNome, erroDoCron, proximasExecucoes, type Agendamento } from '../../lib/agendamentos.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { percentualTarefa } from '../../lib/tarefas.js';
const MENSAGEM_TAREFA_NAO_ENCONTRADA = 'Tarefa não encontrada.';

const MENSAGEM_AGENDAMENTO_NAO_ENCONTRADO = 'Agendamento não encontrado.';

/**
 * Whether a failed job can run again: a maintenance run keeps its parameters; an export keeps its
 * filters; an import's upload and a forgot-password request's parameters are gone once they end.
 */
function podeReexecutar(t: { status: StatusTarefa; tipo: string; empresaId: number | null }): boolean {
  if (t.status !== 'ERRO') return false;
  if (t.tipo.startsWith('IMPORTACAO')) return false;
  return t.empresaId !== null || t.tipo.startsWith('MANUTENCAO_');
}

type LinhaAgendamento = typeof agendamento.$inferSelect;

function infoAgendamento(a: Agendamento, l: LinhaAgendamento | undefined, aplicado: boolean): AgendamentoInfo {
  const cron = l?.cron ?? a.cron;
  return {
    nome: a.nome,
    titulo: a.titulo,
    descricao: a.descricao,
    cron,
    cronPadrao: a.cron,
    personalizado: !!l?.cron,
    proximas: proximasExecucoes(cron),
    ultimoInicio: l?.ultimoInicio?.toISOString() ?? null,
    ultimoFim: l?.ultimoFim?.toISOString() ?? null,
    ultimoStatus: l?.ultimoStatus ?? null,
    ultimoErro: l?.ultimoErro ?? null,
    execucoes: l?.execucoes ?? 0,
    falhas: l?.falhas ?? 0,
    atualizadoEm: l?.atualizadoEm?.toISOString() ?? null,
    aplicado,
  };
}

/**
 * sistema/tarefa (ROLE_ADMIN; docs/areas/manutencao.md § Tarefas): the scheduled jobs with their
 * schedule and last run, schedule editing, and the background jobs of every company with retry.
 * The spec lists a "task list" call without its path; these paths are ours.
 */
export async function sistemaTarefaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['sistema'];
  const aplicado = app.tarefas.modo === 'pgboss';

  rotas.get('/sistema/tarefa/agendamentos', { schema: { tags }, config }, async () => {
    const linhas = await app.db.select().from(agendamento);
    return ok(AGENDAMENTOS.map((a) => infoAgendamento(a, linhas.find((l) => l.nome === a.nome), aplicado)));
  });

  rotas.get('/sistema/tarefa/agendamento/:nome', { schema: { tags, params: nomeAgendamentoParamSchema }, config }, async (request) => {
    const a = agendamentoPorNome(request.params.nome);
    if (!a) throw erro.naoEncontrado(MENSAGEM_AGENDAMENTO_NAO_ENCONTRADO);
    const [l] = await app.db.select().from(agendamento).where(eq(agendamento.nome, a.nome)).limit(1);
    return ok(infoAgendamento(a, l, aplicado));
  });

  rotas.post('/sistema/tarefa/agendamento/salvar', { schema: { tags, body: salvarAgendamentoSchema }, config }, async (request) => {
    const a = agendamentoPorNome(request.body.nome);
    if (!a) throw erro.naoEncontrado(MENSAGEM_AGENDAMENTO_NAO_ENCONTRADO);
    const cron = request.body.cron === null ? null : request.body.cron.trim().replace(/\s+/g, ' ');
    if (cron !== null) {
      const motivo = erroDoCron(cron);
      if (motivo) throw erro.requisicao(motivo);
    }
    const l = await app.db.transaction(async (tx) => {
      const [antes] = await tx.select({ cron: agendamento.cron }).from(agendamento).where(eq(agendamento.nome, a.nome)).limit(1);
      const valores = { cron, atualizadoEm: new Date(), atualizadoPorId: request.usuario!.id };
      const [depois] = await tx
        .insert(agendamento)
        .values({ nome: a.nome, ...valores })
        .onConflictDoUpdate({ target: agendamento.nome, set: valores })
        .returning();
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'agendamento', entidadeId: a.nome, antes: { cron: antes?.cron ?? a.cron }, depois: { cron: cron ?? a.cron }, empresaId: null });
      return depois!;
    });
    // After the commit: pg-boss then holds the schedule for every process.
    await app.tarefas.agendar(a.nome, cron ?? a.cron);
    return ok(infoAgendamento(a, l, aplicado));
  });

  rotas.post('/sistema/tarefa/agendamento/executar/:nome', { schema: { tags, params: nomeAgendamentoParamSchema }, config }, async (request) => {
    const a = agendamentoPorNome(request.params.nome);
    if (!a) throw erro.naoEncontrado(MENSAGEM_AGENDAMENTO_NAO_ENCONTRADO);
    await auditar(app.db, request, { acao: 'EXECUTAR', entidade: 'agendamento', entidadeId: a.nome, empresaId: null });
    try {
      await app.tarefas.rodarAgendamento(a.nome);
    } catch {
      // Recorded on the schedule's row (executarAgendamento); the screen shows it.
    }
    const [l] = await app.db.select().from(agendamento).where(eq(agendamento.nome, a.nome)).limit(1);
    return ok(infoAgendamento(a, l, aplicado));
  });

  rotas.post('/sistema/tarefa/filtrar/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroTarefasSistemaSchema }, config }, async (request) => {
    const { page, size } = request.params;
    const f = request.body;
    const where = and(f.status ? eq(tarefa.status, f.status) : undefined, f.tipo ? eq(tarefa.tipo, f.tipo) : undefined);
    const [linhas, [total]] = await Promise.all([
      app.db
        .select({
          id: tarefa.id,
          tipo: tarefa.tipo,
          status: tarefa.status,
          total: tarefa.total,
          processados: tarefa.processados,
          empresaId: tarefa.empresaId,
          empresaNome: empresa.nome,
          usuarioNome: usuario.nome,
          mensagemErro: tarefa.mensagemErro,
          criadoEm: tarefa.criadoEm,
          concluidoEm: tarefa.concluidoEm,
        })
        .from(tarefa)
        .leftJoin(empresa, eq(empresa.id, tarefa.empresaId))
        .leftJoin(usuario, eq(usuario.id, tarefa.usuarioId))
        .where(where)
        .orderBy(desc(tarefa.criadoEm), desc(tarefa.id))
        .limit(size)
        .offset(page * size),
      app.db.select({ n: count() }).from(tarefa).where(where),
    ]);
    const itens: TarefaSistema[] = linhas.map((l) => ({
      id: l.id,
      tipo: l.tipo,
      status: l.status,
      percentual: percentualTarefa(l),
      empresaId: l.empresaId,
      empresaNome: l.empresaNome,
      usuarioNome: l.usuarioNome,
      mensagemErro: l.mensagemErro,
      criadoEm: l.criadoEm.toISOString(),
      concluidoEm: l.concluidoEm?.toISOString() ?? null,
      podeReexecutar: podeReexecutar(l),
    }));
    return pagina(itens, total?.n ?? 0, page, size);
  });

  rotas.post('/sistema/tarefa/reexecutar/:id', { schema: { tags, params: tarefaIdParamSchema }, config }, async (request) => {
    const id = await app.db.transaction(async (tx) => {
      const [t] = await tx
        .select({ id: tarefa.id, status: tarefa.status, tipo: tarefa.tipo, empresaId: tarefa.empresaId })
        .from(tarefa)
        .where(eq(tarefa.id, request.params.id))
        .limit(1)
        .for('update');
      if (!t) throw erro.naoEncontrado(MENSAGEM_TAREFA_NAO_ENCONTRADA);
      if (t.status !== 'ERRO') throw erro.conflito(MENSAGEM_TAREFA_SEM_FALHA);
      if (!podeReexecutar(t)) throw erro.conflito(MENSAGEM_TAREFA_NAO_REEXECUTAVEL);
      // From the start: a failed run's partial counts are not a base to resume from.
      await tx
        .update(tarefa)
        .set({ status: 'PENDENTE', mensagemErro: null, concluidoEm: null, iniciadoEm: null, processados: 0, resultado: null })
        .where(eq(tarefa.id, t.id));
      await auditar(tx, request, { acao: 'REEXECUTAR', entidade: 'tarefa', entidadeId: t.id, depois: { tipo: t.tipo }, empresaId: t.empresaId });
      return t.id;
    });
    await app.tarefas.enfileirar(id);
    return ok({ id });
  });
}

