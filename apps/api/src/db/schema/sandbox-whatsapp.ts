import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * State of the sandbox WhatsApp gateway (adapters/whatsapp/whatsapp-sandbox.ts, docs/areas/mensageria.md
 * "Gateways"). It plays the part of a gateway server's own storage, so it lives in the database rather
 * than in memory: it survives `npm start` restarting, and every API/worker process on one PostgreSQL
 * sees the same instances, messages and pending webhook calls. Platform data (no tenant, no RLS):
 * reached only by the adapter, as the owner.
 *
 * `servidor` is the gateway server's base URL (one sandbox "server" per registered server row), so the
 * same instance name may exist on two sandbox servers, as on two real ones.
 */
export const sandboxWhatsappInstancia = pgTable(
  'sandbox_whatsapp_instancia',
  {
    servidor: varchar({ length: 300 }).notNull(),
    nome: varchar({ length: 80 }).notNull(),
    /** The instance's own key, sent as `apikey` in every webhook body (as Evolution does). */
    token: varchar({ length: 64 }).notNull(),
    webhookUrl: text().notNull(),
    estado: varchar({ length: 14 }).notNull().default('DESCONECTADA').$type<'CONECTADA' | 'CONECTANDO' | 'DESCONECTADA'>(),
    /** The paired number (digits), once someone "read" the QR code. */
    numero: varchar({ length: 20 }),
    /** What the current QR code encodes and the pairing code; both change on each `conectar`. */
    codigoQr: varchar({ length: 200 }),
    codigoPareamento: varchar({ length: 9 }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.servidor, t.nome] })],
);

/**
 * Every message the sandbox was handed (ENVIADA by us) or "received" from a customer (RECEBIDA). The
 * acks are planned when the message is handed over: its situation at any moment follows from the clock
 * (`enviadaEm`, `entregueEm`, `lidaEm`, `falhouEm`), whether or not the webhook calls got through —
 * as on a real gateway, where WhatsApp acks a message even while our webhook is down.
 */
export const sandboxWhatsappMensagem = pgTable(
  'sandbox_whatsapp_mensagem',
  {
    idGateway: varchar({ length: 40 }).primaryKey(),
    servidor: varchar({ length: 300 }).notNull(),
    instancia: varchar({ length: 80 }).notNull(),
    direcao: varchar({ length: 8 }).notNull().$type<'ENVIADA' | 'RECEBIDA'>(),
    /** The other party's number (digits). */
    numero: varchar({ length: 20 }).notNull(),
    texto: text().notNull(),
    /** The sender's own id of the message (`EnvioMensagem.idLocal`): `situacao` answers by it too (docs/decisions/029). */
    idLocal: varchar({ length: 60 }),
    /** Attachment as handed over (type, mimetype, file name; the content is not kept). */
    midia: jsonb().$type<{ tipo: string; mimetype: string; nomeArquivo: string } | null>(),
    criadoEm: timestamp({ withTimezone: true }).notNull(),
    enviadaEm: timestamp({ withTimezone: true }),
    entregueEm: timestamp({ withTimezone: true }),
    lidaEm: timestamp({ withTimezone: true }),
    falhouEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('sandbox_whatsapp_mensagem_instancia_idx').on(t.servidor, t.instancia, t.criadoEm), index('sandbox_whatsapp_mensagem_local_idx').on(t.idLocal)],
);

/**
 * Webhook calls the sandbox owes: the body in Evolution's format and when it is due. A process claims
 * due rows with FOR UPDATE SKIP LOCKED (two processes never deliver the same call at once) and marks
 * them delivered; a failed call is tried again later, as Evolution retries its webhooks.
 */
export const sandboxWhatsappWebhook = pgTable(
  'sandbox_whatsapp_webhook',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    servidor: varchar({ length: 300 }).notNull(),
    instancia: varchar({ length: 80 }).notNull(),
    url: text().notNull(),
    corpo: jsonb().notNull(),
    entregarEm: timestamp({ withTimezone: true }).notNull(),
    /** A process holds the row until then while it posts it (a crashed process lets it go). */
    reservadoAte: timestamp({ withTimezone: true }),
    tentativas: smallint().notNull().default(0),
    entregueEm: timestamp({ withTimezone: true }),
    /** Gave up after the last attempt (the message's situation is still known by `situacao`). */
    desistiuEm: timestamp({ withTimezone: true }),
    erro: text(),
  },
  (t) => [index('sandbox_whatsapp_webhook_pendente_idx').on(t.entregarEm).where(sql`entregue_em is null and desistiu_em is null`)],
);
