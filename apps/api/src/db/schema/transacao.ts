import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { lancamento } from './programa.js';
import { usuario } from './usuario.js';

/**
 * The programme's accrual rule: one row per company (filial_id null) and optional override rows
 * per branch. The percentage is kept in basis points (500 = 5,00%) so arithmetic stays integer.
 */
export const regraPrograma = pgTable(
  'regra_programa',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    filialId: integer().references(() => empresa.id),
    cashbackPercentualBp: integer().notNull().default(0),
    /** Points per whole real paid; 0 switches points off. */
    pontosPorReal: integer().notNull().default(0),
    compraMinimaCentavos: integer().notNull().default(0),
    /** Null: no cap. */
    maximoCashbackPorVendaCentavos: integer(),
    /** Days a credit stays usable; null: it never expires. */
    validadeDias: integer(),
    /** Days after the sale before its cashback or points may be redeemed (waiting period). */
    carenciaDias: integer().notNull().default(0),
    ativo: boolean().notNull().default(true),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT: exactly one company-wide row (filial_id null) per company.
  (t) => [unique('regra_programa_empresa_filial_uq').on(t.empresaId, t.filialId).nullsNotDistinct()],
);

/** A sale at the counter: what was paid, what was redeemed and what was accrued, and its ledger postings. */
export const transacao = pgTable(
  'transacao',
  {
    id: serial().primaryKey(),
    // The sale row is written with its posting by one statement (no foreign keys on the hot path:
    // docs/decisions/017-vendas-em-lote.md); the cancellation's columns keep theirs.
    empresaId: integer().notNull(),
    filialId: integer(),
    clienteId: integer().notNull(),
    /** How the attendant identified the customer, and the card when it was one. */
    identificacao: varchar({ length: 10 }).$type<'CARTAO' | 'CPF' | 'CELULAR' | 'BUSCA'>(),
    cartaoId: integer(),
    /** The customer's active plan whose benefit applied, if any. */
    clientePlanoId: integer(),
    valorCentavos: integer().notNull(),
    resgateCentavos: integer().notNull().default(0),
    cashbackCentavos: integer().notNull().default(0),
    pontos: integer().notNull().default(0),
    status: varchar({ length: 12 }).notNull().$type<'CONFIRMADA' | 'CANCELADA'>().default('CONFIRMADA'),
    /** Null when the sale moved no balance (no rule, below the minimum, nothing redeemed). */
    lancamentoId: integer(),
    estornoLancamentoId: integer().references(() => lancamento.id),
    usuarioId: integer(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    canceladaEm: timestamp({ withTimezone: true }),
    canceladaPorId: integer().references(() => usuario.id),
    motivoCancelamento: varchar({ length: 200 }),
  },
  (t) => [
    index('transacao_empresa_criado_idx').on(t.empresaId, t.criadoEm),
    index('transacao_cliente_idx').on(t.empresaId, t.clienteId, t.criadoEm),
    // Cancellations since an instant, for the customer summary (docs/decisions/033). Partial: a sale
    // is written with cancelada_em null, so the sale itself never writes to this index (decision 017).
    index('transacao_cancelada_em_idx')
      .on(t.empresaId, t.canceladaEm)
      .where(sql`${t.canceladaEm} is not null`),
  ],
);
