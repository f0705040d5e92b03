import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { bytea } from './tipos.js';
import { usuario } from './usuario.js';

/**
 * A long job run by pg-boss (reports, exports, imports): what the progress bar polls through
 * status/assincrono/{id} and importacao/status/{id}, and where its result file is kept.
 */
export const tarefa = pgTable(
  'tarefa',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: integer().references(() => empresa.id),
    tipo: varchar({ length: 40 }).notNull(),
    status: varchar({ length: 12 }).notNull().$type<'PENDENTE' | 'PROCESSANDO' | 'CONCLUIDA' | 'ERRO'>().default('PENDENTE'),
    total: integer().notNull().default(0),
    processados: integer().notNull().default(0),
    parametros: jsonb().notNull().default({}),
    resultado: jsonb(),
    mensagemErro: text(),
    arquivo: bytea(),
    arquivoNome: varchar({ length: 160 }),
    arquivoTipo: varchar({ length: 100 }),
    /** Uploaded input (an import's CSV), kept until the job ends. */
    entrada: bytea(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp({ withTimezone: true }),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('tarefa_empresa_idx').on(t.empresaId, t.criadoEm)],
);

/**
 * An uploaded input (an import's CSV) in parts of up to 64 KB, in file order: the upload writes
 * each part as it arrives and the job reads them one by one, so no statement carries the whole
 * file (on PGlite, which runs in the app's thread, a 20 MB bytea costs ~5 s of a blocked event
 * loop; a 64 KB part ~12 ms). Deleted with its job's input (docs/decisions/020-upload-fora-do-pedido.md).
 */
export const tarefaEntradaParte = pgTable(
  'tarefa_entrada_parte',
  {
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    tarefaId: uuid()
      .notNull()
      .references(() => tarefa.id, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    dados: bytea().notNull(),
  },
  (t) => [primaryKey({ name: 'tarefa_entrada_parte_pk', columns: [t.tarefaId, t.ordem] })],
);

/**
 * A scheduled job's stored schedule and last run (sistema/tarefa; docs/areas/manutencao.md § Tarefas).
 * The jobs themselves are defined in code (lib/agendamentos.ts) with a default cron; a row exists
 * once the schedule was edited or the job ran. No tenant: these jobs run for the whole service.
 */
export const agendamento = pgTable('agendamento', {
  nome: varchar({ length: 60 }).primaryKey(),
  /** Null: the default of lib/agendamentos.ts. */
  cron: varchar({ length: 120 }),
  atualizadoEm: timestamp({ withTimezone: true }),
  atualizadoPorId: integer(),
  ultimoInicio: timestamp({ withTimezone: true }),
  ultimoFim: timestamp({ withTimezone: true }),
  ultimoStatus: varchar({ length: 12 }).$type<'PROCESSANDO' | 'CONCLUIDA' | 'ERRO'>(),
  ultimoErro: text(),
  execucoes: integer().notNull().default(0),
  falhas: integer().notNull().default(0),
});
