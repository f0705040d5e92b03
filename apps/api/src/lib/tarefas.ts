import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StatusTarefa, StatusTarefaResposta } from '@bonifica/contracts';
import { urlArquivoTarefa } from '@bonifica/contracts';
import type { Banco, Executor } from '../db/client.js';
import { tarefa } from '../db/schema/index.js';
import { ehGestao, type UsuarioContexto } from './contexto.js';
import { agendamentoPorNome, executarAgendamento } from './agendamentos.js';
import { apagarEntrada, lerPartes } from './entrada-tarefa.js';
import { ErroApi } from './erros.js';
import { iniciarPgBoss, type FilaPgBoss } from './tarefas-pgboss.js';

/**
 * Background jobs (ARCHITECTURE §1: imports, exports, scheduled tasks). A `tarefa` row is the job
 * as users see it (status, progress, result file); pg-boss only carries its id to a worker. Jobs
 * run under the tenant of the user who asked (comTenant), so RLS guards them like a request.
 */

export type TarefaEmExecucao = {
  id: string;
  tipo: string;
  empresaId: number;
  usuario: UsuarioContexto;
  parametros: Record<string, unknown>;
  /** The uploaded input, part by part in file order (lib/entrada-tarefa.ts); empty when there is none. */
  entrada: () => AsyncGenerator<Buffer>;
  /** Rows already done by an earlier, interrupted run: an import resumes after them. */
  processados: number;
  definirTotal: (total: number) => Promise<void>;
  /**
   * Records progress; pass the batch's transaction so progress and rows commit together, and the
   * partial result so that a resumed run carries on from the same counts.
   */
  avancar: (processados: number, tx?: Executor, resultadoParcial?: unknown) => Promise<void>;
  /** The partial result recorded by an earlier, interrupted run (null on a first run). */
  resultadoParcial: unknown;
};

export type ArquivoTarefa = { conteudo: Buffer; nome: string; tipo: string };
export type FimTarefa = { resultado?: unknown; arquivo?: ArquivoTarefa | null };
export type ExecutorTarefa = (app: FastifyInstance, t: TarefaEmExecucao) => Promise<FimTarefa>;

const TIPOS = new Map<string, ExecutorTarefa>();

/** Each module registers the job types it owns when its routes load. */
export function registrarTipoTarefa(tipo: string, executor: ExecutorTarefa): void {
  TIPOS.set(tipo, executor);
}

/**
 * A job of the service itself, outside any company and any user (a forgot-password request typed on
 * the login page): no tenant, no status page. Its row has no company, so no status call ever finds it.
 */
export type ExecutorTarefaDoSistema = (app: FastifyInstance, parametros: Record<string, unknown>, andamento: AndamentoTarefaDoSistema) => Promise<unknown>;

/**
 * Progress of a system job, for those shown on a screen (sistema/manutencao). Never called inside a
 * transaction of the job: on PGlite the one connection is held until COMMIT, and this write would wait for it.
 */
export type AndamentoTarefaDoSistema = {
  definirTotal: (total: number) => Promise<void>;
  /** Processed count and, when given, the partial result (a maintenance job's log so far). */
  avancar: (processados: number, resultadoParcial?: unknown) => Promise<void>;
};

/**
 * `manterParametros`: the parameters were typed by the system administrator, not by a stranger, and
 * the run history shows them (which company, which action); the default drops them at the end.
 */
type OpcoesTarefaDoSistema = { manterParametros?: boolean };

const TIPOS_SISTEMA = new Map<string, { executor: ExecutorTarefaDoSistema; opcoes: OpcoesTarefaDoSistema }>();

export function registrarTarefaDoSistema(tipo: string, executor: ExecutorTarefaDoSistema, opcoes: OpcoesTarefaDoSistema = {}): void {
  TIPOS_SISTEMA.set(tipo, { executor, opcoes });
}

/** `usuarioId`: who asked for it, when someone did (the system administrator's maintenance runs). */
export async function criarTarefaDoSistema(tx: Executor, tipo: string, parametros: Record<string, unknown>, usuarioId: number | null = null): Promise<string> {
  const [nova] = await tx.insert(tarefa).values({ empresaId: null, usuarioId, tipo, parametros }).returning({ id: tarefa.id });
  return nova!.id;
}

