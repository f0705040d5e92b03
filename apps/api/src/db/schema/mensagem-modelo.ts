import { boolean, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { arquivo } from './arquivo.js';
import { empresa } from './empresa.js';
import { loteMensagem } from './mensageria.js';

/**
 * Message templates and automatic messages (issue 14 §3, docs/areas/mensageria.md "Modelos e
 * mensagens automáticas"). A template's text carries variables such as {nome} and {saldo_cashback},
 * rendered by one SQL expression per template (modules/mensagem/renderizacao.ts).
 */
export const modeloMensagem = pgTable(
  'modelo_mensagem',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 80 }).notNull(),
    canal: varchar({ length: 10 }).notNull().$type<'WHATSAPP' | 'EMAIL'>(),
    /** E-mail subject (may carry variables too); null for WhatsApp. */
    assunto: varchar({ length: 200 }),
    texto: text().notNull(),
    /** Image or PDF sent with the text (an `arquivo` of the same company). */
    arquivoId: integer().references(() => arquivo.id, { onDelete: 'set null' }),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('modelo_mensagem_nome_uq').on(t.empresaId, t.nome)],
);

export type GatilhoAutomatica = 'BOAS_VINDAS' | 'CASHBACK_GANHO' | 'SALDO_VENCENDO' | 'ANIVERSARIO' | 'INATIVO';

/** One automatic message of a company per trigger: on/off, template, channel, N days and the daily hour. */
export const mensagemAutomatica = pgTable(
  'mensagem_automatica',
  {
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    gatilho: varchar({ length: 16 }).notNull().$type<GatilhoAutomatica>(),
    ativo: boolean().notNull().default(false),
    modeloId: integer().references(() => modeloMensagem.id),
    canal: varchar({ length: 10 }).notNull().default('WHATSAPP').$type<'WHATSAPP' | 'EMAIL'>(),
    /** SALDO_VENCENDO: days before the lot lapses; INATIVO: days without a purchase. */
    dias: smallint(),
    /** Daily triggers: "HH:MM" in the company's time zone. */
    horario: varchar({ length: 5 }).notNull().default('10:00'),
    /** Fixed values for {cupom} and {link} in this message. */
    cupom: varchar({ length: 40 }),
    link: varchar({ length: 300 }),
    /** Local day of the last daily run (the scheduler runs each trigger once a day, after `horario`). */
    ultimaRodada: date({ mode: 'string' }),
    /**
     * Event triggers: the job reads customers/sales created since here (less an overlap, so a
     * transaction that committed late is not missed; the unique key drops what was already sent).
     * Set when the message is turned on, so turning it on does not write to the whole base.
     */
    eventosDesde: timestamp({ withTimezone: true }),
    /** When the message was last turned on: the overlap above never reaches before it. */
    ativadaEm: timestamp({ withTimezone: true }),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.empresaId, t.gatilho] })],
);

/**
 * What an automatic message queued, one row per customer and reason: `motivo` names the fact (the
 * credit lot, the birthday's year, the last purchase, the sale…), unique with the trigger and the
 * customer, so no run ever sends the same message twice for the same reason.
 */
export const envioAutomatica = pgTable(
  'envio_automatica',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    gatilho: varchar({ length: 16 }).notNull().$type<GatilhoAutomatica>(),
    clienteId: integer().notNull(),
    motivo: varchar({ length: 40 }).notNull(),
    /** Its outbox row points back here: mensagem_saida.origem = 'AUTOMATICA', origem_id = this id. */
    loteId: integer().references(() => loteMensagem.id),
    canal: varchar({ length: 10 }).notNull().$type<'WHATSAPP' | 'EMAIL'>(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('envio_automatica_uq').on(t.empresaId, t.gatilho, t.clienteId, t.motivo), index('envio_automatica_empresa_idx').on(t.empresaId, t.criadoEm)],
);
