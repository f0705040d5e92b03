// Starts the built API as a child process on a fresh database (PGlite dir or new PostgreSQL db).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exigirBuild } from './dados/banco.mjs';

export async function iniciarServidor({ engine, porta, baseUrl }) {
  // The login benchmark posts the same user from 8 connections at once: each attempt in flight counts
  // as a failure of that (account, IP) until it ends (decision 021), so with the default 5 free ones
  // a third of them came back 429 (cheap) and inflated req/s. The bench measures the password check.
  const env = { ...process.env, PORT: String(porta), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'true', CEP_PROVIDER: 'sandbox', LOGIN_FREE_FAILURES: '1000' };
  let limpar = async () => {};
  if (engine === 'postgres') {
    const nome = `bonifica_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${nome}`;
    env.DATABASE_URL = u.toString();
    env.DATABASE_POOL_MAX = '20';
    limpar = async () => {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists ${nome} with (force)`);
      await a.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bonifica-bench-'));
    env.DATA_DIR = dir;
    limpar = async () => rmSync(dir, { recursive: true, force: true });
  }
  exigirBuild();
  const filho = spawn(process.execPath, ['apps/api/dist/server.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${porta}`;
  for (let i = 0; i < 900; i++) { // up to 90 s: a loaded 2-core machine migrates and seeds slowly
    try {
      const r = await fetch(`${url}/services/config/nomesistema`);
      if (r.ok) break;
    } catch {
      /* ainda subindo */
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    url,
    async parar() {
      filho.kill('SIGTERM');
      await new Promise((ok) => filho.once('exit', ok));
      await limpar();
    },
  };
}
