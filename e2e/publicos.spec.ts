import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

// Marketing › Públicos and Bloqueio de público (docs/areas/publicos.md), at desktop and phone widths.
test('a gerente monta um público com a contagem ao vivo, salva, e bloqueia um número para marketing', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await entrar(page, 'gerente');
  await page.goto('/app/marketing/publicos/novo');
  const contagem = page.getByTestId('contagem-clientes');
  await expect(contagem).not.toHaveText('—', { timeout: 15_000 });
  const todos = Number((await contagem.innerText()).replace(/\D/g, ''));
  expect(todos).toBeGreaterThan(0);

  await page.getByLabel('Nome do público', { exact: false }).fill('Clientes da Jardins com WhatsApp');
  await page.getByRole('button', { name: 'Adicionar condição' }).click();
  await page.getByRole('menuitem', { name: 'Filial de cadastro' }).click();
  await expect(page.getByLabel('Contagem do público').getByText('Escolha ao menos uma opção em filial.')).toBeVisible();
  await page.getByPlaceholder('Escolha as filiais').click();
  await page.getByRole('option', { name: 'Bonifica Jardins' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Contagem do público').getByText('Escolha ao menos uma opção em filial.')).toBeHidden();
  await expect.poll(async () => Number((await contagem.innerText()).replace(/\D/g, ''))).toBeLessThan(todos);
  await page.getByRole('button', { name: 'Adicionar condição' }).click();
  await page.getByRole('menuitem', { name: 'Consentimento' }).click();
  await expect(page.getByText('Podem receber WhatsApp')).toBeVisible();
  await page.waitForTimeout(800);
  await fotografar(page, 'publicos-construtor-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await fotografar(page, 'publicos-construtor-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Salvar público' }).click();
  await expect(page).toHaveURL(/\/app\/marketing\/publicos$/);
  await expect(page.getByRole('cell', { name: 'Clientes da Jardins com WhatsApp', exact: true })).toBeVisible();
  await fotografar(page, 'publicos-lista-1366');

  await page.goto('/app/marketing/bloqueio-publico');
  await page.getByRole('button', { name: 'Bloquear' }).first().click();
  const gaveta = page.getByRole('dialog', { name: 'Incluir na lista de bloqueio' });
  await gaveta.getByText('Celular ou e-mail').click();
  await gaveta.getByRole('textbox', { name: 'Celular' }).fill('(11) 97777-1234');
  await gaveta.getByLabel('Motivo').fill('Pediu por telefone para não receber ofertas');
  await gaveta.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByRole('cell', { name: 'Pediu por telefone para não receber ofertas', exact: true })).toBeVisible();
  await fotografar(page, 'bloqueio-publico-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await fotografar(page, 'bloqueio-publico-390');
});
