// Gzipped JavaScript the login route really loads, measured in Chromium against the built app.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { iniciarServidor } from './servidor-bench.mjs';

const s = await iniciarServidor({ engine: 'pglite', porta: 8303 });
const navegador = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const pagina = await navegador.newPage();
  const scripts = new Map();
  pagina.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.set(r.url(), await r.body());
  });
  await pagina.goto(`${s.url}/auth/user/login`, { waitUntil: 'networkidle' });
  let bruto = 0;
  let gzip = 0;
  for (const corpo of scripts.values()) {
    bruto += corpo.length;
    gzip += gzipSync(corpo, { level: 9 }).length;
  }
  console.log(JSON.stringify({ arquivos: scripts.size, kbBruto: Math.round(bruto / 102.4) / 10, kbGzip: Math.round(gzip / 102.4) / 10 }));
} finally {
  await navegador.close();
  await s.parar();
}
