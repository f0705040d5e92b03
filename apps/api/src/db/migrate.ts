import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Banco } from './client.js';

export const PASTA_MIGRACOES = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number, the same in every process: several API processes may boot at once on one PostgreSQL. */
const TRAVA_MIGRACAO = 727_001;

/** `pasta`: another copy of the migrations (tests stop half-way to write data in an older shape). */
export async function migrar(banco: Banco, pasta = PASTA_MIGRACOES): Promise<void> {
  if (banco.engine === 'pglite') {
    await migratePglite(banco.db as unknown as PgliteDatabase, { migrationsFolder: pasta });
    return;
  }
  const cliente = new pg.Client({ connectionString: banco.databaseUrl });
  await cliente.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [TRAVA_MIGRACAO]);
    await migratePg(drizzle({ client: cliente }), { migrationsFolder: pasta });
    await exigirPapelDoTenant(cliente);
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [TRAVA_MIGRACAO]).catch(() => undefined);
    await cliente.end();
  }
}

/**
 * Tenant requests run under SET LOCAL ROLE bonifica_app. A non-superuser owner (managed PostgreSQL)
 * cannot grant itself that role in the migration, so we stop at boot with the exact fix instead
 * of failing every request later.
 */
async function exigirPapelDoTenant(cliente: pg.Client): Promise<void> {
  const r = await cliente.query<{ ok: boolean; usuario: string }>(
    "select pg_has_role(current_user, 'bonifica_app', 'MEMBER') as ok, current_user as usuario",
  );
  const linha = r.rows[0];
  if (!linha?.ok) {
    throw new Error(
      `O usuário do banco "${linha?.usuario}" não pode assumir o papel bonifica_app, usado pelo isolamento entre empresas. ` +
        `Rode uma vez, como superusuário: GRANT bonifica_app TO "${linha?.usuario}";`,
    );
  }
}
