import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { instanciaWhatsapp } from './mensageria.js';

// bloqueio_publico (audience blocking) is defined with the audiences: ./publico.ts.

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
