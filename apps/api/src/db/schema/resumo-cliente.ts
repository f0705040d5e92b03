import { bigint, boolean, date, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';

/**
 * One wide row per customer with everything the audience count filters on (docs/decisions/033,
 * docs/areas/publicos.md "Desempenho"): the count is one pass over this table, with no join.
 * Kept by the `resumo-clientes` job, never by the sale (decision 017); `cliente_resumo_estado`
 * says up to when it reflects the sources. No foreign keys: rebuilt from `cliente` (never deleted)
 * and written only by that job. Fixed-width columns first, so a row without purchases stays narrow.
 */
export const clienteResumo = pgTable('cliente_resumo', {
    clienteId: integer().primaryKey(),
    empresaId: integer().notNull(),
    /** Balances in centavos (CASHBACK) and whole points (PONTOS); no account = 0. */
    saldoCashback: bigint({ mode: 'number' }).notNull().default(0),
    saldoPontos: bigint({ mode: 'number' }).notNull().default(0),
    filialOrigemId: integer(),
    /** Calendar day (Brasília) of the latest CONFIRMED sale; null = never bought. */
    ultimaCompra: date({ mode: 'string' }),
    mesNascimento: smallint(),
    /** cliente.status = 'ATIVO'. */
    ativo: boolean().notNull(),
    /** Latest consent row of each channel grants it (never asked = false). */
    whatsapp: boolean().notNull().default(false),
    email: boolean().notNull().default(false),
    /**
     * The days (Brasília, ascending) with CONFIRMED sales, and the running totals up to each: the
     * purchases of any period [de, ate] are totals[width_bucket(ate)] − totals[width_bucket(de − 1)],
     * exact to the day. `qtdAcum` is null when every such day has one sale (then the running count
     * is the position itself), which is most customers.
     */
    dias: date({ mode: 'string' }).array(),
    qtdAcum: integer().array(),
    valorAcum: bigint({ mode: 'number' }).array(),
    /** The customer has a mobile / an e-mail: the audience statistics count who can be reached without reading `cliente` (0048). */
    temCelular: boolean().notNull().default(false),
    temEmail: boolean().notNull().default(false),
    /**
     * The first purchase day and the whole history's totals (0048): a period that starts on or before the
     * first day, or ends on or after the last, needs no lookup in the arrays at that end — "in the last
     * 12 months" reads none for a customer of this year.
     */
    primeiraCompra: date({ mode: 'string' }),
    qtdTotal: integer().notNull().default(0),
    valorTotal: bigint({ mode: 'number' }).notNull().default(0),
});
// Its indexes are written by hand in 0038 (INCLUDE and partial ones, which the schema cannot say):
// a covering index for every condition but purchases, so those counts read the index only.

/** Per company: how far the summary's first load went and since when changes are still to be read. */
export const clienteResumoEstado = pgTable('cliente_resumo_estado', {
  empresaId: integer()
    .primaryKey()
    .references(() => empresa.id),
  /** First load: customers up to this id are in; null once the load is over. */
  cargaAteCliente: integer().default(0),
  /** Changes made from this instant on (minus a margin) are read by the next run. */
  marca: timestamp({ withTimezone: true }).notNull(),
  /** The instant the summary reflects (start of the last complete run); null until the first one ends. */
  dadosDe: timestamp({ withTimezone: true }),
  atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The active customers of the summary per (branch, birthday month, consents), rebuilt by the job with
 * each run: a count whose conditions are only of these (everyone, a branch, birthdays…) adds a few
 * hundred rows instead of reading a million (docs/decisions/033). Same instant as the summary.
 */
export const clienteResumoContagem = pgTable(
  'cliente_resumo_contagem',
  {
    empresaId: integer().notNull(),
    filialOrigemId: integer(),
    mesNascimento: smallint(),
    whatsapp: boolean().notNull(),
    email: boolean().notNull(),
    clientes: integer().notNull(),
  },
  (t) => [index('cliente_resumo_contagem_empresa_idx').on(t.empresaId)],
);
