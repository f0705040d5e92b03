import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarAppDeTeste, type AppDeTeste } from './apoio/app-de-teste.js';

let t: AppDeTeste;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bonifica-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bonifica</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  t = await criarAppDeTeste({ env: { WEB_DIST: dist } });
});
afterAll(() => t.fechar());

describe('o mesmo processo serve a SPA', () => {
  it.each(['/', '/auth/user/login', '/app/cadastros/usuarios?pagina=2'])('GET %s devolve o index.html sem cache', async (url) => {
    const r = await t.app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('<div id="root">');
  });

  it('arquivos com hash em assets/ ficam em cache para sempre', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
  });

  it('HEAD também responde, e os cabeçalhos de segurança estão lá', async () => {
    const r = await t.app.inject({ method: 'HEAD', url: '/app' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caminho desconhecido da API continua no envelope, não vira página', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/services/nada' });
    expect(r.statusCode).toBe(404);
    expect(r.json().hasError).toBe(true);
  });

  it('a documentação OpenAPI abre sem login e descreve o login de usuário', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/services/docs/json' });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json().paths)).toContain('/services/user/getUserInformations');
  });
});
