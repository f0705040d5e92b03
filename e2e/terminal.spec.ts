import { expect, test } from '@playwright/test';
import { entrar } from './apoio';

test('terminal: o atendente cadastra um cliente, lança uma venda e usa o cashback numa segunda', async ({ page }) => {
  await entrar(page, 'atendente');
  await page.goto('/app/terminal');
  const cliente = page.getByLabel('Cliente', { exact: false }).first();
  await expect(cliente).toBeFocused();
  await cliente.fill('529.982.247-25');
  await cliente.press('Enter');
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await page.getByLabel('Nome').fill('Cliente do Balcão E2E');
  await page.getByRole('button', { name: 'Cadastrar e selecionar' }).click();
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('Cliente do Balcão E2E');
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 0,00');

  const valor = page.getByLabel('Valor da compra');
  await expect(valor).toBeFocused();
  await valor.fill('100,00');
  await valor.press('Enter');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 5,00');
  await expect(page.getByTestId('recibo-saldo-cashback')).toHaveText('R$ 5,00');

  await page.keyboard.press('Escape');
  await cliente.fill('52998224725');
  await cliente.press('Enter');
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 5,00');
  await valor.fill('50,00');
  await page.getByLabel('Usar cashback', { exact: false }).fill('5,00');
  await page.keyboard.press('F2');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 2,25');
  await expect(page.getByTestId('recibo-saldo-cashback')).toHaveText('R$ 2,25');
});
