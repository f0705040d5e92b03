import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { WhiteLabel } from '@bonifica/contracts';
import { auditoria } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [admin, gerente] = await Promise.all(['admin', 'gerente'].map((u) => t.entrar(u)));
});
afterAll(() => t.fechar());

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ultimaAuditoria = async (entidade: string) =>
  (await t.app.db.select().from(auditoria).where(eq(auditoria.entidade, entidade)).orderBy(desc(auditoria.id)).limit(1))[0];

describe('config/save e config/configs', () => {
  it('valida em português', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ nomeSistema: 'X' }, 'Informe o nome do sistema.'],
      [{ urlAjuda: 'ajuda.exemplo.com' }, 'Informe um endereço começando por http:// ou https://.'],
      [{ emailSuporte: 'sem-arroba' }, 'E-mail inválido.'],
      [{ whatsSuporte: '123' }, 'WhatsApp inválido: informe DDD e número.'],
      [{ diasExperimental: -1 }, 'Os dias de teste não podem ser negativos.'],
      [{ corPrimaria: 'azul' }, 'Cor inválida: use o formato #RRGGBB.'],
      [{ chaveDesconhecida: 1 }, ''],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await admin.post('/services/config/save', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
  });

  it('grava só o que veio, audita antes e depois, e o nome aparece em config/nomesistema', async () => {
    const r = await admin.post('/services/config/save', {
      nomeSistema: 'Fideliza Mais',
      emailSuporte: 'suporte@fideliza.exemplo.com.br',
      whatsSuporte: '(11) 98888-7777',
      diasExperimental: 30,
    });
    expect(r.statusCode).toBe(200);
    expect(env<{ whatsSuporte: string; diasExperimental: number; corPrimaria: string | null }>(r).result).toMatchObject({
      whatsSuporte: '11988887777',
      diasExperimental: 30,
      corPrimaria: null,
    });
    expect(await ultimaAuditoria('config_sistema')).toMatchObject({
      acao: 'ALTERAR',
      antes: { nomeSistema: 'Bonifica', emailSuporte: null },
      depois: { nomeSistema: 'Fideliza Mais', emailSuporte: 'suporte@fideliza.exemplo.com.br' },
    });
    expect(env(await t.cliente().get('/services/config/nomesistema')).result).toBe('Fideliza Mais');
  });

  it('configs: o gerente vê só as públicas; o administrador vê também os limites', async () => {
    const publicas = env<null>(await gerente.get('/services/config/configs')).results as { chave: string; valor: string }[];
    expect(publicas.map((c) => c.chave)).toContain('suporte_whats');
    expect(publicas.map((c) => c.chave)).not.toContain('dias_experimental');
    const todas = env<null>(await admin.get('/services/config/configs')).results as { chave: string; valor: string }[];
    expect(todas).toContainEqual({ chave: 'dias_experimental', valor: '30' });
  });
});

describe('white label', () => {
  it('config/whitelabel é público e traz nome, cor, texto do login e logo', async () => {
    await admin.post('/services/config/save', { corPrimaria: '#AA3300', textoLogin: 'Bem-vindo ao programa de fidelidade.' });
    const r = await t.cliente().get('/services/config/whitelabel');
    expect(r.statusCode).toBe(200);
    expect(env<WhiteLabel>(r).result).toMatchObject({
      nomeSistema: 'Fideliza Mais',
      corPrimaria: '#aa3300',
      textoLogin: 'Bem-vindo ao programa de fidelidade.',
      logoUrl: '/arquivo/imagem/sistema/topoAngular',
      faviconUrl: null,
    });
  });

  it('a logo enviada passa a ser o topoAngular (público), o favicon aparece, e excluir volta ao padrão', async () => {
    const antes = await t.cliente().get('/arquivo/imagem/sistema/topoAngular');
    expect(antes.headers['content-type']).toContain('image/svg+xml');
    expect((await t.cliente().get('/arquivo/imagem/sistema/favicon')).statusCode).toBe(404);

    const r = await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/png', base64: PNG_1PX });
    expect(r.statusCode).toBe(200);
    expect(await ultimaAuditoria('imagem_sistema')).toMatchObject({ acao: 'ALTERAR', entidadeId: 'topoAngular' });
    const depois = await t.cliente().get('/arquivo/imagem/sistema/topoAngular');
    expect(depois.headers['content-type']).toBe('image/png');
    expect(depois.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);

    expect((await admin.post('/services/sistema/whitelabel/imagem/favicon', { mime: 'image/png', base64: PNG_1PX })).statusCode).toBe(200);
    const wl = env<WhiteLabel>(await t.cliente().get('/services/config/whitelabel')).result;
    expect(wl.faviconUrl).toMatch(/^\/arquivo\/imagem\/sistema\/favicon\?v=\d+$/);
    expect(wl.logoUrl).toMatch(/^\/arquivo\/imagem\/sistema\/topoAngular\?v=\d+$/);
    expect((await t.cliente().get('/arquivo/imagem/sistema/favicon')).statusCode).toBe(200);
    // Images never go out through configs.
    const todas = env<null>(await admin.get('/services/config/configs')).results as { chave: string }[];
    expect(todas.some((c) => c.chave.startsWith('imagem_'))).toBe(false);

    expect((await admin.delete('/services/sistema/whitelabel/imagem/topoAngular')).statusCode).toBe(200);
    expect((await t.cliente().get('/arquivo/imagem/sistema/topoAngular')).headers['content-type']).toContain('image/svg+xml');
  });

  it('recusa o que não é imagem do formato dito, SVG com script, tipo desconhecido e arquivo acima do limite', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const r = await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/png', base64: html });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('O arquivo não é uma imagem do formato informado.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>').toString('base64');
    expect((await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/svg+xml', base64: svg })).statusCode).toBe(400);
    expect((await admin.post('/services/sistema/whitelabel/imagem/outra', { mime: 'image/png', base64: PNG_1PX })).statusCode).toBe(400);
    expect((await admin.post('/services/sistema/whitelabel/imagem/favicon', { mime: 'text/html', base64: PNG_1PX })).statusCode).toBe(400);
    await admin.post('/services/config/save', { limiteImagemKb: 16 });
    const grande = Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(20 * 1024)]).toString('base64');
    const g = await admin.post('/services/sistema/whitelabel/imagem/favicon', { mime: 'image/png', base64: grande });
    expect(g.statusCode).toBe(400);
    expect(env(g).messageError).toBe('Imagem grande demais: o limite é 16 KB.');
  });
});
