import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
