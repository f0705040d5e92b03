import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

// Same unions as packages/contracts/src/cupomdesconto.ts (the schema stays free of the contracts package, like the others).
type TipoCupom = 'IMPRESSO' | 'ONLINE' | 'LOTE';
type BeneficioCupom = 'PERCENTUAL' | 'VALOR' | 'BONUS_PERCENTUAL' | 'BONUS_VALOR';
type AlfabetoCupom = 'ALFANUMERICO' | 'LETRAS' | 'NUMERICO';
type StatusUsoCupom = 'USADO' | 'CANCELADO';

/**
 * A coupon campaign (spec §3 fields plus the retailer's rules; docs/areas/cupons.md). Its uses in
 * force are `usos` plus its rows of `cupom_desconto_contador` (below). A campaign with limits counts
 * here: its sales lock this row and move it, and the CHECK is the last barrier against passing
 * `usos_total` under any concurrency; one without counts on the counter rows.
 */
export const cupomDesconto = pgTable(
  'cupom_desconto',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    usuarioId: integer().references(() => usuario.id),
    nome: varchar({ length: 120 }).notNull(),
    tipo: varchar({ length: 10 }).notNull().$type<TipoCupom>(),
    dataCriacao: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dataVencimento: date({ mode: 'string' }),
    /** Weekdays of validity, 0 = Sunday; empty = every day. */
    vencimentoDiaSemana: smallint().array().notNull().default(sql`'{}'::smallint[]`),
    urlCompartilhamento: varchar({ length: 300 }),
    urlCurto: varchar({ length: 200 }),
    /** The public claim page's key (online coupons). */
    token: varchar({ length: 24 }),
    palavraChave: varchar({ length: 30 }),
    whatsAppLote: varchar({ length: 1000 }),
    beneficio: varchar({ length: 16 }).notNull().$type<BeneficioCupom>(),
    percentualBp: integer(),
    valorCentavos: bigint({ mode: 'number' }),
    compraMinimaCentavos: bigint({ mode: 'number' }).notNull().default(0),
    usosPorCliente: integer(),
    usosTotal: integer(),
    usos: integer().notNull().default(0),
    filiais: integer().array().notNull().default(sql`'{}'::integer[]`),
    alfabeto: varchar({ length: 12 }).notNull().default('ALFANUMERICO').$type<AlfabetoCupom>(),
    prefixo: varchar({ length: 10 }).notNull().default(''),
    tamanho: smallint().notNull().default(8),
    quantidade: integer().notNull().default(0),
    codigosGerados: integer().notNull().default(0),
    tarefaId: uuid(),
    ativo: boolean().notNull().default(true),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cupom_desconto_empresa_idx').on(t.empresaId, t.nome),
    uniqueIndex('cupom_desconto_token_uq').on(t.token),
    uniqueIndex('cupom_desconto_palavra_uq')
      .on(t.empresaId, t.palavraChave)
      .where(sql`${t.palavraChave} is not null`),
    check('cupom_desconto_usos_ck', sql`${t.usos} >= 0 and (${t.usosTotal} is null or ${t.usos} <= ${t.usosTotal})`),
  ],
);

/**
 * A unique code of a coupon (printed sheet, batch, or claimed online by a customer). One use per
 * code (`maximo_usos`); the redemption locks the row, the CHECK is the last barrier.
 */
export const cupomDescontoCodigo = pgTable(
  'cupom_desconto_codigo',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    cupomId: integer()
      .notNull()
      .references(() => cupomDesconto.id),
    codigo: varchar({ length: 40 }).notNull(),
    /** The customer who claimed it online; a code with an owner is only theirs. */
    clienteId: integer().references(() => cliente.id),
    usos: integer().notNull().default(0),
    maximoUsos: integer().default(1),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupom_desconto_codigo_uq').on(t.empresaId, t.codigo),
    index('cupom_desconto_codigo_cupom_idx').on(t.empresaId, t.cupomId, t.id),
    check('cupom_desconto_codigo_usos_ck', sql`${t.usos} >= 0 and (${t.maximoUsos} is null or ${t.usos} <= ${t.maximoUsos})`),
  ],
);

/** A coupon used in a sale: what it gave, and — if the sale was cancelled — when the use was given back. */
export const cupomDescontoUso = pgTable(
  'cupom_desconto_uso',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    cupomId: integer()
      .notNull()
      .references(() => cupomDesconto.id),
    /** Null when the campaign's keyword was typed. */
    codigoId: integer().references(() => cupomDescontoCodigo.id),
    codigo: varchar({ length: 40 }).notNull(),
    transacaoId: integer().notNull(),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    filialId: integer(),
    valorBrutoCentavos: bigint({ mode: 'number' }).notNull(),
    descontoCentavos: bigint({ mode: 'number' }).notNull().default(0),
    bonusCentavos: bigint({ mode: 'number' }).notNull().default(0),
    /** The bonus posting (AJUSTE) and its reversal. */
    lancamentoId: integer(),
    estornoLancamentoId: integer(),
    status: varchar({ length: 10 }).notNull().default('USADO').$type<StatusUsoCupom>(),
    usuarioId: integer(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    canceladoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cupom_desconto_uso_transacao_uq').on(t.empresaId, t.transacaoId),
    index('cupom_desconto_uso_cliente_idx').on(t.empresaId, t.cupomId, t.clienteId),
    index('cupom_desconto_uso_data_idx').on(t.empresaId, t.criadoEm),
  ],
);

/**
 * The uses of a campaign without limits, counted apart from its row (docs/decisions/041 §"Contador em
 * faixas"): each batch of sales adds to one of 16 rows (`faixa` = its database connection's pid mod
 * 16), so batches of different connections never wait for each other's COMMIT on the campaign row.
 * A campaign's uses are `cupom_desconto.usos` + the sum of its rows here; a row may go below zero
 * (a cancelled use taken from another row than the one that counted it). A campaign with limits keeps
 * counting on its own row, which its sales lock anyway, under the CHECK there.
 */
export const cupomDescontoContador = pgTable(
  'cupom_desconto_contador',
  {
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    cupomId: integer()
      .notNull()
      .references(() => cupomDesconto.id),
    faixa: smallint().notNull(),
    usos: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cupomId, t.faixa] })],
);
