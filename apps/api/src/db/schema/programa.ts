import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { usuario } from './usuario.js';

/**
 * A customer of the programme. `empresa_id` is the network (tenant); the document is unique
 * per network, so the same person may be a customer of two unrelated companies.
 */
export const cliente = pgTable(
  'cliente',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    filialOrigemId: integer().references(() => empresa.id),
    nome: varchar({ length: 160 }).notNull(),
    documento: varchar({ length: 14 }),
    tipoDocumento: varchar({ length: 4 }).$type<'CPF' | 'CNPJ'>(),
    dataNascimento: date({ mode: 'string' }),
    celular: varchar({ length: 11 }),
    celularWhatsapp: boolean().notNull().default(false),
    email: varchar({ length: 254 }),
    cep: varchar({ length: 8 }),
    logradouro: varchar({ length: 160 }),
    numero: varchar({ length: 20 }),
    complemento: varchar({ length: 80 }),
    bairro: varchar({ length: 80 }),
    cidade: varchar({ length: 80 }),
    uf: varchar({ length: 2 }),
    status: varchar({ length: 12 }).notNull().$type<'ATIVO' | 'BLOQUEADO' | 'ANONIMIZADO'>().default('ATIVO'),
    observacoes: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cliente_documento_uq').on(t.empresaId, t.documento),
    index('cliente_celular_idx').on(t.empresaId, t.celular),
    index('cliente_email_idx').on(t.empresaId, t.email),
    // An e-mail blocked on its own (bloqueio_publico, kept in lower case) finds its customers whatever the case they typed.
    index('cliente_email_minusculo_idx').on(t.empresaId, sql`lower(${t.email})`),
    // New customers per day on the dashboard (docs/areas/dashboard.md).
    index('cliente_criado_idx').on(t.empresaId, t.criadoEm),
    // Customers changed since an instant, for the customer summary (docs/decisions/033).
    index('cliente_atualizado_idx').on(t.empresaId, t.atualizadoEm),
  ],
);

