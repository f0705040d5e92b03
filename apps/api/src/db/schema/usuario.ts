import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar, inet } from 'drizzle-orm/pg-core';
import { empresa, redeCredenciada } from './empresa.js';

/**
 * A profile groups permission strings. `empresa_id` null = a system profile offered to every
 * company (`referencia` says to which kind of user it may be given).
 */
export const perfil = pgTable(
  'perfil',
  {
    id: serial().primaryKey(),
    empresaId: integer().references(() => empresa.id),
    nome: varchar({ length: 80 }).notNull(),
    descricao: varchar({ length: 255 }),
    referencia: varchar({ length: 20 }).notNull().$type<'SISTEMA' | 'EMPRESA'>(),
    permissoes: text().array().notNull().default([]),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('perfil_empresa_idx').on(t.empresaId)],
);

/** `empresa_id` is the tenant (matriz); `filial_id` the company where the user works, when not the matriz. */
export const usuario = pgTable(
  'usuario',
  {
    id: serial().primaryKey(),
    empresaId: integer().references(() => empresa.id),
    filialId: integer().references(() => empresa.id),
    perfilId: integer().references(() => perfil.id),
    nome: varchar({ length: 120 }).notNull(),
    username: varchar({ length: 60 }).notNull(),
    email: varchar({ length: 254 }),
    senhaHash: text().notNull(),
    ativo: boolean().notNull().default(true),
    administradorFaturamento: boolean().notNull().default(false),
    senhaAlteradaEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('usuario_username_uq').on(t.username), index('usuario_empresa_idx').on(t.empresaId)],
);

/** Server-side session; the cookie carries a random id, only its SHA-256 is stored. */
export const sessao = pgTable(
  'sessao',
  {
    idHash: varchar({ length: 64 }).primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    xsrfToken: varchar({ length: 64 }).notNull(),
    rememberSerie: varchar({ length: 36 }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ultimoAcesso: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 300 }),
  },
  (t) => [index('sessao_usuario_idx').on(t.usuarioId)],
);

/** Remember-me tokens: selector/validator split; a series lives at most 30 days. */
export const rememberToken = pgTable(
  'remember_token',
  {
    seletor: varchar({ length: 32 }).primaryKey(),
    validadorHash: varchar({ length: 64 }).notNull(),
    serie: varchar({ length: 36 }).notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    serieCriadaEm: timestamp({ withTimezone: true }).notNull(),
    usadoEm: timestamp({ withTimezone: true }),
    revogadoEm: timestamp({ withTimezone: true }),
    /** The token this one was rotated into; null while unused (docs/decisions/016). */
    sucessor: varchar({ length: 32 }),
    /** Hashes of the sessions this token opened: the proof that a browser got the cookie of its rotation. */
    sessoesAbertas: varchar({ length: 64 }).array().notNull().default([]),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remember_token_serie_idx').on(t.serie)],
);

export const tentativaLogin = pgTable(
  'tentativa_login',
  {
    id: serial().primaryKey(),
    /**
     * SENHA: a password check (login, or the current password in user/changePassword), keyed by username;
     * TOKEN: a reset token tried in user/changePassword (username empty); ESQUECI: a forgot-password
     * request (username empty, counted per IP). See docs/decisions/021.
     */
    tipo: varchar({ length: 10 }).notNull().$type<'SENHA' | 'TOKEN' | 'ESQUECI'>().default('SENHA'),
    username: varchar({ length: 120 }).notNull(),
    ip: varchar({ length: 64 }).notNull(),
    sucesso: boolean().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tentativa_login_username_idx').on(t.username, t.criadoEm), index('tentativa_login_ip_idx').on(t.ip, t.criadoEm)],
);

export const senhaReset = pgTable('senha_reset', {
  tokenHash: varchar({ length: 64 }).primaryKey(),
  usuarioId: integer()
    .notNull()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  expiraEm: timestamp({ withTimezone: true }).notNull(),
  usadoEm: timestamp({ withTimezone: true }),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /**
   * The outbox message that carries this link. The outbox keeps the link redacted; each send of that
   * message draws a new token and stores its hash here (lib/redefinicao-senha.ts, decision 021).
   */
  emailSaidaId: integer().references((): AnyPgColumn => emailSaida.id, { onDelete: 'set null' }),
}, (t) => [index('senha_reset_usuario_idx').on(t.usuarioId, t.criadoEm), uniqueIndex('senha_reset_email_uq').on(t.emailSaidaId)]);

/** Every e-mail goes through here first, so none is lost when SMTP is absent or down. */
export const emailSaida = pgTable(
  'email_saida',
  {
    id: serial().primaryKey(),
    empresaId: integer().references(() => empresa.id),
    para: varchar({ length: 254 }).notNull(),
    assunto: varchar({ length: 200 }).notNull(),
    corpo: text().notNull(),
    status: varchar({ length: 12 }).notNull().$type<'PENDENTE' | 'ENVIADO' | 'FALHOU'>().default('PENDENTE'),
    tentativas: integer().notNull().default(0),
    erro: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_saida_status_idx').on(t.status, t.criadoEm)],
);

/** Audit of every change made from the back office (ARCHITECTURE §6). */
export const auditoria = pgTable(
  'auditoria',
  {
    id: serial().primaryKey(),
    empresaId: integer(),
    usuarioId: integer(),
    /** The API token that made the change (docs/areas/integracao.md); usuario_id is then null. */
    tokenApiId: integer(),
    acao: varchar({ length: 40 }).notNull(),
    entidade: varchar({ length: 60 }).notNull(),
    entidadeId: varchar({ length: 60 }),
    antes: jsonb(),
    depois: jsonb(),
    ip: inet(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auditoria_empresa_idx').on(t.empresaId, t.criadoEm)],
);

/**
 * API tokens of a company (`/services/company/api`, docs/areas/integracao.md): a till or an ERP posts
 * with `Authorization: Bearer <segredo>`. Only the sha256 of the secret is kept (the secret is 32
 * random bytes, so a plain hash is as strong as a slow one); `prefixo` is the visible start that
 * lets the manager recognise it. Read on every call (no cache), so a revocation refuses it at once
 * in every process.
 */
export const tokenApi = pgTable(
  'token_api',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    /** The branch whose sales it posts; null = the whole network (the sale says its branch). */
    filialId: integer().references(() => empresa.id),
    /** A partner store's token: it only finds customers and redeems at that partner (scope parceiro:resgatar). */
    redeCredenciadaId: integer().references(() => redeCredenciada.id),
    nome: varchar({ length: 80 }).notNull(),
    prefixo: varchar({ length: 16 }).notNull(),
    segredoHash: varchar({ length: 64 }).notNull(),
    escopos: text().array().notNull(),
    expiraEm: timestamp({ withTimezone: true }),
    revogadoEm: timestamp({ withTimezone: true }),
    ultimoUso: timestamp({ withTimezone: true }),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('token_api_segredo_uq').on(t.segredoHash), index('token_api_empresa_idx').on(t.empresaId)],
);