export const MENSAGEM_FALHA_TAREFA = 'Não foi possível concluir a tarefa. Tente novamente; se persistir, procure o suporte.';

export type NovaTarefa = {
  tipo: string;
  usuario: UsuarioContexto;
  parametros?: Record<string, unknown>;
};

/** The user context is kept in the parameters: the job runs later, as that user of that company. */
export async function criarTarefa(tx: Executor, n: NovaTarefa): Promise<string> {
  const [nova] = await tx
    .insert(tarefa)
    .values({
      empresaId: n.usuario.empresaId,
      usuarioId: n.usuario.id,
      tipo: n.tipo,
      parametros: { ...n.parametros, empresaAtualId: n.usuario.empresaAtualId },
    })
    .returning({ id: tarefa.id });
  return nova!.id;
}

export type Tarefas = {
  modo: 'pgboss' | 'manual';
  /** Hands the job to a worker (after the transaction that created it has committed). */
  enfileirar: (id: string) => Promise<void>;
  /** Runs the job here and now: used by the worker, and by tests for deterministic runs. */
  executar: (id: string) => Promise<void>;
  /** A stored schedule applied to pg-boss; in `manual` mode there is no pg-boss and it is only stored. */
  agendar: (nome: string, cron: string) => Promise<void>;
  /** A scheduled job now: through pg-boss, or — `manual` mode — run here, awaited. */
  rodarAgendamento: (nome: string) => Promise<void>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify needs an interface
  interface FastifyInstance {
    tarefas: Tarefas;
  }
}

function contextoDoUsuario(usuarioId: number | null, empresaId: number, parametros: Record<string, unknown>): UsuarioContexto {
  const atual = typeof parametros.empresaAtualId === 'number' ? parametros.empresaAtualId : empresaId;
  return {
    id: usuarioId ?? 0,
    nome: '',
    username: '',
    email: null,
    empresaId,
    empresaAtualId: atual,
    perfilId: null,
    perfilNome: null,
    permissoes: [],
    administradorFaturamento: false,
  };
}

/**
 * Claims and runs one job. PROCESSANDO is claimable too: pg-boss hands a job to one worker at a
 * time, so finding it PROCESSANDO means the previous run died (restart, expiry) and this one resumes.
 */
export async function executarTarefa(app: FastifyInstance, id: string): Promise<void> {
  const [t] = await app.db
    .update(tarefa)
    .set({ status: 'PROCESSANDO', iniciadoEm: sql`coalesce(${tarefa.iniciadoEm}, now())` })
    .where(and(eq(tarefa.id, id), inArray(tarefa.status, ['PENDENTE', 'PROCESSANDO'])))
    .returning({
      id: tarefa.id,
      tipo: tarefa.tipo,
      empresaId: tarefa.empresaId,
      usuarioId: tarefa.usuarioId,
      parametros: tarefa.parametros,
      processados: tarefa.processados,
      resultado: tarefa.resultado,
    });
  if (!t) return;
  const finalizarComErro = async (mensagem: string) => {
    await app.db.update(tarefa).set({ status: 'ERRO', mensagemErro: mensagem, entrada: null, concluidoEm: new Date() }).where(eq(tarefa.id, id));
    await apagarEntrada(app.db, id);
  };
  if (t.empresaId === null) {
    await executarTarefaDoSistema(app, { id, tipo: t.tipo, parametros: (t.parametros ?? {}) as Record<string, unknown> });
    return;
  }
  const executor = TIPOS.get(t.tipo);
  if (!executor) {
    await finalizarComErro(MENSAGEM_FALHA_TAREFA);
    return;
  }
  const parametros = (t.parametros ?? {}) as Record<string, unknown>;
  const emExecucao: TarefaEmExecucao = {
    id,
    tipo: t.tipo,
    empresaId: t.empresaId,
    usuario: contextoDoUsuario(t.usuarioId, t.empresaId, parametros),
    parametros,
    entrada: () => lerPartes(app.db, id),
    processados: t.processados,
    resultadoParcial: t.resultado,
    definirTotal: async (total) => {
      await app.db.update(tarefa).set({ total }).where(eq(tarefa.id, id));
    },
    avancar: async (processados, tx, resultadoParcial) => {
      await (tx ?? app.db)
        .update(tarefa)
        .set({ processados, ...(resultadoParcial === undefined ? {} : { resultado: resultadoParcial }) })
        .where(eq(tarefa.id, id));
    },
  };
  try {
    const fim = await executor(app, emExecucao);
    await app.db
      .update(tarefa)
      .set({
        status: 'CONCLUIDA',
        processados: sql`greatest(${tarefa.processados}, ${tarefa.total})`,
        resultado: fim.resultado ?? null,
        ...(fim.arquivo ? { arquivo: fim.arquivo.conteudo, arquivoNome: fim.arquivo.nome, arquivoTipo: fim.arquivo.tipo } : {}),
        // The upload is only needed while the job runs (the mapping step reads its metadata from `parametros`).
        entrada: null,
        concluidoEm: new Date(),
      })
      .where(eq(tarefa.id, id));
    await apagarEntrada(app.db, id);
  } catch (e) {
    // An expected failure (ErroApi) has a message for the user; anything else is logged, not shown.
    if (!(e instanceof ErroApi)) app.log.error({ err: e, tarefa: id, tipo: t.tipo }, 'tarefa falhou');
    await finalizarComErro(e instanceof ErroApi ? e.message : MENSAGEM_FALHA_TAREFA);
  }
}

