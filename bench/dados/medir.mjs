// Shared by the benches that run on a generated data set (gerar-dados.mjs): start the API on that
// database, log in, run autocannon with the p95 the way RESULTS.md reports it, and follow the API's memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import autocannon from 'autocannon';

/**
 * The API from source (tsx) on an existing database: `url` (PostgreSQL) or `dir` (PGlite). Source,
 * not dist, so the bench measures the code in the tree without a build step; the request path is
 * the same JavaScript once loaded.
 */
export async function iniciarApi({ url, dir, porta, perfil }) {
  const env = { ...process.env, PORT: String(porta), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'false', CEP_PROVIDER: 'sandbox' };
  if (url) {
    env.DATABASE_URL = url;
    env.DATABASE_POOL_MAX = '20';
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dir;
  }
  // `perfil`: a folder for a CPU profile of the API (node --cpu-prof; written when it stops).
  const argumentos = [...(perfil ? ['--cpu-prof', `--cpu-prof-dir=${perfil}`] : []), '--import', 'tsx', 'apps/api/src/server.ts'];
  const filho = spawn(process.execPath, argumentos, { env, stdio: ['ignore', 'inherit', 'inherit'] });
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
    /** The API process itself (node runs server.ts; tsx is a loader, not a child), for memory samples. */
    pid: filho.pid,
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

/** Resident memory of a process in MB, from /proc (Linux): what the operating system really gives it. */
export function rssMB(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Samples a process's RSS every `intervaloMs` until `parar()`, which returns the RSS at the start,
 * the peak and the growth (peak − start), in MB. The sampling is a file read: it costs the measured
 * process nothing.
 */
export function acompanharMemoria(pid, intervaloMs = 100) {
  const inicial = rssMB(pid);
  let pico = inicial;
  const timer = setInterval(() => {
    try {
      pico = Math.max(pico, rssMB(pid));
    } catch {
      /* o processo terminou */
    }
  }, intervaloMs);
  return {
    parar() {
      clearInterval(timer);
      try {
        pico = Math.max(pico, rssMB(pid));
      } catch {
        /* o processo terminou */
      }
      const r = (v) => Math.round(v * 10) / 10;
      return { rssInicialMB: r(inicial), rssPicoMB: r(pico), crescimentoMB: r(pico - inicial) };
    },
  };
}
