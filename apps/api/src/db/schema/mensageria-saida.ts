import { date, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';
import { instanciaWhatsapp } from './mensageria.js';

/**
 * Audience blocking (spec §2 "audiences and audience blocking"): customers of a company who must never
 * receive marketing, whatever their consent says. Transactional messages ignore it (docs/areas/mensageria.md).
 */
export const bloqueioPublico = pgTable(
  'bloqueio_publico',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
    motivo: varchar({ length: 200 }),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bloqueio_publico_cliente_uq').on(t.empresaId, t.clienteId)],
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
