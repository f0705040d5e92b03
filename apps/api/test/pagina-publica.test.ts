import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { empresa } from '../src/db/schema/index.js';
import { LIMITE_PAGINA_PUBLICA, MENSAGEM_LIMITE_PUBLICO } from '../src/plugins/limite-publico.js';
import { criarAppDeTeste, env, type AppDeTeste } from './apoio/app-de-teste.js';

/**
 * The share URL (`company/url/compartilhamento`) and the public page it points to, `/p/<slug>`:
 * served by the API without login and without the SPA (issue 12 §8 — it was a 404).
 */

let t: AppDeTeste;
beforeAll(async () => {
  t = await criarAppDeTeste();
});
afterAll(() => t.fechar());

describe('página pública da URL de compartilhamento', () => {
  it('a URL que o back office mostra abre a página da rede, sem login, com o nome e como participar', async () => {
    const gerente = await t.entrar('gerente');
    const r = await gerente.get('/services/company/url/compartilhamento');
    expect(r.statusCode, r.body).toBe(200);
    const url = new URL(env<string>(r).result);
    expect(url.pathname).toBe('/p/bonifica-demo');

    const p = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toMatch(/^text\/html/);
    expect(p.body).toContain('<h1>Supermercados Bonifica Demo Centro</h1>');
    expect(p.body).toContain('Como participar');
    expect(p.body).toContain('Bonifica Jardins');
    // Light: no SPA bundle, no script at all.
    expect(p.body).not.toMatch(/<script/i);
  });

  it('a URL de uma filial mostra a rede inteira; endereço desconhecido ou de empresa inativa: 404 em HTML', async () => {
    const filial = await t.app.inject({ method: 'GET', url: '/p/bonifica-demo-jardins' });
    expect(filial.statusCode).toBe(200);
    expect(filial.body).toContain('Bonifica Moema');

    const nada = await t.app.inject({ method: 'GET', url: '/p/nao-existe' });
    expect(nada.statusCode).toBe(404);
    expect(nada.body).toContain('Página não encontrada');
    expect((await t.app.inject({ method: 'GET', url: '/p/%3Cscript%3E' })).statusCode).toBe(404);

    await t.banco.db.update(empresa).set({ ativa: false }).where(eq(empresa.slug, 'padaria-pao-quente'));
    expect((await t.app.inject({ method: 'GET', url: '/p/padaria-pao-quente' })).statusCode).toBe(404);
  });

  it('o nome da empresa vai escapado no HTML', async () => {
    await t.banco.db.update(empresa).set({ nomeCurto: '<b>Loja & Cia</b>' }).where(eq(empresa.slug, 'bonifica-demo-moema'));
    const p = await t.app.inject({ method: 'GET', url: '/p/bonifica-demo-moema' });
    expect(p.body).toContain('&lt;b&gt;Loja &amp; Cia&lt;/b&gt;');
    expect(p.body).not.toContain('<b>Loja');
  });

  it('a matriz vem primeiro na lista de lojas, depois as filiais por nome', async () => {
    const p = await t.app.inject({ method: 'GET', url: '/p/bonifica-demo-jardins', remoteAddress: '203.0.113.7' });
    const lista = p.body.slice(p.body.indexOf('Lojas participantes'));
    const lojas = [...lista.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]);
    expect(lojas[0]).toBe('Supermercados Bonifica Demo Centro');
    expect(lojas.slice(1)).toEqual([...lojas.slice(1)].sort((a, b) => a!.localeCompare(b!, 'pt-BR')));
    expect(lojas).toContain('Bonifica Jardins');
  });

  it('é limitada por IP: passado o limite do minuto, 429 em português com Retry-After; outro IP segue sendo atendido', async () => {
    const pedir = (ip: string) => t.app.inject({ method: 'GET', url: '/p/bonifica-demo', remoteAddress: ip });
    for (let i = 0; i < LIMITE_PAGINA_PUBLICA.max; i++) expect((await pedir('198.51.100.9')).statusCode).toBe(200);
    const excedeu = await pedir('198.51.100.9');
    expect(excedeu.statusCode).toBe(429);
    expect(env(excedeu).messageError).toBe(MENSAGEM_LIMITE_PUBLICO);
    expect(Number(excedeu.headers['retry-after'])).toBeGreaterThan(0);
    // A phone's browser asks for HTML: it gets a page saying the same, not the JSON envelope.
    const noNavegador = await t.app.inject({ method: 'GET', url: '/p/bonifica-demo', remoteAddress: '198.51.100.9', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(noNavegador.statusCode).toBe(429);
    expect(noNavegador.headers['content-type']).toContain('text/html');
    expect(noNavegador.body).toContain('<h1>Aguarde um minuto</h1>');
    expect(noNavegador.body).toContain(MENSAGEM_LIMITE_PUBLICO);
    expect((await pedir('198.51.100.10')).statusCode).toBe(200);
  });
});
