// Opening the bench database on either engine, and preparing a fresh one with the app's own
// migrations and demo seed (apps/api/src/db/seed-cli.ts), so the bench runs on the real schema.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import pg from 'pg';

/** Names the bench may drop and recreate: never the test suite's or the server's own databases. */
const PROIBIDOS = new Set(['test', 'postgres', 'template0', 'template1', 'root']);

export function nomeDoBanco(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Runs `fn` on the server's `postgres` database, for a bench database whose name is safe to drop. */
async function comoAdministrador(url, fn) {
  const nome = nomeDoBanco(url);
  if (!/^[a-z_][a-z0-9_]*$/.test(nome) || PROIBIDOS.has(nome)) throw new Error(`Nome de banco recusado para o bench: "${nome}" (use por exemplo bonifica_bench).`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await fn(c, nome);
  } finally {
    await c.end();
  }
}

/** Drops and recreates the database of `url` (PostgreSQL) or empties `dir` (PGlite). */
export async function recriar({ url, dir, substituir }) {
  if (url) {
    await comoAdministrador(url, (c, nome) => c.query(`drop database if exists ${nome} with (force)`).then(() => c.query(`create database ${nome}`)));
    return;
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!substituir) throw new Error(`A pasta ${dir} já tem dados: use --substituir para apagá-la.`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Drops the database of `url` (PostgreSQL) or deletes `dir` (PGlite): a bench's own scratch data. */
export async function apagar({ url, dir }) {
  if (url) {
    await comoAdministrador(url, (c, nome) => c.query(`drop database if exists ${nome} with (force)`));
    return;
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The benches run the built app (dist/): a fresh clone says what to do instead of a module-not-found trace. */
export function exigirBuild() {
  for (const f of ['packages/contracts/dist/index.js', 'apps/api/dist/server.js']) {
    if (!existsSync(f)) throw new Error(`Falta ${f}: rode \`npm run build\` antes do bench.`);
  }
}

/** Migrations and demo data through the app itself (company 1 with its branches, users, rule). */
export function migrarESemear({ url, dir }) {
  exigirBuild();
  const env = { ...process.env, LOG_LEVEL: 'warn', CEP_PROVIDER: 'sandbox' };
  if (url) env.DATABASE_URL = url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dir;
  }
  const r = spawnSync('npx', ['tsx', 'apps/api/src/db/seed-cli.ts'], { env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('Falha ao migrar e semear o banco do bench.');
}

/** A tiny common interface: `q(sql)` returns rows; `fechar()`. */
export async function abrir({ url, dir }) {
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return { engine: 'postgres', q: async (s) => (await c.query(s)).rows, fechar: () => c.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  return { engine: 'pglite', q: async (s) => (await db.query(s)).rows, fechar: () => db.close() };
}
