import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente, contato } from './programa.js';
import { usuario } from './usuario.js';

/**
 * Messaging (issue 14, docs/areas/mensageria.md): WhatsApp gateway servers run by the platform, the
 * instances (numbers) on them, one outbox for every channel, batches and the raw webhook events.
 */

/** A gateway server of the platform (admin only, no tenant). New instances go to the first with room, by `ordem`. */
export const servidorWhatsapp = pgTable('servidor_whatsapp', {
  id: serial().primaryKey(),
  nome: varchar({ length: 80 }).notNull(),
  tipo: varchar({ length: 12 }).notNull().$type<'evolution' | 'sandbox'>(),
  baseUrl: varchar({ length: 300 }).notNull(),
  /** The server's global key (Evolution `apikey`); never sent back to the browser. */
  chave: varchar({ length: 200 }).notNull(),
  /** How many instances it may host. */
  capacidade: integer().notNull(),
  ordem: integer().notNull().default(0),
  ativo: boolean().notNull().default(true),
  /** Last monitoring result: OK, FALHA (with `ultimoErro`). */
  situacao: varchar({ length: 12 }).notNull().default('DESCONHECIDA').$type<'DESCONHECIDA' | 'OK' | 'FALHA'>(),
  ultimoErro: text(),
  verificadoEm: timestamp({ withTimezone: true }),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A WhatsApp number on a gateway server. `empresa_id` null = the platform's shared number (the
 * COMPARTILHADO contract), used by every company that contracted it.
 */
export const instanciaWhatsapp = pgTable(
  'instancia_whatsapp',
  {
    id: serial().primaryKey(),
    empresaId: integer().references(() => empresa.id),
    servidorId: integer()
      .notNull()
      .references(() => servidorWhatsapp.id),
    /** The instance name on the gateway (unique per server). */
    nome: varchar({ length: 80 }).notNull(),
    estado: varchar({ length: 14 }).notNull().default('DESCONECTADA').$type<'CONECTADA' | 'CONECTANDO' | 'DESCONECTADA'>(),
    numero: varchar({ length: 20 }),
    /** Latest QR code / pairing code while pairing (cleared once connected). */
    qrCode: text(),
    codigoPareamento: varchar({ length: 20 }),
    /** sha256 of the secret in the webhook URL this instance's events must carry. */
    webhookTokenHash: varchar({ length: 64 }).notNull(),
    /** When the number was (re)paired: the warm-up ramp counts days from here. */
    pareadaEm: timestamp({ withTimezone: true }),
    /** Truthful state: when a message really went out and when the last ack came back. */
    ultimoEnvioEm: timestamp({ withTimezone: true }),
    ultimoAckEm: timestamp({ withTimezone: true }),
    /** Pacing (null = documented defaults): messages per minute, per day, quiet hours "22:00"-"08:00". */
    porMinuto: smallint(),
    porDia: integer(),
    silencioInicio: varchar({ length: 5 }),
    silencioFim: varchar({ length: 5 }),
    /** Sending paused by the company or by the platform. */
    pausada: boolean().notNull().default(false),
    ativa: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instancia_whatsapp_empresa_idx').on(t.empresaId), uniqueIndex('instancia_whatsapp_nome_uq').on(t.servidorId, t.nome)],
);

/** A batch of messages (a campaign run, an automatic message's daily run): started, paused, cancelled as one. */
export const loteMensagem = pgTable(
  'lote_mensagem',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 120 }).notNull(),
    origem: varchar({ length: 20 }).notNull(),
    origemId: integer(),
    status: varchar({ length: 12 }).notNull().default('ATIVO').$type<'ATIVO' | 'PAUSADO' | 'CANCELADO' | 'CONCLUIDO'>(),
    total: integer().notNull().default(0),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('lote_mensagem_empresa_idx').on(t.empresaId, t.criadoEm)],
);

export type StatusMensagem = 'FILA' | 'ENVIANDO' | 'ENVIADA' | 'ENTREGUE' | 'LIDA' | 'FALHOU' | 'CANCELADA' | 'REVISAR';

/**
 * One message of the outbox, any channel. ENVIANDO is written (committed) before the gateway is
 * called: a row found ENVIANDO after a crash has an unknown fate and is reconciled, never re-sent
 * blindly. REVISAR = fate unknown after reconciliation, for a person to decide.
 */
export const mensagemSaida = pgTable(
  'mensagem_saida',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    canal: varchar({ length: 10 }).notNull().$type<'WHATSAPP' | 'EMAIL'>(),
    loteId: integer().references(() => loteMensagem.id),
    instanciaId: integer().references(() => instanciaWhatsapp.id),
    clienteId: integer().references(() => cliente.id),
    /** An imported contact (campaigns that include contacts): then `clienteId` is null. */
    contatoId: integer().references(() => contato.id),
    /** Phone digits with country code, or an e-mail address. */
    para: varchar({ length: 160 }).notNull(),
    assunto: varchar({ length: 200 }),
    texto: text().notNull(),
    /** Attachment: an `arquivo` id. */
    arquivoId: integer(),
    /** Where it came from: CAMPANHA, AUTOMATICA, CUPOM, FATURA, TESTE… and that record's id. */
    origem: varchar({ length: 20 }).notNull(),
    origemId: integer(),
    /** Marketing needs consent and no audience block; transactional follows its own rule. */
    marketing: boolean().notNull().default(false),
    status: varchar({ length: 10 }).notNull().default('FILA').$type<StatusMensagem>(),
    tentativas: smallint().notNull().default(0),
    proximaTentativaEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    idGateway: varchar({ length: 120 }),
    erro: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviandoEm: timestamp({ withTimezone: true }),
    enviadaEm: timestamp({ withTimezone: true }),
    entregueEm: timestamp({ withTimezone: true }),
    lidaEm: timestamp({ withTimezone: true }),
    /** A person's decision on a REVISAR message (decision 035): REENVIAR, DAR_COMO_ENVIADA or DESCARTAR, who and when. */
    revisao: varchar({ length: 20 }).$type<'REENVIAR' | 'DAR_COMO_ENVIADA' | 'DESCARTAR'>(),
    revisadaPor: integer().references(() => usuario.id),
    revisadaEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The outbox screen's "waiting for a decision" count and filter, without reading the company's whole outbox.
    index('mensagem_saida_revisar_idx')
      .on(t.empresaId, t.criadoEm)
      .where(sql`${t.status} = 'REVISAR'`),
    index('mensagem_saida_fila_idx').on(t.status, t.proximaTentativaEm),
    index('mensagem_saida_empresa_idx').on(t.empresaId, t.criadoEm),
    index('mensagem_saida_lote_idx').on(t.loteId, t.status),
    index('mensagem_saida_gateway_idx').on(t.instanciaId, t.idGateway),
  ],
);

/**
 * A webhook call from a gateway, stored raw before anything else and processed once: `chave` is the
 * event's own identity (instance + event + message id/status), unique, so a retried delivery is a no-op.
 */
export const eventoWhatsapp = pgTable(
  'evento_whatsapp',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    instanciaId: integer()
      .notNull()
      .references(() => instanciaWhatsapp.id),
    chave: varchar({ length: 200 }).notNull(),
    corpo: jsonb().notNull(),
    recebidoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processadoEm: timestamp({ withTimezone: true }),
    erro: text(),
  },
  (t) => [uniqueIndex('evento_whatsapp_chave_uq').on(t.instanciaId, t.chave), index('evento_whatsapp_pendente_idx').on(t.processadoEm)],
);
