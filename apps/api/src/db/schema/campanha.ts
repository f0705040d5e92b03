import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente, contato } from './programa.js';
import { usuario } from './usuario.js';
import { publico } from './publico.js';
import { modeloMensagem } from './mensagem-modelo.js';
import { loteMensagem } from './mensageria.js';

/**
 * Campaigns (issue 14 §3, docs/areas/mensageria.md "Campanhas"). A draft until it is fired; firing
 * creates its `lote_mensagem` and writes every participant (sending group and holdout) in one
 * statement. The shown status (AGENDADA, ENVIANDO, PAUSADA…) is read from the batch, never kept twice.
 */
export const campanha = pgTable(
  'campanha',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 120 }).notNull(),
    /** Null once the audience or the template is deleted: the participants stay. */
    publicoId: integer().references(() => publico.id, { onDelete: 'set null' }),
    modeloId: integer().references(() => modeloMensagem.id, { onDelete: 'set null' }),
    canal: varchar({ length: 10 }).notNull().default('WHATSAPP').$type<'WHATSAPP' | 'EMAIL'>(),
    agenda: varchar({ length: 10 }).notNull().default('AGORA').$type<'AGORA' | 'DATA' | 'ESPALHADA'>(),
    agendadaPara: timestamp({ withTimezone: true }),
    diasEspalhar: smallint(),
    controlePercentual: smallint().notNull().default(10),
    diasAtribuicao: smallint().notNull().default(7),
    cupom: varchar({ length: 40 }),
    link: varchar({ length: 300 }),
    /** The holdout draw's seed (recorded: the same seed and customer always fall in the same group). */
    semente: varchar({ length: 32 }),
    loteId: integer().references(() => loteMensagem.id),
    disparadaEm: timestamp({ withTimezone: true }),
    /** From when messages may go out (and sales count for the results). */
    inicioEm: timestamp({ withTimezone: true }),
    participantesEnvio: integer().notNull().default(0),
    participantesControle: integer().notNull().default(0),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campanha_empresa_idx').on(t.empresaId, t.criadoEm)],
);

/**
 * Who a fired campaign reached: the sending group (with its message) and the holdout (no message).
 * A participant is a customer or an imported contact (docs/decisions/034): exactly one of the two ids.
 */
export const campanhaParticipante = pgTable(
  'campanha_participante',
  {
    campanhaId: integer()
      .notNull()
      .references(() => campanha.id),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    clienteId: integer().references(() => cliente.id),
    contatoId: integer().references(() => contato.id),
    grupo: varchar({ length: 8 }).notNull().$type<'ENVIO' | 'CONTROLE'>(),
    mensagemSaidaId: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('campanha_participante_cliente_uq').on(t.campanhaId, t.clienteId).where(sql`${t.clienteId} is not null`),
    uniqueIndex('campanha_participante_contato_uq').on(t.campanhaId, t.contatoId).where(sql`${t.contatoId} is not null`),
    index('campanha_participante_grupo_idx').on(t.campanhaId, t.grupo),
    check('campanha_participante_um_alvo', sql`(${t.clienteId} is null) <> (${t.contatoId} is null)`),
  ],
);