/** The parameters (what a stranger typed) are dropped when the job ends, unless the type keeps them (manterParametros). */
async function executarTarefaDoSistema(app: FastifyInstance, t: { id: string; tipo: string; parametros: Record<string, unknown> }): Promise<void> {
  const registro = TIPOS_SISTEMA.get(t.tipo);
  let erroFinal: string | null = registro ? null : MENSAGEM_FALHA_TAREFA;
  let resultado: unknown = undefined;
  if (registro) {
    const andamento: AndamentoTarefaDoSistema = {
      definirTotal: async (total) => {
        await app.db.update(tarefa).set({ total }).where(eq(tarefa.id, t.id));
      },
      avancar: async (processados, resultadoParcial) => {
        await app.db
          .update(tarefa)
          .set({ processados, ...(resultadoParcial === undefined ? {} : { resultado: resultadoParcial }) })
          .where(eq(tarefa.id, t.id));
      },
    };
    try {
      resultado = await registro.executor(app, t.parametros, andamento);
    } catch (e) {
      if (!(e instanceof ErroApi)) app.log.error({ err: e, tarefa: t.id, tipo: t.tipo }, 'tarefa do sistema falhou');
      erroFinal = e instanceof ErroApi ? e.message : MENSAGEM_FALHA_TAREFA;
    }
  }
  await app.db
    .update(tarefa)
    .set({
      status: erroFinal ? 'ERRO' : 'CONCLUIDA',
      mensagemErro: erroFinal,
      ...(registro?.opcoes.manterParametros ? {} : { parametros: {} }),
      ...(resultado === undefined ? {} : { resultado }),
      ...(erroFinal ? {} : { processados: sql`greatest(${tarefa.processados}, ${tarefa.total})` }),
      concluidoEm: new Date(),
    })
    .where(eq(tarefa.id, t.id));
}

/** A job as the status calls read it: everything but the blobs, plus whether a result file exists. */
const colunasStatus = {
  id: tarefa.id,
  empresaId: tarefa.empresaId,
  usuarioId: tarefa.usuarioId,
  tipo: tarefa.tipo,
  status: tarefa.status,
  total: tarefa.total,
  processados: tarefa.processados,
  parametros: tarefa.parametros,
  resultado: tarefa.resultado,
  mensagemErro: tarefa.mensagemErro,
  arquivoNome: tarefa.arquivoNome,
  temArquivo: sql<boolean>`${tarefa.arquivo} is not null`,
  criadoEm: tarefa.criadoEm,
  concluidoEm: tarefa.concluidoEm,
};

export type LinhaTarefa = {
  id: string;
  empresaId: number | null;
  usuarioId: number | null;
  tipo: string;
  status: StatusTarefa;
  total: number;
  processados: number;
  parametros: unknown;
  resultado: unknown;
  mensagemErro: string | null;
  arquivoNome: string | null;
  temArquivo: boolean;
  criadoEm: Date;
  concluidoEm: Date | null;
};

