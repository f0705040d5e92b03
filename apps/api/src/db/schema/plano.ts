import { date, index, integer, pgTable, serial, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

/**
 * A plan the company sells to its customers (clube de assinatura): price per period and the benefits
 * it gives while active. A null benefit means "the programme rule applies".
 */
export const plano = pgTable(
  'plano',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 80 }).notNull(),
    descricao: text(),
    precoCentavos: integer().notNull(),
    periodicidade: varchar({ length: 12 }).notNull().$type<'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL'>(),
    cashbackPercentualBp: integer(),
    pontosPorReal: integer(),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plano_empresa_idx').on(t.empresaId, t.ativo)],
);

/** A customer's contract of a plan: ATIVO from `inicio` to `fim` (renewed by period), or CANCELADO. */
export const clientePlano = pgTable(
  'cliente_plano',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    planoId: integer()
      .notNull()
      .references(() => plano.id),
    status: varchar({ length: 12 }).notNull().$type<'ATIVO' | 'CANCELADO'>().default('ATIVO'),
    precoCentavos: integer().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    fim: date({ mode: 'string' }).notNull(),
    filialId: integer().references(() => empresa.id),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    canceladoEm: timestamp({ withTimezone: true }),
    canceladoPorId: integer().references(() => usuario.id),
    motivoCancelamento: varchar({ length: 200 }),
  },
  (t) => [index('cliente_plano_cliente_idx').on(t.empresaId, t.clienteId, t.status), index('cliente_plano_plano_idx').on(t.empresaId, t.planoId, t.criadoEm)],
);
