// Shared by the benches that run on a generated data set (gerar-dados.mjs): start the API on that
// database, log in, and run autocannon with the p95 the way RESULTS.md reports it.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * The API from source (tsx) on an existing database: `url` (PostgreSQL) or `dir` (PGlite). Source,
 * not dist, so the bench measures the code in the tree without a build step; the request path is
 * the same JavaScript once loaded.
 */
export async function iniciarApi({ url, dir, porta }) {
  const env = { ...process.env, PORT: String(porta), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'false', CEP_PROVIDER: 'sandbox' };
  if (url) {
    env.DATABASE_URL = url;
    env.DATABASE_POOL_MAX = '20';
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dir;
  }
  const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${porta}`;
  // Migrations run at boot: a new index on a million rows takes a while.
  for (let i = 0; i < 6000; i++) {
    if (filho.exitCode !== null) throw new Error('A API terminou durante a partida.');
    try {
      if ((await fetch(`${base}/services/config/nomesistema`)).ok) break;
    } catch {
      /* ainda subindo */
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    base,
    async parar() {
      filho.kill('SIGTERM');
      await new Promise((ok) => filho.once('exit', ok));
    },
  };
}

/** Logs in as a demo user and returns the headers of an authenticated JSON call (cookies + XSRF). */
export async function entrar(base, usuario = 'gerente') {
  const r = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${usuario}:demo1234`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'token=bonifica-backoffice-web',
  });
  const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
}

export function rodar(opcoes) {
  return new Promise((ok, falha) => autocannon(opcoes, (e, r) => (e ? falha(e) : ok(r))));
}

/** autocannon reports p90, p97.5 and p99; p95 is interpolated between p90 and p97.5 (as in RESULTS.md). */
export function resumo(r) {
  const p95 = Math.round((r.latency.p90 + (r.latency.p97_5 - r.latency.p90) * (5 / 7.5)) * 100) / 100;
  return { reqPorSeg: Math.round(r.requests.average), p50ms: r.latency.p50, p95ms: p95, p99ms: r.latency.p99, erros: r.errors + r.non2xx };
}

/** Where the generated data lives, from --pg / --pglite (the same flags as gerar-dados.mjs). */
export function alvoDosArgumentos(argv = process.argv.slice(2)) {
  const i = argv.indexOf('--pg');
  const j = argv.indexOf('--pglite');
  if (i >= 0) return { url: argv[i + 1], engine: 'postgres' };
  if (j >= 0) return { dir: argv[j + 1], engine: 'pglite' };
  throw new Error('Use --pg <url do banco gerado> ou --pglite <pasta gerada>.');
}
