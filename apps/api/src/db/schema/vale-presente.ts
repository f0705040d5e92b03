import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cartao } from './cartao.js';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { transacao } from './transacao.js';
import { usuario } from './usuario.js';

// Same union as packages/contracts/src/vale-presente.ts (the schema stays free of the contracts package).
type StatusValePresente = 'ATIVO' | 'CANCELADO';

/**
 * A gift card (vale-presente, docs/areas/vale-presente.md, decision 039): an amount paid at the
 * counter and owed to whoever holds the code and the PIN. The money the company owes all bearers
 * is the company's VALE_PRESENTE account of the ledger (unit PREPAGO, against SISTEMA_PREPAGO);
 * this row is that account's sub-ledger for one card. Its balance is never cached: it is
 * `valor − devolvido − uses in sales still confirmed`, so a cancelled sale gives its part back
 * by itself, exactly once, with the sale's own reversing posting.
 */
export const valePresente = pgTable(
  'vale_presente',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    filialId: integer().references(() => empresa.id),
    /** 16 digits, the last a Luhn check digit; random, never sequential — or the number of the physical card below. */
    codigo: varchar({ length: 16 }).notNull(),
    /** The physical card of the card module that carries this gift card (status VALE_PRESENTE), if any. */
    cartaoId: integer().references(() => cartao.id),
    /** scrypt of the PIN with a per-card salt ("salt:hash", hex). The PIN itself is shown once, on the sale's receipt. */
    pinHash: varchar({ length: 200 }).notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull(),
    /** What a cancellation gave back to the buyer (the unused balance). */
    devolvidoCentavos: bigint({ mode: 'number' }).notNull().default(0),
    /** Who paid (optional: a bearer card may be sold to anyone). */
    compradorClienteId: integer().references(() => cliente.id),
    /** Who it is for, when the buyer says (a customer of the programme, or just a name for the receipt). */
    beneficiarioClienteId: integer().references(() => cliente.id),
    beneficiarioNome: varchar({ length: 120 }),
    mensagem: varchar({ length: 200 }),
    validoAte: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 10 }).notNull().default('ATIVO').$type<StatusValePresente>(),
    /** Wrong PINs in a row; the 5th locks the card for 30 minutes (bloqueadoAte). */
    tentativasPin: smallint().notNull().default(0),
    bloqueadoAte: timestamp({ withTimezone: true }),
    lancamentoId: integer().notNull(),
    cancelamentoLancamentoId: integer(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    canceladoEm: timestamp({ withTimezone: true }),
    canceladoPorId: integer().references(() => usuario.id),
    motivoCancelamento: varchar({ length: 200 }),
  },
  (t) => [
    uniqueIndex('vale_presente_codigo_uq').on(t.empresaId, t.codigo),
    // One gift card per physical card, ever: a cancelled card's plastic is not sold again (decision 039 §10).
    uniqueIndex('vale_presente_cartao_uq').on(t.empresaId, t.cartaoId),
    index('vale_presente_lista_idx').on(t.empresaId, t.criadoEm),
    index('vale_presente_validade_idx').on(t.empresaId, t.validoAte),
    check('vale_presente_valor_ck', sql`${t.valorCentavos} > 0 and ${t.devolvidoCentavos} >= 0 and ${t.devolvidoCentavos} <= ${t.valorCentavos}`),
  ],
);

/** A use of a gift card as a means of payment in a sale; it counts while the sale is confirmed. */
export const valePresenteUso = pgTable(
  'vale_presente_uso',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    valePresenteId: integer()
      .notNull()
      .references(() => valePresente.id),
    transacaoId: integer()
      .notNull()
      .references(() => transacao.id),
    valorCentavos: bigint({ mode: 'number' }).notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vale_presente_uso_vale_idx').on(t.valePresenteId),
    uniqueIndex('vale_presente_uso_transacao_uq').on(t.transacaoId),
    index('vale_presente_uso_dia_idx').on(t.empresaId, t.criadoEm),
    check('vale_presente_uso_valor_ck', sql`${t.valorCentavos} > 0`),
  ],
);
