import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { construirApp } from '../../src/app.js';
import { carregarConfig, type Config } from '../../src/config.js';
import { abrirBanco, type Banco } from '../../src/db/client.js';
import { migrar, PASTA_MIGRACOES } from '../../src/db/migrate.js';
import { semearDemo, SENHA_DEMO } from '../../src/db/seed.js';
import type { Adaptadores } from '../../src/adapters/index.js';
import { PUBLIC_URL_DO_MODELO, type BancoModelo } from './banco-modelo.js';
// The app's decorations (`app.tarefas`, `app.swagger()`) are declared where they are made; loaded
// here so the tests' types see them (npm run typecheck covers the tests too).
import type {} from '../../src/lib/tarefas.js';
import type {} from '@fastify/swagger';

export const TOKEN_APP = 'token-de-teste-da-aplicacao';

/**
 * A real app on a fresh database per test file: PGlite in memory, or — in the "postgres"
 * project — a brand-new database on the server of TEST_DATABASE_URL, dropped afterwards. Both start
 * as a copy of the run's model database (banco-modelo.ts) when the file wants the usual start.
 */
export async function criarAppDeTeste(
  opcoes: {
    env?: Record<string, string>;
    adaptadores?: Partial<Adaptadores>;
    semDemo?: boolean;
    logger?: Record<string, unknown>;
    /** Tests of a migration: the database stops at migration `ate` (its tag), `preparar` writes data in that shape, then the rest runs. */
    antesDaMigracao?: { ate: string; preparar: (banco: Banco) => Promise<void> };
  } = {},
) {
  const usarPg = process.env.TEST_ENGINE === 'postgres';
  const modelo = modeloPara(opcoes);
  let nomeBanco: string | null = null;
  let databaseUrl: string | undefined;
  if (usarPg) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL não definido para o projeto postgres');
    nomeBanco = `bonifica_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${nomeBanco}${modelo ? ` template ${modelo.nome}` : ''}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${nomeBanco}`;
    databaseUrl = u.toString();
  }
  const config: Config = carregarConfig({
    LOG_LEVEL: 'silent',
    CLIENT_APP_TOKEN: TOKEN_APP,
    CEP_PROVIDER: 'sandbox',
    WEB_DIST: '/nao-existe',
    // Jobs wait for an explicit run in tests (deterministic); a test asks for TAREFAS=pgboss to use the real queue.
    TAREFAS: 'manual',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opcoes.env,
  });
  const banco: Banco = await abrirBanco({ databaseUrl, dataDir: 'memory://', poolMax: 5, ...(modelo && !usarPg ? { modelo: await openAsBlob(modelo.nome) } : {}) });
  if (opcoes.antesDaMigracao) {
    const parcial = migracoesAte(opcoes.antesDaMigracao.ate);
    try {
      await migrar(banco, parcial);
    } finally {
      rmSync(parcial, { recursive: true, force: true });
    }
    await opcoes.antesDaMigracao.preparar(banco);
  }
  // On a copy of the model this only confirms every migration is applied (and, on PostgreSQL, the tenant role).
  await migrar(banco);
  if (!opcoes.semDemo && !modelo) await semearDemo(banco.db, { publicUrl: config.publicUrl });
  const app = await construirApp({ config, banco, adaptadores: opcoes.adaptadores, logger: opcoes.logger ?? false });
  await app.ready();
  return {
    app,
    banco,
    config,
    /** `ip` is the client's address as the app sees it (request.ip): limits per IP are tested with it. */
    cliente: (ip?: string) => new Cliente(app, ip),
    entrar: async (username: string, senha = SENHA_DEMO, rememberMe = false, ip?: string) => {
      const c = new Cliente(app, ip);
      const r = await c.login(username, senha, rememberMe);
      if (r.statusCode !== 200) throw new Error(`login de ${username} falhou: ${r.statusCode} ${r.body}`);
      return c;
    },
    /**
     * Another API process on the same database (a second app behind the proxy): its own pool on
     * PostgreSQL; on PGlite, which one process opens, the same database handle. For checks that a
     * change made through one app is seen at once by the other (a revoked API token).
     */
    async segundaApp() {
      const outroBanco: Banco = databaseUrl ? await abrirBanco({ databaseUrl, dataDir: 'memory://', poolMax: 5 }) : banco;
      const outra = await construirApp({ config, banco: outroBanco, adaptadores: opcoes.adaptadores, logger: false });
      await outra.ready();
      return {
        app: outra,
        async fechar() {
          await outra.close();
          if (outroBanco !== banco) await outroBanco.close();
        },
      };
    },
    async fechar() {
      await app.close();
      await banco.close();
      if (nomeBanco) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${nomeBanco} with (force)`);
        await admin.end();
      }
    },
  };
}

/** The run's model database, when this file starts as it does: demo data, every migration, the same public URL. */
function modeloPara(opcoes: { env?: Record<string, string>; semDemo?: boolean; antesDaMigracao?: unknown }): BancoModelo | null {
  if (opcoes.semDemo || opcoes.antesDaMigracao || opcoes.env?.PUBLIC_URL !== undefined) return null;
  const modelo = inject('bancoModelo');
  return modelo && modelo.engine === (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite') && modelo.publicUrl === PUBLIC_URL_DO_MODELO ? modelo : null;
}

/** A copy of the migrations whose journal ends at `ate` (included). */
function migracoesAte(ate: string): string {
  const pasta = mkdtempSync(path.join(tmpdir(), 'migracoes-'));
  cpSync(PASTA_MIGRACOES, pasta, { recursive: true });
  const arquivo = path.join(pasta, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(arquivo, 'utf8')) as { entries: { tag: string }[] };
  const fim = journal.entries.findIndex((e) => e.tag === ate);
  if (fim < 0) throw new Error(`migração ${ate} não existe`);
  writeFileSync(arquivo, JSON.stringify({ ...journal, entries: journal.entries.slice(0, fim + 1) }));
  return pasta;
}

export type AppDeTeste = Awaited<ReturnType<typeof criarAppDeTeste>>;

/** A browser stand-in: keeps cookies, echoes XSRF-TOKEN on every request, carries remember-me when asked. */
export class Cliente {
  cookies = new Map<string, string>();
  rememberMe: string | null = null;
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip?: string,
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  private guardar(r: { cookies: { name: string; value: string; expires?: Date }[]; headers: Record<string, unknown> }) {
    for (const c of r.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const rm = r.headers['remember-me'];
    if (typeof rm === 'string') this.rememberMe = rm;
  }

  async requisitar(opcoes: InjectOptions & { semXsrf?: boolean; comRememberMe?: boolean }) {
    const headers: Record<string, string> = { ...(opcoes.headers as Record<string, string>) };
    // Like the SPA (apps/web/src/lib/api.ts): the token rides on every method, since some spec GETs change data.
    if (!opcoes.semXsrf && this.xsrf && !headers['x-xsrf-token']) headers['x-xsrf-token'] = this.xsrf;
    if (opcoes.comRememberMe && this.rememberMe) headers['remember-me'] = this.rememberMe;
    const r = await this.app.inject({ ...(this.ip ? { remoteAddress: this.ip } : {}), ...opcoes, headers, cookies: Object.fromEntries(this.cookies) });
    this.guardar(r);
    return r;
  }

  login(username: string, senha: string, rememberMe = false, token = TOKEN_APP) {
    return this.requisitar({
      method: 'POST',
      url: '/login',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${username}:${senha}`).toString('base64')}`,
        'remember-me': String(rememberMe),
      },
      payload: `token=${encodeURIComponent(token)}`,
    });
  }

  get(url: string, extra: { comRememberMe?: boolean; semXsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.requisitar({ method: 'GET', url, ...extra });
  }
  /** Fastify answers HEAD on every GET route by running the GET handler (issue 12 §2). */
  head(url: string, extra: { semXsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.requisitar({ method: 'HEAD', url, ...extra });
  }
  post(url: string, payload: unknown = {}, extra: { semXsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.requisitar({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
  }
  delete(url: string) {
    return this.requisitar({ method: 'DELETE', url });
  }
}

/** The envelope of a reply, typed loosely for assertions. */
export function env<T = unknown>(r: { json: () => unknown }) {
  return r.json() as { hasError: boolean; messageError: string | null; result: T; results: T extends unknown[] ? T : unknown[] };
}
