import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/**
 * Every link a user can click in the shell (menu, header, billing banner) and on the welcome page
 * leads somewhere real: no 404 (issue 12 §8). Links to other sites are left out (no network here).
 */

async function linksDaPagina(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const origem = new URL(page.url()).origin;
  return [...new Set(hrefs.filter((h) => h.startsWith(origem)).map((h) => new URL(h).pathname + new URL(h).search))];
}

async function conferirLinks(page: Page, links: string[]) {
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const r = await page.goto(link);
    expect(r?.status(), link).toBeLessThan(400);
    await page.waitForLoadState('networkidle');
    expect(page.url(), link).not.toMatch(/\/error\/404$/);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' }), link).toHaveCount(0);
  }
}

test.describe('links do shell, do banner e das boas-vindas', () => {
  test.setTimeout(180_000);

  test('gerente (fatura em aberto): todos os links levam a páginas reais', async ({ page }) => {
    await entrar(page, 'gerente');
    await expect(page.getByTestId('banner-faturamento').getByRole('link', { name: 'Pagar agora' })).toBeVisible();
    await conferirLinks(page, await linksDaPagina(page));
  });

  test('empresa em período experimental: "Escolher plano" abre a página dos planos', async ({ page }) => {
    await entrar(page, 'outra');
    // The banner comes with the billing status, after the shell: collect the links once it is there.
    await expect(page.getByTestId('banner-faturamento').getByRole('link', { name: 'Escolher plano' })).toBeVisible();
    const links = await linksDaPagina(page);
    expect(links).toContain('/paginas/planos');
    await conferirLinks(page, links);
  });

  test('a URL de compartilhamento abre a página pública da rede, sem login', async ({ page, request }) => {
    await entrar(page, 'gerente');
    const r = await page.request.get('/services/company/url/compartilhamento');
    const url = new URL(((await r.json()) as { result: string }).result);
    const publica = await request.get(url.pathname);
    expect(publica.status()).toBe(200);
    expect(await publica.text()).toContain('Como participar');
  });

  test('capturas das páginas novas (1366 e 390)', async ({ page }) => {
    await entrar(page, 'gerente');
    for (const [largura, altura] of [
      [1366, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: largura, height: altura });
      await page.goto('/app/faturamento');
      await expect(page.getByTestId('fatura-aberta')).toBeVisible();
      await fotografar(page, `links-fatura-${largura}`);
      await page.goto('/paginas/planos');
      await expect(page.getByRole('heading', { level: 1, name: 'Planos do Bonifica' })).toBeVisible();
      await fotografar(page, `links-planos-${largura}`);
      await page.goto('/p/bonifica-demo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supermercados Bonifica Demo Centro');
      await fotografar(page, `links-p-${largura}`);
      await page.goto('/app/pages/bemvindo');
      await expect(page.getByText(/prêmios, cupons, sorteios, mensagens e relatórios ficam no menu lateral/)).toBeVisible();
      await fotografar(page, `links-bemvindo-${largura}`);
    }
  });
});
