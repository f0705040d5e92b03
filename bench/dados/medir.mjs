// Shared by the benches that run on a generated data set (gerar-dados.mjs): start the API on that
// database, log in, run autocannon with the p95 the way RESULTS.md reports it, and follow the API's memory.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import autocannon from 'autocannon';
import { clienteCru, linhasDeCabecalho } from './http-cru.mjs';

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

/**
 * POSTs under load, as counters do: one Idempotency-Key per call and a body from `corpo()`, for
 * `segundos`. Without `taxa`, as fast as `conexoes` connections go (autocannon, closed loop: the
 * saturation point, where latency is connections / throughput by Little's law). With `taxa`, an open
 * loop at that many calls per second in all, one call every 1/taxa s (`postarEmTaxa`): the latency at a
 * given throughput, which is what a target like "≥ 500/s with p99 ≤ 50 ms" asks. (autocannon's own
 * overallRate sends each second's quota back to back and then waits: bursts, not a rate.) `aquecer`
 * seconds run first and are discarded (a process's first seconds compile and prepare its statements).
 * Returns the summary, with `pidApi` the CPU per call (cpuPorChamada), and, when some call was
 * refused, what it answered.
 */
export async function postarEmCarga({ url, cabecalhos, corpo, conexoes, segundos, taxa, aquecer = 0, pidApi }) {
  const medir = async (duracao) => {
    const antes = pidApi ? amostrarCpu(pidApi) : null;
    const recusas = new Map();
    const recusar = (status, body) => recusas.set(`${status} ${body.slice(0, 200)}`, (recusas.get(`${status} ${body.slice(0, 200)}`) ?? 0) + 1);
    const r = taxa
      ? await postarEmTaxa({ url, cabecalhos, corpo, conexoes, segundos: duracao, taxa, recusar })
      : resumo(
          await rodar({
            url,
            method: 'POST',
            connections: conexoes,
            duration: duracao,
            headers: cabecalhos,
            requests: [
              {
                setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(corpo()) }),
                onResponse: (status, body) => status >= 300 && recusar(status, body),
              },
            ],
          }),
        );
    const cpu = antes ? cpuPorChamada(antes, amostrarCpu(pidApi), r.reqPorSeg) : null;
    return { conexoes, ...(taxa ? { taxaOferecida: taxa } : {}), ...r, ...(cpu ? { cpu } : {}), ...(recusas.size > 0 ? { recusas: Object.fromEntries(recusas) } : {}) };
  };
  if (aquecer > 0) await medir(aquecer);
  return medir(segundos);
}

/**
 * Open loop: call k is due at start + k/taxa and is sent then (or as soon as one of `conexoes`
 * keep-alive sockets is free); its latency counts from when it was due, so a server that falls behind
 * shows it in the percentiles instead of slowing the generator down (no coordinated omission).
 */
async function postarEmTaxa({ url, cabecalhos, corpo, conexoes, segundos, taxa, recusar }) {
  const cliente = clienteCru(url, conexoes);
  const fixos = linhasDeCabecalho(cabecalhos);
  const total = Math.round(taxa * segundos);
  const latencias = [];
  // The p99 of each 10 s: a background job or a checkpoint shows as one bad window, a slow path as all of them.
  const porJanela = Array.from({ length: Math.ceil(segundos / 10) }, () => []);
  const inicio = performance.now();
  let erros = 0;
  const enviar = (devido) =>
    cliente.enviar(`${fixos}idempotency-key: ${randomUUID()}\r\n`, JSON.stringify(corpo())).then(
      (r) => {
        const ms = performance.now() - devido;
        latencias.push(ms);
        porJanela[Math.floor((devido - inicio) / 10_000)]?.push(ms);
        if (r.status >= 300) {
          erros++;
          recusar(r.status, r.corpo);
        }
      },
      () => erros++,
    );
  const pendentes = [];
  for (let k = 0; k < total; k++) {
    const devido = inicio + (k * 1000) / taxa;
    const espera = devido - performance.now();
    if (espera >= 1) await new Promise((ok) => setTimeout(ok, espera));
    pendentes.push(enviar(devido));
  }
  await Promise.all(pendentes);
  const segundosReais = (performance.now() - inicio) / 1000;
  cliente.fechar();
  latencias.sort((a, b) => a - b);
  const quantil = (l, q) => Math.round(l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? NaN);
  const p = (q) => quantil(latencias, q);
  const p99Por10s = porJanela.map((l) => quantil(l.sort((a, b) => a - b), 0.99));
  return { reqPorSeg: Math.round(latencias.length / segundosReais), p50ms: p(0.5), p95ms: p(0.95), p99ms: p(0.99), maxMs: p(1), erros, p99Por10s };
}

