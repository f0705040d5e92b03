import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { arquivo } from './arquivo.js';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

// Same unions as packages/contracts/src/premio.ts (the schema stays free of the contracts package, like the others).
type PeriodoLimite = 'DIA' | 'SEMANA' | 'MES' | 'ANO' | 'SEMPRE';
type StatusResgatePremio = 'SOLICITADO' | 'SEPARADO' | 'DISPONIVEL' | 'RETIRADO' | 'CANCELADO';

/**
 * A prize of the catalogue (docs/areas/premios.md). Costs: points, cashback (centavos) or both.
 * `estoque` null = no stock control; the CHECK is the last barrier against a negative stock (the
 * redemption locks the row and decrements under the lock).
 */
export const premio = pgTable(
  'premio',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 120 }).notNull(),
    descricao: varchar({ length: 1000 }),
    fotoArquivoId: integer().references(() => arquivo.id, { onDelete: 'set null' }),
    custoPontos: integer(),
    custoCentavos: bigint({ mode: 'number' }),
    estoque: integer(),
    limitePorCliente: integer(),
    limitePeriodo: varchar({ length: 10 }).notNull().default('SEMPRE').$type<PeriodoLimite>(),
    validoDe: date({ mode: 'string' }),
    validoAte: date({ mode: 'string' }),
    /** Branches (company ids of the network) where it may be collected; empty = all. */
    filiais: integer().array().notNull().default(sql`'{}'::integer[]`),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('premio_empresa_idx').on(t.empresaId, t.nome),
    check('premio_estoque_ck', sql`${t.estoque} is null or ${t.estoque} >= 0`),
    check('premio_custo_ck', sql`coalesce(${t.custoPontos}, 0) > 0 or coalesce(${t.custoCentavos}, 0) > 0`),
  ],
);

/**
 * A customer's redemption of a prize: what it cost (copied, the catalogue may change), the ledger
 * posting that paid it and, if cancelled, the reversing one. `codigo` is what the customer shows to
 * collect it (QR/barcode on the voucher).
 */
export const premioResgate = pgTable(
  'premio_resgate',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    premioId: integer()
      .notNull()
      .references(() => premio.id),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    filialId: integer().references(() => empresa.id),
    codigo: varchar({ length: 20 }).notNull(),
    status: varchar({ length: 12 }).notNull().default('SOLICITADO').$type<StatusResgatePremio>(),
    custoPontos: integer().notNull().default(0),
    custoCentavos: bigint({ mode: 'number' }).notNull().default(0),
    lancamentoId: integer().notNull(),
    estornoLancamentoId: integer(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retiradoEm: timestamp({ withTimezone: true }),
    canceladoEm: timestamp({ withTimezone: true }),
    motivoCancelamento: varchar({ length: 200 }),
  },
  (t) => [
    uniqueIndex('premio_resgate_codigo_uq').on(t.empresaId, t.codigo),
    index('premio_resgate_lista_idx').on(t.empresaId, t.criadoEm),
    index('premio_resgate_cliente_idx').on(t.empresaId, t.premioId, t.clienteId, t.criadoEm),
  ],
);

/** Every status change of a redemption (who, when, from, to): the history screen reads it. */
export const premioResgateHistorico = pgTable(
  'premio_resgate_historico',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    resgateId: integer()
      .notNull()
      .references(() => premioResgate.id),
    de: varchar({ length: 12 }).$type<StatusResgatePremio>(),
    para: varchar({ length: 12 }).notNull().$type<StatusResgatePremio>(),
    usuarioId: integer().references(() => usuario.id),
    observacao: varchar({ length: 200 }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('premio_resgate_historico_idx').on(t.resgateId, t.id)],
);
