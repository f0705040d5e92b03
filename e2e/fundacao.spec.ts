import { gzipSync } from 'node:zlib';
import { expect, test, type Request } from '@playwright/test';
import { entrar, fotografar } from './apoio';

test.describe('login e sessão', () => {
  test('login sem lembrar-me mostra o shell com primeiro nome e nome curto da empresa', async ({ page }) => {
    await entrar(page, 'gerente');
    await expect(page.getByTestId('cabecalho-nome-usuario')).toHaveText('Gabriel');
    await expect(page.getByTestId('cabecalho-empresa')).toHaveText('Supermercados Bonifi...');
    expect(await page.evaluate(() => sessionStorage.getItem('remember-me'))).toBeNull();
    await expect(page).toHaveTitle('Bonifica | Bem-vindo');
  });

  test('login com lembrar-me sobrevive à perda do cookie de sessão', async ({ page, context }) => {
    // The welcome page's own calls must have answered before the cookie goes: one sent without it
    // would be the one to rotate the token, and the reload would drop its reply (see the issue note).
    // (waitForLoadState('networkidle') does not wait here: the page reached that state once already.)
    const emVoo = new Set<Request>();
    page.on('request', (r) => void (r.url().includes('/services/') && emVoo.add(r)));
    page.on('requestfinished', (r) => void emVoo.delete(r));
    page.on('requestfailed', (r) => void emVoo.delete(r));
    await entrar(page, 'gerente', { lembrar: true });
    const token = await page.evaluate(() => sessionStorage.getItem('remember-me'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    await expect(page.getByTestId('cabecalho-nome-usuario')).toHaveText('Gabriel');
    for (let quietas = 0; quietas < 3; ) {
      quietas = emVoo.size === 0 ? quietas + 1 : 0;
      await page.waitForTimeout(150);
    }
    await context.clearCookies({ name: 'SESSION' });
    await page.reload();
    await expect(page.getByTestId('cabecalho-nome-usuario')).toHaveText('Gabriel');
    // The reloaded page fires several calls at once with the old token: one rotates it, the others are let
    // in without a new one (lib/remember-me.ts); the name may show from one of those before the rotation lands.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('remember-me'))).not.toBe(token);
    expect(await page.evaluate(() => sessionStorage.getItem('remember-me'))).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  // Issue 2's budget for the first screen on a phone. It slipped twice (221 KB on 25/11, 186 KB on
  // 28/11), both times by a constant the first load needs living beside zod schemas (bench/RESULTS.md).
  test('a página de login carrega no máximo 170 KB de JavaScript com gzip', async ({ page }) => {
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (r) => void (r.request().resourceType() === 'script' && scripts.push(r.body())));
    await page.goto('/auth/user/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    const corpos = await Promise.all(scripts);
    const kb = corpos.reduce((soma, c) => soma + gzipSync(c, { level: 9 }).length, 0) / 1024;
    expect(corpos.length).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(170);
  });

  test('senha errada mostra a mensagem do servidor', async ({ page }) => {
    await page.goto('/auth/user/login');
    await page.getByLabel('Usuário', { exact: true }).fill('gerente');
    await page.getByLabel('Senha', { exact: true }).fill('errada123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Usuário ou senha inválidos.')).toBeVisible();
  });

  test('o guard guarda a URL pedida e volta a ela depois do login', async ({ page }) => {
    await page.goto('/app/cadastros/perfil');
    await expect(page).toHaveURL(/\/auth\/user\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('url-acesso-backoffice'))).toBe('/app/cadastros/perfil');
    await entrar(page, 'gerente', { destinoEsperado: /\/app\/cadastros\/perfil$/ });
    await expect(page.getByTestId('breadcrumbs')).toContainText('Meu Perfil');
    await expect(page).toHaveTitle('Bonifica | Meu Perfil');
  });

  test('usuário logado que abre o login vai para /app', async ({ page }) => {
    await entrar(page, 'atendente');
    await page.goto('/auth/user/login');
    await expect(page).toHaveURL(/\/app\/pages\/bemvindo$/);
  });

  test('sessão expirada no meio do trabalho volta ao login com a URL guardada', async ({ page, context }) => {
    await entrar(page, 'gerente');
    await page.goto('/app/cadastros/perfil');
    await page.getByLabel('Nome').fill('Gabriel Gerente Souza Jr');
    await context.clearCookies({ name: 'SESSION' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/auth\/user\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('url-acesso-backoffice'))).toBe('/app/cadastros/perfil');
    await entrar(page, 'gerente', { destinoEsperado: /\/app\/cadastros\/perfil$/ });
    // What was typed before the session expired comes back.
    await expect(page.getByLabel('Nome')).toHaveValue('Gabriel Gerente Souza Jr');
    await expect(page.getByText('Recuperamos o que você tinha digitado')).toBeVisible();
  });

  test('sair encerra a sessão', async ({ page }) => {
    await entrar(page, 'gerente');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/user\/login$/);
    await page.goto('/app/pages/bemvindo');
    await expect(page).toHaveURL(/\/auth\/user\/login$/);
  });
});

test.describe('shell', () => {
  test('menu: interno navega, externo abre nova aba, navegador exclusivo abre popup 1000x600', async ({ page, context }) => {
    await context.route(/https:\/\/(ajuda|treinamento)\.bonifica\.com\.br\/.*/, (r) => r.fulfill({ contentType: 'text/html', body: '<title>externo</title>ok' }));
    await entrar(page, 'gerente');
    const menu = page.getByTestId('menu-lateral');
    await menu.getByText('Cadastros').click();
    await menu.getByText('Usuários').click();
    await expect(page).toHaveURL(/\/app\/cadastros\/usuarios/);
    await menu.getByText('Ajuda').click();
    const [aba] = await Promise.all([page.waitForEvent('popup'), menu.getByText('Central de ajuda').click()]);
    await aba.waitForLoadState();
    expect(aba.url()).toContain('https://ajuda.bonifica.com.br');
    await aba.close();
    const [popup] = await Promise.all([page.waitForEvent('popup'), menu.getByText('Treinamentos em vídeo').click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('https://treinamento.bonifica.com.br');
    const tamanho = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
    expect(tamanho.w).toBeGreaterThanOrEqual(990);
    expect(tamanho.w).toBeLessThanOrEqual(1010);
    expect(tamanho.h).toBeLessThanOrEqual(640);
  });

  test('gerente não entra em sistema/*: acesso negado', async ({ page }) => {
    await entrar(page, 'gerente');
    await page.goto('/app/sistema/manutencao');
    await expect(page).toHaveURL(/\/app\/acesso-negado$/);
  });

  test('admin entra em sistema/* e vê o breadcrumb', async ({ page }) => {
    await entrar(page, 'admin');
    await page.goto('/app/sistema/manutencao');
    await expect(page).toHaveURL(/\/app\/sistema\/manutencao$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Manutenção');
  });

  test('banner de faturamento só para o administrador do faturamento', async ({ page }) => {
    await entrar(page, 'gerente');
    const banner = page.getByTestId('banner-faturamento');
    await expect(banner).toContainText('R$ 349,90');
    await expect(banner.getByRole('link', { name: 'Pagar agora' })).toHaveAttribute('href', /\/app\/faturamento$/);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await entrar(page, 'atendente');
    await expect(page.getByTestId('cabecalho-nome-usuario')).toHaveText('Amanda');
    await expect(page.getByTestId('banner-faturamento')).toHaveCount(0);
  });

  test('período experimental mostra o aviso com o link de escolha de plano', async ({ page }) => {
    await entrar(page, 'outra');
    const banner = page.getByTestId('banner-faturamento');
    await expect(banner.getByRole('link', { name: 'Escolher plano' })).toHaveAttribute('href', /planos/);
  });

  test('ícone do WhatsApp só com servidor DEDICADO, levando a /app/servidor/whats', async ({ page }) => {
    await entrar(page, 'gerente');
    await page.getByTestId('icone-whats').click();
    await expect(page).toHaveURL(/\/app\/servidor\/whats$/);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await entrar(page, 'outra');
    await expect(page.getByTestId('cabecalho-nome-usuario')).toBeVisible();
    await expect(page.getByTestId('icone-whats')).toHaveCount(0);
  });

  test('analista sem empresa aparece como Analista', async ({ page }) => {
    await entrar(page, 'analista');
    await expect(page.getByTestId('cabecalho-empresa')).toHaveText('Analista');
  });

  for (const [nome, largura, altura, estadoInicial] of [
    ['desktop', 1280, 800, 'expandido'],
    ['tablet', 900, 800, 'recolhido'],
    ['mobile', 390, 844, 'fechado'],
  ] as const) {
    test(`layout ${nome} (${largura}px)`, async ({ page }) => {
      await page.setViewportSize({ width: largura, height: altura });
      await entrar(page, 'gerente');
      const menu = page.getByTestId('menu-lateral');
      await expect(menu).toHaveAttribute('data-estado', estadoInicial);
      await fotografar(page, `shell-${nome}`);
      await page.getByTestId('botao-menu').click();
      if (nome === 'mobile') {
        await expect(menu).toHaveAttribute('data-estado', 'offcanvas-aberto');
        await page.waitForTimeout(450); // the 400 ms slide-in of spec §9
        await fotografar(page, `shell-${nome}-menu-aberto`);
        await page.getByTestId('menu-overlay').click({ position: { x: 370, y: 400 } });
        await expect(menu).toHaveAttribute('data-estado', 'fechado');
      } else {
        await expect(menu).toHaveAttribute('data-estado', nome === 'desktop' ? 'recolhido' : 'expandido');
        await page.waitForTimeout(450);
        await fotografar(page, `shell-${nome}-alternado`);
      }
    });
  }
});
