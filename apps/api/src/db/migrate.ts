import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Banco } from './client.js';

const pasta = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number, the same in every process: several API processes may boot at once on one PostgreSQL. */
const TRAVA_MIGRACAO = 727_001;

export async function migrar(banco: Banco): Promise<void> {
  if (banco.engine === 'pglite') {
    await migratePglite(banco.db as unknown as PgliteDatabase, { migrationsFolder: pasta });
    return;
  }
  const cliente = new pg.Client({ connectionString: banco.databaseUrl });
  await cliente.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [TRAVA_MIGRACAO]);
    await migratePg(drizzle({ client: cliente }), { migrationsFolder: pasta });
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [TRAVA_MIGRACAO]).catch(() => undefined);
    await cliente.end();
  }
}
