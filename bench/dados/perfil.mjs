// Summary of a V8 CPU profile (node --cpu-prof, see iniciarApi's `perfil`): self time by function
// and by package or source file, the way the benches' notes in RESULTS.md quote them.
//   node bench/dados/perfil.mjs <arquivo.cpuprofile> [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: op, positionals } = parseArgs({ options: { top: { type: 'string' } }, allowPositionals: true });
const top = Number(op.top ?? 25);
const perfil = JSON.parse(readFileSync(positionals[0], 'utf8'));
const porId = new Map(perfil.nodes.map((n) => [n.id, n]));
const proprio = new Map();
for (let i = 0; i < perfil.samples.length; i++) {
  const dt = perfil.timeDeltas[i] ?? 0;
  proprio.set(perfil.samples[i], (proprio.get(perfil.samples[i]) ?? 0) + dt);
}
const total = [...proprio.values()].reduce((a, b) => a + b, 0);
const somar = (mapa, chave, us) => mapa.set(chave, (mapa.get(chave) ?? 0) + us);
const porFuncao = new Map();
const porOrigem = new Map();
for (const [id, us] of proprio) {
  const f = porId.get(id).callFrame;
  const arquivo = f.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  const pacote = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(arquivo)?.[1];
  somar(porFuncao, `${f.functionName || '(anônima)'}  ${pacote ?? arquivo}:${f.lineNumber + 1}`, us);
  somar(porOrigem, pacote ?? (arquivo || f.functionName), us);
}
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`total amostrado: ${(total / 1000).toFixed(0)} ms`);
for (const [titulo, mapa] of [['por função', porFuncao], ['por origem', porOrigem]]) {
  console.log(`\n${titulo}:`);
  for (const [k, us] of [...mapa].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)}  ${k}`);
}
