import { expect, test } from '@playwright/test';
import { textoDoPdf } from '../apps/api/test/apoio/pdf-texto';
import { entrar, fotografar } from './apoio';

/** Cartões (issue 3 §2): the manager prints a card; the PDF that arrives is a real one with the card's number on it. */
test('gerente abre os cartões e imprime a frente de um cartão ativo em PDF', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'gerente');
  await page.goto('/app/cartoes/lista');
  await page.getByRole('combobox', { name: 'Situação' }).click();
  // Read the rows only once the filtered page has arrived, not the unfiltered one still on screen.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/services/card/filterpaginated/') && (r.request().postData() ?? '').includes('ATIVO')),
    page.getByRole('option', { name: 'Ativo' }).click(),
  ]);
  await expect(page).toHaveURL(/status=ATIVO/);
  await expect(page.getByRole('cell', { name: /^(Disponível|Bloqueado|Substituído)$/ })).toHaveCount(0);
  const primeira = page.getByRole('row').filter({ has: page.getByText(/^9000 0100 \d{4} \d{4}$/) }).first();
  const numero = (await primeira.getByText(/^9000 0100 \d{4} \d{4}$/).textContent())!.trim();
  await fotografar(page, 'cartoes-desktop');

  // The page turns the reply into a blob: URL for the new tab; keep a copy of the bytes on their way through.
  const corpoDoPdf = new Promise<Buffer>((resolver) => {
    void page.route('**/services/card/print', async (rota) => {
      const r = await rota.fetch();
      resolver(await r.body());
      await rota.fulfill({ response: r });
    });
  });
  await primeira.getByRole('button', { name: `Mais ações do cartão ${numero}` }).click();
  const [resposta, aba] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/services/card/print') && r.request().method() === 'POST'),
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Imprimir frente (PDF)' }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  await aba.waitForURL(/^blob:/);
  const pdf = await corpoDoPdf;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(textoDoPdf(pdf).join(' ').replace(/\s+/g, ' ')).toContain(numero);
  await aba.close();

  await primeira.getByRole('link', { name: `Ver cartão ${numero}` }).click();
  await expect(page.getByRole('heading', { name: numero })).toBeVisible();
  await expect(page.getByText('Compras com o cartão')).toBeVisible();
  await fotografar(page, 'cartao-detalhe-desktop');

  await page.goto('/app/cartoes/fila');
  await expect(page.getByRole('button', { name: 'Gerar lote com os pendentes' })).toBeVisible();
  await fotografar(page, 'cartoes-fila-desktop');
});

test('cartões no celular: número, situação e titular cabem na largura', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'gerente');
  await page.goto('/app/cartoes/lista');
  const linha = page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' });
  await expect(linha.getByText('Ativo')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toHaveCount(0);
  await fotografar(page, 'cartoes-mobile');
  await page.goto('/app/cartoes/fila');
  // The page's title, not the menu's link of the same name (hidden in the closed drawer on a phone).
  await expect(page.getByRole('heading', { name: 'Fila de impressão' })).toBeVisible();
  await fotografar(page, 'cartoes-fila-mobile');
});
