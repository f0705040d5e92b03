import { bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { instanciaWhatsapp, servidorWhatsapp } from './mensageria.js';
import { usuario } from './usuario.js';

/**
 * Operating the WhatsApp servers (issue 14 §1, docs/areas/mensageria.md): moving an instance to
 * another server and the monitoring runs. Platform tables (no tenant), reached by admin routes only.
 */

/**
 * Moving a company's instance to another server. The instance row stays (queued messages keep
 * pointing at it); a new gateway instance is created on the destination and paired, and when it
 * connects the row switches to it and the old one is deleted from the old server.
 */
export const transferenciaServidor = pgTable(
  'transferencia_servidor',
  {
    id: serial().primaryKey(),
    instanciaId: integer()
      .notNull()
      .references(() => instanciaWhatsapp.id),
    servidorOrigemId: integer()
      .notNull()
      .references(() => servidorWhatsapp.id),
    servidorDestinoId: integer()
      .notNull()
      .references(() => servidorWhatsapp.id),
    /** The instance's name on the old server and on the new one. */
    nomeOrigem: varchar({ length: 80 }).notNull(),
    nomeDestino: varchar({ length: 80 }).notNull(),
    estado: varchar({ length: 10 }).notNull().default('PAREANDO').$type<'PAREANDO' | 'CONCLUIDA' | 'CANCELADA' | 'FALHOU'>(),
    /** sha256 of the webhook secret given to the new gateway instance (the instance's own after the switch). */
    webhookTokenHash: varchar({ length: 64 }).notNull(),
    /** The instance's secret before the switch: late acks of the old server are still accepted for a while. */
    tokenAntigoHash: varchar({ length: 64 }),
    qrCode: text(),
    codigoPareamento: varchar({ length: 20 }),
    antigaRemovida: boolean().notNull().default(false),
    erro: text(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('transferencia_servidor_instancia_idx').on(t.instanciaId, t.criadoEm)],
);

/** One monitoring run: every active server and instance checked once. */
export const execucaoMonitoramento = pgTable(
  'execucao_monitoramento',
  {
    id: serial().primaryKey(),
    origem: varchar({ length: 10 }).notNull().$type<'AGENDADA' | 'MANUAL'>(),
    status: varchar({ length: 10 }).notNull().default('EXECUTANDO').$type<'EXECUTANDO' | 'OK' | 'ALERTA' | 'FALHA'>(),
    servidores: smallint().notNull().default(0),
    instancias: integer().notNull().default(0),
    falhas: integer().notNull().default(0),
    alertas: integer().notNull().default(0),
    usuarioId: integer().references(() => usuario.id),
    iniciadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('execucao_monitoramento_iniciado_idx').on(t.iniciadoEm)],
);

/** What one run found about one server or instance. */
export const verificacaoMonitoramento = pgTable(
  'verificacao_monitoramento',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    execucaoId: integer()
      .notNull()
      .references(() => execucaoMonitoramento.id),
    alvo: varchar({ length: 10 }).notNull().$type<'SERVIDOR' | 'INSTANCIA'>(),
    servidorId: integer()
      .notNull()
      .references(() => servidorWhatsapp.id),
    instanciaId: integer().references(() => instanciaWhatsapp.id),
    situacao: varchar({ length: 10 }).notNull().$type<'OK' | 'ALERTA' | 'FALHA'>(),
    detalhe: text().notNull(),
    latenciaMs: integer(),
  },
  (t) => [index('verificacao_monitoramento_execucao_idx').on(t.execucaoId)],
);
