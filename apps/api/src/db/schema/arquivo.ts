import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { empresa } from './empresa.js';
import { bytea } from './tipos.js';

/**
 * An uploaded image (logos, white label; docs/areas/manutencao.md § Arquivos): its type is the one
 * sniffed from its first bytes, never the one the browser sent. `empresa_id` null = a file of the
 * service itself (uploaded by the system administrator, e.g. the white-label logo), served to anyone.
 */
export const arquivo = pgTable(
  'arquivo',
  {
    id: serial().primaryKey(),
    empresaId: integer().references(() => empresa.id),
    nome: varchar({ length: 160 }).notNull(),
    tipo: varchar({ length: 40 }).notNull(),
    tamanho: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    dados: bytea().notNull(),
    usuarioId: integer(),
    /** What a file of the service is for ('topoAngular', 'favicon' of the white label): one of each at most. */
    papel: varchar({ length: 20 }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('arquivo_empresa_idx').on(t.empresaId, t.criadoEm),
    uniqueIndex('arquivo_papel_servico_uq').on(t.papel).where(sql`${t.empresaId} is null and ${t.papel} is not null`),
  ],
);
