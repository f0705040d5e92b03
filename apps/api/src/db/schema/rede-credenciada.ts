import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa, redeCredenciada } from './empresa.js';
import { cliente } from './programa.js';
import { tokenApi, usuario } from './usuario.js';

/**
 * A redemption of a customer's balance at a partner store of the accredited network (the spec's
 * `convenio/conta`): the posting that debited the customer and credited the partner account, the
 * partner's own document number, and its reversal. docs/areas/rede-credenciada.md.
 */
export const resgateParceiro = pgTable(
  'resgate_parceiro',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    redeCredenciadaId: integer()
      .notNull()
      .references(() => redeCredenciada.id),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    unidade: varchar({ length: 10 }).notNull().$type<'CASHBACK' | 'PONTOS'>(),
    /** Centavos for CASHBACK, points for PONTOS. */
    valor: bigint({ mode: 'number' }).notNull(),
    /** The partner's receipt or order number, as the partner reported it. */
    documento: varchar({ length: 60 }).notNull(),
    /** The partner's branch/unit name that took it (free text), if reported. */
    observacao: varchar({ length: 200 }),
    lancamentoId: integer().notNull(),
    estornoLancamentoId: integer(),
    motivoEstorno: varchar({ length: 200 }),
    usuarioId: integer().references(() => usuario.id),
    tokenApiId: integer().references(() => tokenApi.id),
    estornadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    estornadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('resgate_parceiro_parceiro_idx').on(t.empresaId, t.redeCredenciadaId, t.criadoEm),
    // One live redemption per partner document: the "per sale" limit holds per document, and a
    // document typed twice is refused. A reversed one frees the number.
    uniqueIndex('resgate_parceiro_documento_uq')
      .on(t.empresaId, t.redeCredenciadaId, t.documento)
      .where(sql`${t.estornadoEm} is null`),
  ],
);
