import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Banco } from '../db/client.js';
import { AGENDAMENTOS, cronsGuardados, executarAgendamento, FUSO_AGENDAMENTOS } from './agendamentos.js';

/** The one queue of user jobs: its payload is a `tarefa` id, the row holds everything else. */
export const FILA_TAREFAS = 'tarefa';

export type FilaPgBoss = {
  enviar: (id: string) => Promise<void>;
  /** Applies a schedule (sistema/tarefa): pg-boss keeps it in its table, for every process. */
  agendar: (nome: string, cron: string) => Promise<void>;
  /** A scheduled job now, through its queue (a worker runs it and records the run). */
  rodarAgora: (nome: string) => Promise<void>;
  parar: () => Promise<void>;
};

/**
 * pg-boss talks to the app's own connection (its `db.executeSql` option) instead of opening a pool:
 * on PGlite there is only one connection anyway. pg-boss sends its DDL and maintenance as one
 * multi-statement text with BEGIN…COMMIT and no parameters; PGlite runs those through `exec` (the
 * simple protocol) and everything else through `query`. PGlite serialises every call, and a
 * transaction of the app holds it until COMMIT, so pg-boss polling simply waits its turn — it never
 * runs inside an app transaction, and jobs never call pg-boss from inside theirs.
 */
export function executorSql(banco: Banco): PgBoss.Db {
  const cliente = (banco.db as unknown as { $client: unknown }).$client;
  if (banco.engine === 'pglite') {
    const pglite = cliente as PGlite;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return pglite.query(text, values);
        const resultados = await pglite.exec(text);
        return { rows: resultados.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = cliente as pg.Pool;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

export async function iniciarPgBoss(app: FastifyInstance, banco: Banco, executar: (id: string) => Promise<void>): Promise<FilaPgBoss> {
  const intervalo = app.config.tarefas.intervaloSegundos;
  const boss = new PgBoss({
    db: executorSql(banco),
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: 300,
    cronMonitorIntervalSeconds: 30,
  });
  boss.on('error', (e) => app.log.error({ err: e }, 'pg-boss'));
  await boss.start();

  // A job that dies mid-run is retried once; the retry resumes from the progress it recorded.
  await boss.createQueue(FILA_TAREFAS, { name: FILA_TAREFAS, retryLimit: 1, retryDelay: 5, expireInHours: 4 });
  // One worker per engine connection is what PGlite can use; a server takes two side by side.
  const trabalhadores: string[] = [];
  for (let i = 0; i < (banco.engine === 'postgres' ? 2 : 1); i++) {
    trabalhadores.push(
      await boss.work<{ id: string }>(FILA_TAREFAS, { pollingIntervalSeconds: intervalo, batchSize: 1 }, async ([job]) => {
        if (job) await executar(job.data.id);
      }),
    );
  }

  // The stored schedule (sistema/tarefa) wins over the default of the code.
  const guardados = await cronsGuardados(app.db);
  for (const a of AGENDAMENTOS) {
    await boss.createQueue(a.nome, { name: a.nome, retryLimit: 2, retryDelay: 300, expireInHours: 2 });
    await boss.schedule(a.nome, guardados.get(a.nome) ?? a.cron, {}, { tz: FUSO_AGENDAMENTOS });
    await boss.work(a.nome, { pollingIntervalSeconds: Math.max(intervalo, 5), batchSize: 1 }, async () => {
      await executarAgendamento(app, a);
    });
  }

  return {
    enviar: async (id) => {
      await boss.send(FILA_TAREFAS, { id });
      // Wake a worker now rather than at its next poll: a small export should not wait seconds.
      for (const w of trabalhadores) boss.notifyWorker(w);
    },
    agendar: async (nome, cron) => {
      await boss.schedule(nome, cron, {}, { tz: FUSO_AGENDAMENTOS });
    },
    rodarAgora: async (nome) => {
      await boss.send(nome, {});
    },
    parar: () => boss.stop({ graceful: true, timeout: 10_000, close: false }),
  };
}
