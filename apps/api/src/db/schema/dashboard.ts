import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './tipos.js';

/** The sums both summaries keep for a bucket: all sales created in it, whatever their status. Fresh builders per table. */
const totaisDeVendas = () => ({
  vendas: integer().notNull().default(0),
  valorCentavos: bigint({ mode: 'number' }).notNull().default(0),
  resgateCentavos: bigint({ mode: 'number' }).notNull().default(0),
  cashbackCentavos: bigint({ mode: 'number' }).notNull().default(0),
  pontos: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Daily summary of sales per branch, the dashboard's source for closed days (docs/areas/dashboard.md).
 * Derived data, rebuilt from `transacao`/`cliente` at will, so no foreign keys: a row holds ALL sales
 * created that day (any status) — a closed day's sales never change, only their status does, and the
 * cancelled ones are subtracted live from a small partial index. `filial_id` 0 = sales without a
 * branch; the row of branch 0 is written for every summarised day, so it also marks the day as done.
 */
export const resumoVendaDia = pgTable(
  'resumo_venda_dia',
  {
    empresaId: integer().notNull(),
    /** Calendar day in the company's zone (America/Sao_Paulo). */
    dia: date({ mode: 'string' }).notNull(),
    filialId: integer().notNull(),
    ...totaisDeVendas(),
    /** Customers whose origin branch is this one, signed up that day. */
    novosClientes: integer().notNull().default(0),
    /** HyperLogLog sketch (1024 one-byte registers) of the day's buyers: distinct counts over long periods. */
    clientesHll: bytea(),
    calculadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'resumo_venda_dia_pk', columns: [t.empresaId, t.dia, t.filialId] })],
);

/**
 * The same figures per 5-MINUTE INTERVAL of the days not closed yet (today), accumulated: each fold of
 * `resumo_venda_pendente` adds to the rows of its intervals (docs/decisions/018). Without it, a busy
 * day read live costs more than the whole year of summaries (docs/areas/dashboard.md). The rows of a
 * day are dropped once the day has its daily summary.
 */
export const resumoVendaIntervalo = pgTable(
  'resumo_venda_intervalo',
  {
    empresaId: integer().notNull(),
    /** Start of the interval (a multiple of 5 minutes in UTC, and so in Brasília). */
    inicio: timestamp({ withTimezone: true }).notNull(),
    filialId: integer().notNull(),
    ...totaisDeVendas(),
    clientesHll: bytea(),
    calculadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'resumo_venda_intervalo_pk', columns: [t.empresaId, t.inicio, t.filialId] })],
);

/**
 * What each batch of sales adds to the open day's figures, written by the statement that writes the
 * sales (one row per batch and branch) and folded into `resumo_venda_intervalo` by the dashboard and
 * by a job every minute, deleting what it folds: each row is counted exactly once, however late its
 * transaction commits (docs/decisions/018-resumo-do-dia-por-lote.md). Derived data, no foreign keys.
 */
export const resumoVendaPendente = pgTable(
  'resumo_venda_pendente',
  {
    empresaId: integer().notNull(),
    /** The sales' `criado_em` (they share it: one transaction). */
    criadoEm: timestamp({ withTimezone: true }).notNull(),
    filialId: integer().notNull(),
    ...totaisDeVendas(),
    /** The buyers, one entry per sale (the fold computes the HLL registers from them). */
    clientes: integer().array().notNull(),
  },
  (t) => [index('resumo_venda_pendente_empresa_idx').on(t.empresaId, t.criadoEm)],
);
