import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emailArquivo } from '../src/adapters/email/email-arquivo.js';

/**
 * The file sandbox of e-mail (EMAIL_SANDBOX_DIR): the e2e specs poll its folder for a reset link while
 * the server writes, so a listed message must always be whole.
 */

const pasta = mkdtempSync(join(tmpdir(), 'bonifica-email-arquivo-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

describe('e-mail em arquivo (sandbox)', () => {
  it('quem lista a pasta enquanto 200 mensagens são gravadas só acha mensagens inteiras; no fim, uma por envio e nada pela metade', async () => {
    const adaptador = emailArquivo(pasta);
    const corpo = 'Olá! '.repeat(20_000);
    let gravando = true;
    const lidas = new Set<string>();
    const leitor = (async () => {
      while (gravando) {
        const nomes = existsSync(pasta) ? readdirSync(pasta).filter((n) => n.endsWith('.json')) : [];
        for (const n of nomes) {
          if (lidas.has(n)) continue;
          const e = JSON.parse(readFileSync(join(pasta, n), 'utf8')) as { para: string; corpo: string };
          expect(e.corpo).toBe(corpo);
          lidas.add(n);
        }
        await new Promise((r) => setImmediate(r));
      }
    })().catch((e: unknown) => e);
    await Promise.all(Array.from({ length: 200 }, (_, i) => adaptador.enviar({ para: `c${i}@teste.com`, assunto: 'Teste', corpo })));
    gravando = false;
    expect(await leitor).toBeUndefined();

    const nomes = readdirSync(pasta);
    expect(nomes.filter((n) => n.endsWith('.json'))).toHaveLength(200);
    expect(nomes.filter((n) => !n.endsWith('.json'))).toEqual([]);
    const para = nomes.map((n) => (JSON.parse(readFileSync(join(pasta, n), 'utf8')) as { para: string }).para).sort();
    expect(new Set(para).size).toBe(200);
  });
});