// Clock ticks of /proc/<pid>/stat (USER_HZ: 100 on every Linux this runs on).
const TICKS_POR_SEGUNDO = 100;

/** A process's CPU seconds, with those of its children that ended (the postmaster's: backends that closed). */
function segundosDeCpu(pid) {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return campos.slice(11, 15).reduce((s, c) => s + Number(c), 0) / TICKS_POR_SEGUNDO;
  } catch {
    return 0; // the process ended between the listing and the read
  }
}

/**
 * CPU seconds so far (Linux /proc) of the API process and of the machine's PostgreSQL processes
 * (every process named postgres: backends, WAL writer, checkpointer, autovacuum, and through the
 * postmaster those that ended; nothing to measure when the server is elsewhere or the engine is
 * PGlite, which runs inside the API), this process's (the load generator), and how long the API's
 * main thread has waited for a CPU while ready to run (schedstat).
 */
function amostrarCpu(pidApi) {
  const postgres = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
  const [, esperaNs] = readFileSync(`/proc/${pidApi}/task/${pidApi}/schedstat`, 'utf8').split(' ').map(Number);
  const carga = process.cpuUsage();
  return {
    api: segundosDeCpu(pidApi),
    pg: postgres.reduce((s, p) => s + segundosDeCpu(p), 0),
    carga: (carga.user + carga.system) / 1e6,
    espera: esperaNs / 1e9,
    t: performance.now(),
  };
}

/**
 * CPU per call between two samples: what a call costs the API and PostgreSQL, whatever the machine
 * does in that minute. On a shared 2-core machine the calls per second of the same code swing by
 * ±20 % from one minute to the next, the CPU per call by a few percent (bench/RESULTS.md, 28/11):
 * it is the yardstick of a change on the sale path. `cargaMsPorChamada`: this process, the load
 * generator, which shares the machine here and would not in production. `esperaFioPrincipalPct`:
 * share of the time the API's one JavaScript thread was ready but had no CPU.
 */
function cpuPorChamada(a, b, chamadasPorSeg) {
  const segundos = (b.t - a.t) / 1000;
  const chamadas = chamadasPorSeg * segundos;
  const ms = (s) => Math.round((s * 1e6) / chamadas) / 1000;
  return {
    apiMsPorChamada: ms(b.api - a.api),
    pgMsPorChamada: ms(b.pg - a.pg),
    cargaMsPorChamada: ms(b.carga - a.carga),
    esperaFioPrincipalPct: Math.round(((b.espera - a.espera) / segundos) * 100),
  };
}

/** The load options every sales-like bench takes: --conexoes, --segundos, --taxa (calls/s in all), --aquecer (s). */
export const OPCOES_DE_CARGA = { conexoes: { type: 'string' }, segundos: { type: 'string' }, taxa: { type: 'string' }, aquecer: { type: 'string' } };
export function cargaDasOpcoes(op, padraoSegundos = 10) {
  return { conexoes: Number(op.conexoes ?? 32), segundos: Number(op.segundos ?? padraoSegundos), taxa: op.taxa ? Number(op.taxa) : undefined, aquecer: Number(op.aquecer ?? 0) };
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
