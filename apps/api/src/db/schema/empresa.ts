import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A company of the programme: a head office (matriz) or one of its branches (filiais).
 * The tenant of every row is the network, identified by the matriz id: `matriz_id` equals `id`
 * on the head office itself, so one column answers "whose data is this" for both kinds.
 */
export const empresa = pgTable(
  'empresa',
  {
    id: serial().primaryKey(),
    matrizId: integer().notNull(),
    tipo: varchar({ length: 10 }).notNull().$type<'MATRIZ' | 'FILIAL'>(),
    nome: varchar({ length: 160 }).notNull(),
    nomeCurto: varchar({ length: 80 }).notNull(),
    cnpj: varchar({ length: 18 }),
    slug: varchar({ length: 60 }).notNull().unique(),
    fusoHorario: varchar({ length: 20 }).notNull().default('UTC_3_BRASIL'),
    tipoServidorWhats: varchar({ length: 20 }).notNull().default('NENHUM'),
    contatoSuporteWhats: varchar({ length: 20 }),
    experimentalAte: date({ mode: 'string' }),
    /**
     * The company's logo, a row of `arquivo` (docs/decisions). The foreign key (on delete set null) is
     * written by hand in the migration: declaring it here would make this file and arquivo.ts import each other.
     */
    logoArquivoId: integer(),
    telefone: varchar({ length: 20 }),
    cep: varchar({ length: 9 }),
    logradouro: varchar({ length: 160 }),
    numero: varchar({ length: 20 }),
    complemento: varchar({ length: 80 }),
    bairro: varchar({ length: 80 }),
    cidade: varchar({ length: 80 }),
    uf: varchar({ length: 2 }),
    ativa: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('empresa_matriz_idx').on(t.matrizId)],
);

/** Invoices the service charges the company (billing banner, spec §4). Amounts in centavos. */
export const faturaEmpresa = pgTable(
  'fatura_empresa',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    valorCentavos: bigint({ mode: 'number' }).notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 12 }).notNull().$type<'ABERTA' | 'PAGA' | 'CANCELADA'>(),
    urlPagamento: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fatura_empresa_empresa_idx').on(t.empresaId, t.status)],
);

/**
 * A counter computer or tablet that runs the terminal (`computers`, spec §7). The browser holds the
 * token (shown once when the manager registers it) and sends it as `X-Dispositivo`; only its hash is
 * stored. Once a network has any device, sales from an unregistered browser are refused
 * (docs/areas/filiais.md "Dispositivos").
 */
export const dispositivo = pgTable(
  'dispositivo',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    filialId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 80 }).notNull(),
    identificador: varchar({ length: 60 }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    ativo: boolean().notNull().default(true),
    ultimoAcesso: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispositivo_empresa_idx').on(t.empresaId, t.filialId)],
);

/**
 * A partner store of the network that accepts the programme's balance (rede credenciada, the spec's
 * "conveniados"): which units it takes and the most a customer may redeem there per sale, in centavos
 * (null = no limit). docs/areas/filiais.md "Rede credenciada".
 */
export const redeCredenciada = pgTable(
  'rede_credenciada',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 120 }).notNull(),
    cnpj: varchar({ length: 14 }),
    telefone: varchar({ length: 20 }),
    cidade: varchar({ length: 80 }),
    uf: varchar({ length: 2 }),
    unidades: text().array().notNull().$type<('CASHBACK' | 'PONTOS')[]>(),
    resgateMaximoCentavos: bigint({ mode: 'number' }),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rede_credenciada_empresa_idx').on(t.empresaId)],
);

export const configSistema = pgTable('config_sistema', {
  chave: varchar({ length: 80 }).primaryKey(),
  valor: text().notNull(),
  publica: boolean().notNull().default(false),
  atualizadoEm: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
