import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { cliente } from './programa.js';
import { usuario } from './usuario.js';

/**
 * Audiences (issue 14 §3, docs/areas/publicos.md): saved filters over the customers of a company,
 * compiled to one parameterised SELECT (modules/publico/compilador.ts) used by the live count, the
 * statistics and a campaign's selection.
 */
export const publico = pgTable(
  'publico',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 80 }).notNull(),
    descricao: text(),
    /** The conditions as the contract's `CondicoesPublico` (validated on the way in, read back as is). */
    condicoes: jsonb().notNull(),
    usuarioId: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publico_empresa_idx').on(t.empresaId, t.nome)],
);

/** A customer tag (etiqueta) of a company: "VIP", "Atacado"… chosen on the customer's record. */
export const etiqueta = pgTable(
  'etiqueta',
  {
    id: serial().primaryKey(),
    empresaId: integer()
      .notNull()
      .references(() => empresa.id),
    nome: varchar({ length: 40 }).notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etiqueta_nome_uq').on(t.empresaId, t.nome)],
);

export const clienteEtiqueta = pgTable(
  'cliente_etiqueta',
  {
    empresaId: integer().notNull(),
    etiquetaId: integer()
      .notNull()
      .references(() => etiqueta.id, { onDelete: 'cascade' }),
    clienteId: integer()
      .notNull()
      .references(() => cliente.id),
  },
  // Leads with the tag: an audience asks "customers with tag X", never the other way round at volume.
  (t) => [primaryKey({ name: 'cliente_etiqueta_pk', columns: [t.empresaId, t.etiquetaId, t.clienteId] }), index('cliente_etiqueta_cliente_idx').on(t.clienteId)],
);
