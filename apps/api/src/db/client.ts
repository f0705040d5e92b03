import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query' | 'selectDistinct'>;

export type Banco = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PostgreSQL only: for the transactions whose statements travel in groups (lib/transacao-agrupada.ts). */
  pool?: pg.Pool;
  databaseUrl?: string;
  close: () => Promise<void>;
};

/** Bigint and numeric come back as strings from node-postgres; counts are small, so parse them. */
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

const BYTEA = 17;
/**
 * PGlite's own bytea codec converts byte by byte in JavaScript (~14 ms per 64 KB written, ~11 s
 * for 20 MB), all of it on the app's thread; Node's hex codec does the same in native code (~5 ms
 * and ~1,5 s). Decision 020 (uploads written in parts).
 */
const BYTEA_RAPIDO = {
  serializers: {
    [BYTEA]: (v: unknown) => {
      if (!(v instanceof Uint8Array)) throw new TypeError('bytea: esperava bytes (Uint8Array).');
      return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA]: (texto: string) => Buffer.from(texto.slice(2), 'hex') },
};

/**
 * `modelo` (PGlite only): a data directory dumped by `dumpDataDir` to start from — the tests' copy of
 * a database already migrated and seeded once (test/apoio/banco-modelo.ts).
 */
export async function abrirBanco(opcoes: { databaseUrl?: string; dataDir?: string; poolMax?: number; modelo?: Blob }): Promise<Banco> {
  if (opcoes.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opcoes.databaseUrl, max: opcoes.poolMax ?? 10 });
    // An idle connection dropped by the server (restart, failover, terminate) must not crash the
    // process: pg discards that client by itself and the next query opens a fresh one.
    pool.on('error', (e) => console.warn(`Conexão ociosa com o PostgreSQL perdida: ${e.message}`));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { db, engine: 'postgres', pool, databaseUrl: opcoes.databaseUrl, close: () => pool.end() };
  }
  const dir = opcoes.dataDir;
  if (dir && !dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const cliente = await PGlite.create(dir ?? 'memory://', {
    extensions: { unaccent, pg_trgm },
    serializers: BYTEA_RAPIDO.serializers,
    parsers: BYTEA_RAPIDO.parsers,
    ...(opcoes.modelo ? { loadDataDir: opcoes.modelo } : {}),
  });
  const db = drizzlePglite({ client: cliente, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, engine: 'pglite', close: () => cliente.close() };
}
