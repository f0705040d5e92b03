// npm run bench — runs every benchmark and prints a Markdown table to paste into bench/RESULTS.md.
import os from 'node:os';
import { benchAuth } from './auth.mjs';
import { execFileSync } from 'node:child_process';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const linhas = [];
for (const engine of engines) {
  const r = await benchAuth(engine, pgUrl);
  for (const [nome, m] of [['POST /login', r.login], ['GET user/getUserInformations', r.getAutenticado]]) {
    linhas.push(`| ${engine} | ${nome} | ${m.reqPorSeg} | ${m.p50ms} | ${m.p95ms} | ${m.p99ms} | ${m.erros} |`);
  }
}
console.log(`\nData: ${new Date().toISOString().slice(0, 10)} — máquina: ${os.cpus().length} núcleos (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`);
console.log('| banco | chamada | req/s | p50 ms | p95 ms | p99 ms | erros |');
console.log('|---|---|---|---|---|---|---|');
console.log(linhas.join('\n'));

const tamanho = JSON.parse(execFileSync(process.execPath, ['bench/tamanho-login.mjs'], { encoding: 'utf8' }).trim().split('\n').pop());
console.log(`\nJavaScript da rota de login: ${tamanho.kbGzip} KB gzip (${tamanho.kbBruto} KB sem compressão, ${tamanho.arquivos} arquivos) — meta ≤ 170 KB gzip`);
