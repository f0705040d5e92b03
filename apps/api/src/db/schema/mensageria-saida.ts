import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente, contato } from './programa.js';
import { usuario } from './usuario.js';
import { instanciaWhatsapp } from './mensageria.js';

/**
 * Audience blocking (spec §2 "audiences and audience blocking"): customers of a company who must never
 * receive marketing, whatever their consent says. Transactional messages ignore it (docs/areas/mensageria.md).
 * Besides customers, a loose mobile or e-mail (a contact, someone who asked by phone) may be blocked:
 * `cliente_id` null with `celular` and/or `email` (docs/areas/publicos.md "Bloqueio de público"). One
 * row per person: blocking twice keeps the first row (who, when, why).
 */
export const bloqueioPublico = pgTable(
  'bloqueio_publico',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    clienteId: integer().references(() => cliente.id),
    /** Mobile digits with area code (as `cliente.celular`), for a loose block. */
    celular: varchar({ length: 11 }),
    /** Lower case, for a loose block. */
    email: varchar({ length: 254 }),
    motivo: varchar({ length: 200 }),
    origem: varchar({ length: 20 }).notNull().default('MANUAL').$type<'MANUAL' | 'IMPORTACAO' | 'OPT_OUT'>(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bloqueio_publico_cliente_uq').on(t.empresaId, t.clienteId),
    uniqueIndex('bloqueio_publico_celular_uq')
      .on(t.empresaId, t.celular)
      .where(sql`${t.clienteId} is null and ${t.celular} is not null`),
    uniqueIndex('bloqueio_publico_email_uq')
      .on(t.empresaId, t.email)
      .where(sql`${t.clienteId} is null and ${t.email} is not null`),
    index('bloqueio_publico_lista_idx').on(t.empresaId, t.criadoEm),
  ],
);

/**
 * The pacing state of one instance (docs/areas/mensageria.md "Ritmo de envio"): the row every outbox
 * worker locks (FOR UPDATE SKIP LOCKED) to reserve the instance's next send, so that N workers in N
 * processes share one rhythm. Platform table, no tenant: only the workers touch it.
 */
export const ritmoInstancia = pgTable('ritmo_instancia', {
  instanciaId: integer()
    .primaryKey()
    .references(() => instanciaWhatsapp.id),
  /** Not before this instant: the per-minute spacing plus jitter, or the end of quiet hours / of the day's cap. */
  proximoEnvioEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The local day (company time zone) `enviadosNoDia` counts. */
  dia: date({ mode: 'string' }),
  enviadosNoDia: integer().notNull().default(0),
});

/**
 * Consent history of an imported contact (docs/decisions/034), like `cliente_consentimento`: the latest
 * row of a channel is what holds. The import records none, so a contact receives marketing only after
 * a "yes" is written here; the unsubscribe link of an e-mail writes the "no".
 */
export const contatoConsentimento = pgTable(
  'contato_consentimento',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    contatoId: integer()
      .notNull()
      .references(() => contato.id),
    canal: varchar({ length: 10 }).notNull().$type<'WHATSAPP' | 'EMAIL'>(),
    concedido: boolean().notNull(),
    origem: varchar({ length: 40 }).notNull(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contato_consentimento_contato_idx').on(t.empresaId, t.contatoId, t.canal, t.criadoEm)],
);

/**
 * Pacing of marketing and automatic e-mail per company (docs/areas/mensageria.md "E-mail na caixa de
 * saída"): the row the e-mail worker locks (FOR UPDATE SKIP LOCKED) to reserve the company's next send,
 * the same pattern as `ritmo_instancia`. Only the workers touch it.
 */
export const ritmoEmail = pgTable('ritmo_email', {
  empresaId: integer()
    .primaryKey()
    .references(() => empresa.id),
  proximoEnvioEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  dia: date({ mode: 'string' }),
  enviadosNoDia: integer().notNull().default(0),
});

/** Platform secrets created on first use (the unsubscribe links' signing key). Not readable by `bonifica_app`. */
export const segredoSistema = pgTable('segredo_sistema', {
  nome: varchar({ length: 40 }).primaryKey(),
  valor: text().notNull(),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
