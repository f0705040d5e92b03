// The end-to-end suite in parts that run at the same time (npm test): Playwright shards, each its own
// process with its own built server on its own port and embedded database (playwright.config.ts
// reads E2E_PORT), so no part sees another's data. One server handles one browser at a time, and a
// browser waits on its server half the time: on some 2-core machines two parts keep both cores busy
// and halve the time (docs/decisions/044); on others each test then runs twice as slow and passes its
// time limit (28/11: 9 + 7 of 61 failed by time alone), so the default is one part and E2E_PARTES=2
// is for a machine where it was seen to pass.
//
//   node tools/e2e-em-partes.mjs                 all the specs, in E2E_PARTES parts (default 1)
//   node tools/e2e-em-partes.mjs e2e/x.spec.ts   anything else is Playwright's own arguments, one process
import { spawn } from 'node:child_process';

const argumentos = process.argv.slice(2);
const partes = argumentos.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_PARTES ?? 1));
const portaBase = Number(process.env.E2E_PORT ?? 8181);

function rodar(i) {
  const args = ['playwright', 'test', ...argumentos, ...(partes > 1 ? [`--shard=${i}/${partes}`] : [])];
  const filho = spawn('npx', args, { env: { ...process.env, E2E_PORT: String(portaBase + i - 1) }, stdio: partes > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (partes > 1) {
    // Each line says which part wrote it: the two outputs interleave.
    for (const [origem, destino] of [[filho.stdout, process.stdout], [filho.stderr, process.stderr]]) {
      let resto = '';
      origem.setEncoding('utf8');
      origem.on('data', (d) => {
        const linhas = (resto + d).split('\n');
        resto = linhas.pop();
        for (const l of linhas) destino.write(`[e2e ${i}/${partes}] ${l}\n`);
      });
      origem.on('end', () => resto && destino.write(`[e2e ${i}/${partes}] ${resto}\n`));
    }
  }
  return new Promise((resolve) => filho.on('close', (codigo, sinal) => resolve(codigo ?? (sinal ? 1 : 0))));
}

const codigos = await Promise.all(Array.from({ length: partes }, (_, k) => rodar(k + 1)));
const falhas = codigos.filter((c) => c !== 0).length;
if (partes > 1) console.log(falhas === 0 ? `e2e: as ${partes} partes passaram.` : `e2e: ${falhas} de ${partes} partes falharam (veja as linhas [e2e i/${partes}] acima).`);
process.exit(falhas === 0 ? 0 : 1);
