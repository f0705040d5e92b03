import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

// Same unions as packages/contracts/src/sorteio.ts (the schema stays free of the contracts package, like the others).
type StatusSorteio = 'RASCUNHO' | 'CONGELADO' | 'CONCLUIDO';

/**
 * A prize draw (docs/areas/sorteios.md, decision 037). RASCUNHO while the period runs (editable);
 * CONGELADO once the participant list is frozen (`hash_lista` is then public and never changes);
 * CONCLUIDO when every prize has a winner. `codigo_publico` is the key of the public verification page.
 */
export const sorteio = pgTable(
  'sorteio',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 120 }).notNull(),
    regulamento: text().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    fim: date({ mode: 'string' }).notNull(),
    premios: jsonb().$type<string[]>().notNull(),
    /** Eligible branches (companies of the network); empty = the whole network. */
    filiais: integer().array().notNull().default(sql`'{}'::integer[]`),
    regra: varchar({ length: 6 }).notNull().$type<'VALOR' | 'VENDA'>(),
    valorPorNumeroCentavos: bigint({ mode: 'number' }),
    maximoPorCliente: integer(),
    umPremioPorCliente: boolean().notNull().default(true),
    origemSemente: varchar({ length: 8 }).notNull().$type<'LOTERIA' | 'FIXA'>(),
    dataLoteria: date({ mode: 'string' }),
    semente: varchar({ length: 60 }),
    /** When the seed was fixed or typed: the public page shows it beside the freeze and the period (decision 037). */
    sementeEm: timestamp({ withTimezone: true }),
    status: varchar({ length: 10 }).notNull().default('RASCUNHO').$type<StatusSorteio>(),
    codigoPublico: varchar({ length: 24 }).notNull(),
    hashLista: varchar({ length: 64 }),
    totalNumeros: integer(),
    totalParticipantes: integer(),
    congeladoEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sorteio_empresa_idx').on(t.empresaId, t.criadoEm), uniqueIndex('sorteio_codigo_publico_uq').on(t.codigoPublico)],
);

/**
 * The frozen list, one row per participant: the range `primeiro..ultimo` of their lucky numbers (consecutive
 * by construction) and the masked CPF and abbreviated name taken at freezing time — so later edits of the
 * customer change nothing. The canonical line of each number (`numero;participante;cpf;nome`, what the hash
 * covers) is spelled from this row (modules/sorteio/congelar.ts): a million numbers are ~100,000 rows, not a
 * million (decision 037, bench/RESULTS.md "Sorteios"). Written once by the freeze, never updated.
 */
export const sorteioParticipante = pgTable(
  'sorteio_participante',
  {
    empresaId: integer().notNull(),
    // No foreign keys: the rows are written by one statement of the freeze (as decision 017).
    sorteioId: integer().notNull(),
    participante: integer().notNull(),
    primeiro: integer().notNull(),
    ultimo: integer().notNull(),
    clienteId: integer().notNull(),
    cpfMascarado: varchar({ length: 20 }).notNull(),
    nomeAbreviado: varchar({ length: 300 }).notNull(),
  },
  // By participant (a winner's range, the PDF) and by first number (whose is a lucky number, the blocks of the list).
  (t) => [primaryKey({ columns: [t.sorteioId, t.participante] }), uniqueIndex('sorteio_participante_primeiro_uq').on(t.sorteioId, t.primeiro)],
);

/** A winner: drawn by the algorithm (position k) or recorded by hand with a mandatory reason. */
export const sorteioGanhador = pgTable(
  'sorteio_ganhador',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    sorteioId: integer()
      .notNull()
      .references(() => sorteio.id),
    posicao: integer().notNull(),
    premio: varchar({ length: 200 }).notNull(),
    numero: integer().notNull(),
    participante: integer().notNull(),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    manual: boolean().notNull().default(false),
    motivo: varchar({ length: 300 }),
    notificado: boolean().notNull().default(false),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sorteio_ganhador_posicao_uq').on(t.sorteioId, t.posicao)],
);