/** LGPD consent per channel, with when and how it was given or withdrawn (latest row wins). */
export const clienteConsentimento = pgTable(
  'cliente_consentimento',
  {
    id: serial().primaryKey(),
    empresaId: integer().notNull(),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    canal: varchar({ length: 10 }).notNull().$type<'WHATSAPP' | 'EMAIL' | 'SMS'>(),
    concedido: boolean().notNull(),
    origem: varchar({ length: 40 }).notNull(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cliente_consentimento_cliente_idx').on(t.empresaId, t.clienteId, t.canal, t.criadoEm),
    // Consents given or withdrawn since an instant, for the customer summary (docs/decisions/033).
    index('cliente_consentimento_criado_idx').on(t.empresaId, t.criadoEm),
  ],
);

/**
 * An account of the double-entry ledger. Customer accounts hold cashback (centavos), points or
 * prepaid credit (centavos); each company also has one system account per unit, the other side
 * of every credit and debit, so that every posting sums to zero.
 */
export const conta = pgTable(
  'conta',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    clienteId: integer().references(() => cliente.id),
    // PARCEIRO_*: what the company owes the accredited network for redemptions made there (docs/areas/rede-credenciada.md).
    // VALE_PRESENTE: what it owes the bearers of its gift cards, unit PREPAGO (docs/areas/vale-presente.md).
    tipo: varchar({ length: 20 })
      .notNull()
      .$type<'CASHBACK' | 'PONTOS' | 'PREPAGO' | 'SISTEMA_CASHBACK' | 'SISTEMA_PONTOS' | 'SISTEMA_PREPAGO' | 'PARCEIRO_CASHBACK' | 'PARCEIRO_PONTOS' | 'VALE_PRESENTE'>(),
    /** Cached sum of the account's entries, changed only in the transaction that writes them. */
    saldo: bigint({ mode: 'number' }).notNull().default(0),
    bloqueada: boolean().notNull().default(false),
    motivoBloqueio: varchar({ length: 200 }),
    bloqueadaEm: timestamp({ withTimezone: true }),
    /** Null: never lapses. Renewal (account/renovar) moves it forward by a period. */
    validaAte: date({ mode: 'string' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one system account per unit and company, too (its cliente_id is null).
    unique('conta_cliente_tipo_uq').on(t.empresaId, t.clienteId, t.tipo).nullsNotDistinct(),
    // The last line of defence: no customer balance below zero, whatever the code does.
    check('conta_saldo_cliente_nao_negativo', sql`${t.clienteId} is null or ${t.saldo} >= 0`),
  ],
);

/** An immutable posting: a set of entries summing to zero. Corrections are reversing postings. */
export const lancamento = pgTable(
  'lancamento',
  {
    id: serial().primaryKey(),
    // No foreign keys on the ledger's append-only rows (docs/decisions/017-vendas-em-lote.md):
    // what they point to is read or locked by the same transaction and is never deleted.
    empresaId: integer().notNull(),
    tipo: varchar({ length: 20 }).notNull().$type<'VENDA' | 'RESGATE' | 'ESTORNO' | 'AJUSTE' | 'EXPIRACAO' | 'UNIFICACAO' | 'SALDO_INICIAL' | 'VALE_PRESENTE'>(),
    descricao: varchar({ length: 200 }).notNull(),
    estornoDeId: integer(),
    filialId: integer(),
    usuarioId: integer(),
    referencia: jsonb(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lancamento_empresa_idx').on(t.empresaId, t.criadoEm),
    // Only reversals carry estorno_de_id: indexing the other rows (every sale) would cost an entry each for nothing.
    uniqueIndex('lancamento_estorno_uq')
      .on(t.empresaId, t.estornoDeId)
      .where(sql`${t.estornoDeId} is not null`),
    // The rare postings that are not sales (redemptions, expiries, adjustments): the dashboard reads
    // them over a year without walking millions of sale postings (docs/areas/dashboard.md).
    index('lancamento_outros_idx')
      .on(t.empresaId, t.criadoEm)
      .where(sql`${t.tipo} not in ('VENDA', 'ESTORNO')`),
  ],
);

export const partida = pgTable(
  'partida',
  {
    id: serial().primaryKey(),
    empresaId: integer().notNull(),
    // Written with its posting by one statement, on an account that posting locked or read (no foreign keys: decision 017).
    lancamentoId: integer().notNull(),
    contaId: integer().notNull(),
    /** Signed: credit > 0, debit < 0; centavos for BRL accounts, points for PONTOS. */
    valor: bigint({ mode: 'number' }).notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partida_conta_idx').on(t.empresaId, t.contaId, t.id), index('partida_lancamento_idx').on(t.lancamentoId)],
);

/** Replies of posting calls by Idempotency-Key: a replay gets the first reply; another body, a 409. */
export const idempotencia = pgTable(
  'idempotencia',
  {
    empresaId: integer().notNull(),
    chave: varchar({ length: 100 }).notNull(),
    rota: varchar({ length: 120 }).notNull(),
    hashCorpo: varchar({ length: 64 }).notNull(),
    status: integer().notNull(),
    resposta: jsonb().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotencia_pk').on(t.empresaId, t.chave)],
);

/**
 * A credit lot of a customer account: what one posting credited, what is left of it, when it may
 * be used (waiting period) and when it lapses. Debits consume lots oldest-expiry first (FIFO);
 * the expiry job debits what is left of lapsed lots, so balance = sum of entries still holds.
 */
export const credito = pgTable(
  'credito',
  {
    id: serial().primaryKey(),
    empresaId: integer().notNull(),
    // Written with its posting by one statement (no foreign keys: decision 017).
    contaId: integer().notNull(),
    lancamentoId: integer().notNull(),
    valor: bigint({ mode: 'number' }).notNull(),
    restante: bigint({ mode: 'number' }).notNull(),
    disponivelEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: does not expire. */
    expiraEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credito_conta_aberto_idx')
      .on(t.empresaId, t.contaId, t.expiraEm, t.id)
      .where(sql`${t.restante} > 0`),
    index('credito_expira_idx')
      .on(t.expiraEm)
      .where(sql`${t.restante} > 0 and ${t.expiraEm} is not null`),
    check('credito_restante_ck', sql`${t.restante} >= 0 and ${t.restante} <= ${t.valor}`),
  ],
);

/** The accounts every customer of the company gets (account/criar/contaspadrao), in display order. */
export const contaPadrao = pgTable(
  'conta_padrao',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    tipo: varchar({ length: 20 }).notNull().$type<'CASHBACK' | 'PONTOS' | 'PREPAGO'>(),
    nome: varchar({ length: 60 }).notNull(),
    ordem: integer().notNull().default(0),
    ativo: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('conta_padrao_tipo_uq').on(t.empresaId, t.tipo)],
);

/** Free-text notes about a customer, written by staff (never edited: a new note corrects an old one). */
export const clienteNota = pgTable(
  'cliente_nota',
  {
    id: serial().primaryKey(),
    empresaId: integer().notNull(),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    texto: text().notNull(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cliente_nota_cliente_idx').on(t.empresaId, t.clienteId, t.criadoEm)],
);

/**
 * The words a customer is found by in the search box (docs/areas/clientes.md "Busca"): the words of
 * the name and of the e-mail (without accents, lower case), the CPF/CNPJ and the mobile with and
 * without the area code. Each row also carries the list's sort key (`ordem`, the normalised name),
 * so the customers of one word come out of the primary key already in the list's order. Written only
 * by the database's triggers on `cliente` (migration 0015), so it never disagrees with the row.
 */
export const clientePalavra = pgTable(
  'cliente_palavra',
  {
    empresaId: integer().notNull(),
    /** `collate "C"` (migration 0015): prefix ranges on bytes, whatever the database's locale. */
    palavra: text().notNull(),
    /** busca_normalizada(nome), `collate "C"`: the order of the customer list. */
    ordem: text().notNull(),
    clienteId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'cliente_palavra_pk', columns: [t.empresaId, t.palavra, t.ordem, t.clienteId] }),
    index('cliente_palavra_cliente_idx').on(t.clienteId),
  ],
);

/** A contact (lead): someone the company may reach but who is not a customer yet, e.g. from an import. */
export const contato = pgTable(
  'contato',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 160 }).notNull(),
    celular: varchar({ length: 11 }),
    email: varchar({ length: 254 }),
    origem: varchar({ length: 40 }).notNull(),
    observacoes: text(),
    clienteId: integer().references(() => cliente.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contato_celular_idx').on(t.empresaId, t.celular), index('contato_email_idx').on(t.empresaId, t.email)],
);

/** Record of an account unification: the duplicate customer's balances moved to the kept one by a posting. */
export const unificacao = pgTable(
  'unificacao',
  {
    id: serial().primaryKey(),
    empresaId: integer().notNull(),
    clienteOrigemId: integer()
      .notNull()
      .references(() => cliente.id),
    clienteDestinoId: integer()
      .notNull()
      .references(() => cliente.id),
    lancamentoId: integer().references(() => lancamento.id),
    resumo: jsonb().notNull().default({}),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unificacao_empresa_idx').on(t.empresaId, t.criadoEm)],
);
