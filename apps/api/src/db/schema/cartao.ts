import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

/**
 * Card numbering of a company: its own prefix (unique across the service, so a scanned number
 * tells whose card it is) and the next sequence. Number = prefix + zero-padded sequence + Luhn digit.
 */
export const cartaoNumeracao = pgTable('cartao_numeracao', {
  empresaId: integer()
    .primaryKey()
    .references(() => empresa.id),
  prefixo: varchar({ length: 8 }).notNull().unique(),
  proximaSequencia: bigint({ mode: 'number' }).notNull().default(1),
  atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A loyalty card. DISPONIVEL: issued, not linked; ATIVO: linked to a customer; BLOQUEADO: lost or
 * suspended; SUBSTITUIDO: replaced by `substituidoPorId` (the number is never reused); VALE_PRESENTE:
 * sold as the carrier of a gift card (`vale_presente.cartao_id`), never a loyalty card again (decision 039 §10).
 */
export const cartao = pgTable(
  'cartao',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    numero: varchar({ length: 19 }).notNull(),
    clienteId: integer().references(() => cliente.id),
    status: varchar({ length: 16 }).notNull().$type<'DISPONIVEL' | 'ATIVO' | 'BLOQUEADO' | 'SUBSTITUIDO' | 'VALE_PRESENTE'>().default('DISPONIVEL'),
    motivoStatus: varchar({ length: 200 }),
    substituidoPorId: integer(),
    filialId: integer().references(() => empresa.id),
    emitidoPorId: integer().references(() => usuario.id),
    emitidoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    vinculadoEm: timestamp({ withTimezone: true }),
    bloqueadoEm: timestamp({ withTimezone: true }),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cartao_numero_uq').on(t.empresaId, t.numero),
    index('cartao_cliente_idx').on(t.empresaId, t.clienteId),
    index('cartao_status_idx').on(t.empresaId, t.status),
  ],
);

/** The card print queue: cards waiting for the printer, then grouped into a printed batch (lote). */
export const cartaoImpressao = pgTable(
  'cartao_impressao',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    cartaoId: integer()
      .notNull()
      .references(() => cartao.id),
    status: varchar({ length: 12 }).notNull().$type<'PENDENTE' | 'IMPRESSO' | 'CANCELADO'>().default('PENDENTE'),
    lote: varchar({ length: 40 }),
    solicitadoPorId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    impressoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('cartao_impressao_status_idx').on(t.empresaId, t.status, t.criadoEm), index('cartao_impressao_cartao_idx').on(t.empresaId, t.cartaoId)],
);