export function percentualTarefa(t: Pick<LinhaTarefa, 'status' | 'total' | 'processados'>): number {
  if (t.status === 'CONCLUIDA') return 100;
  if (t.total <= 0) return 0;
  // Never 100 before the job has actually finished writing its result.
  return Math.min(99, Math.floor((t.processados * 100) / t.total));
}

function mensagemTarefa(t: Pick<LinhaTarefa, 'status' | 'total' | 'processados' | 'mensagemErro'>): string {
  const n = (v: number) => v.toLocaleString('pt-BR');
  switch (t.status) {
    case 'PENDENTE':
      return 'Na fila, aguardando início.';
    case 'PROCESSANDO':
      return t.total > 0 ? `Processando: ${n(t.processados)} de ${n(t.total)}.` : 'Processando…';
    case 'CONCLUIDA':
      return 'Concluída.';
    default:
      return t.mensagemErro ?? MENSAGEM_FALHA_TAREFA;
  }
}

export function statusDaTarefa(t: LinhaTarefa): StatusTarefaResposta {
  const temArquivo = t.status === 'CONCLUIDA' && t.temArquivo && t.arquivoNome !== null;
  return {
    id: t.id,
    tipo: t.tipo,
    status: t.status,
    total: t.total,
    processados: t.processados,
    percentual: percentualTarefa(t),
    mensagem: mensagemTarefa(t),
    urlArquivo: temArquivo ? urlArquivoTarefa(t.id) : null,
    arquivoNome: temArquivo ? t.arquivoNome : null,
    criadoEm: t.criadoEm.toISOString(),
    concluidoEm: t.concluidoEm?.toISOString() ?? null,
  };
}

/**
 * The jobs a user may see: their own, or any of the company for the management. A job carries its
 * starter's filters and, when done, their file (customers' data): another user's id answers 404,
 * like another company's (docs/areas/importacao.md § Tarefas).
 */
function escopoTarefa(u: UsuarioContexto, id: string, tipos?: readonly string[]) {
  return and(
    eq(tarefa.id, id),
    eq(tarefa.empresaId, u.empresaId!),
    ehGestao(u) ? undefined : eq(tarefa.usuarioId, u.id),
    tipos ? inArray(tarefa.tipo, [...tipos]) : undefined,
  );
}

/** A job the caller may see (escopoTarefa), or null. */
export async function buscarTarefa(tx: Executor, u: UsuarioContexto, id: string, tipos?: readonly string[]): Promise<LinhaTarefa | null> {
  if (u.empresaId === null) return null;
  const [t] = await tx.select(colunasStatus).from(tarefa).where(escopoTarefa(u, id, tipos)).limit(1);
  return (t as LinhaTarefa | undefined) ?? null;
}

/** The result file of a job the caller may see (escopoTarefa). */
export async function lerArquivoTarefa(tx: Executor, u: UsuarioContexto, id: string) {
  if (u.empresaId === null) return null;
  const [t] = await tx
    .select({ arquivo: tarefa.arquivo, nome: tarefa.arquivoNome, tipo: tarefa.arquivoTipo })
    .from(tarefa)
    .where(escopoTarefa(u, id))
    .limit(1);
  return t ?? null;
}

/**
 * Starts pg-boss with the app (onReady) and stops it with the app (onClose), before the database
 * closes. In `manual` mode nothing polls: jobs stay PENDENTE until `app.tarefas.executar(id)`.
 */
export const tarefasPlugin = fp(async (app: FastifyInstance, opcoes: { banco: Banco }) => {
  let fila: FilaPgBoss | null = null;
  const executar = (id: string) => executarTarefa(app, id);
  app.decorate('tarefas', {
    modo: app.config.tarefas.modo,
    enfileirar: async (id: string) => {
      if (fila) await fila.enviar(id);
    },
    executar,
    agendar: async (nome: string, cron: string) => {
      if (fila) await fila.agendar(nome, cron);
    },
    rodarAgendamento: async (nome: string) => {
      const a = agendamentoPorNome(nome);
      if (!a) return;
      if (fila) await fila.rodarAgora(nome);
      else await executarAgendamento(app, a);
    },
  } satisfies Tarefas);
  if (app.config.tarefas.modo !== 'pgboss') return;
  app.addHook('onReady', async () => {
    fila = await iniciarPgBoss(app, opcoes.banco, executar);
  });
  app.addHook('onClose', async () => {
    const f = fila;
    fila = null;
    await f?.parar();
  });
});
