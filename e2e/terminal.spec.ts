import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/** A valid CPF nobody has yet, so the run does not depend on the others (the database is shared). */
function cpfNovo(): string {
  const base = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  const digito = (ns: number[]) => {
    const resto = (ns.reduce((s, n, i) => s + n * (ns.length + 1 - i), 0) * 10) % 11;
    return resto === 10 ? 0 : resto;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

async function buscarCliente(page: Page, texto: string) {
  const campo = page.getByRole('textbox', { name: /^Cliente/ });
  await expect(campo).toBeFocused();
  await campo.fill(texto);
  await campo.press('Enter');
}

test('terminal: cadastra o cliente, vende, vê o cashback, resgata parte numa segunda venda, cancela-a e confere o extrato', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The manager also holds the terminal permission, and only management may cancel.
  await entrar(page, 'gerente');
  await page.goto('/app/terminal');
  const cpf = cpfNovo();

  // Quick sign-up: nobody has this CPF.
  await buscarCliente(page, cpf);
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue(cpf);
  await page.getByLabel('Nome').fill('Cliente do Balcão E2E');
  await page.getByRole('button', { name: 'Cadastrar e selecionar' }).click();
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('Cliente do Balcão E2E');
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 0,00');

  // First sale: R$ 100,00 at the demo's 5% → R$ 5,00 of cashback, and the receipt from the server.
  const valor = page.getByLabel('Valor da compra');
  await expect(valor).toBeFocused();
  await valor.fill('100,00');
  await valor.press('Enter');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 5,00');
  await expect(page.getByTestId('recibo-saldo-cashback')).toHaveText('R$ 5,00');
  await expect(page.getByTestId('comprovante')).toContainText('Cliente: Cliente do Balcão E2E');
  await expect(page.getByTestId('comprovante')).toContainText('A PAGAR');
  await expect(page.getByRole('button', { name: 'Imprimir comprovante' })).toBeVisible();
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 5,00');
  await fotografar(page, 'terminal-venda-desktop');

  // Second sale, found by CPF again: R$ 50,00 paying R$ 2,00 with cashback → accrues 5% of 48,00.
  await page.keyboard.press('Escape');
  await buscarCliente(page, cpf);
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 5,00');
  await valor.fill('50,00');
  await page.getByLabel('Usar cashback', { exact: false }).fill('2,00');
  await page.keyboard.press('F2');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 2,40');
  await expect(page.getByTestId('recibo-saldo-cashback')).toHaveText('R$ 5,40');
  await expect(page.getByTestId('comprovante')).toContainText('Cashback usado');
  // F2 again on the receipt does not post a third sale.
  await page.keyboard.press('F2');
  await expect(page.getByRole('list', { name: 'Últimas vendas' }).getByRole('listitem')).toHaveCount(2);

  // Cancel it (management, with Confirmação): the balance goes back to what it was.
  await page.getByRole('button', { name: 'Cancelar esta venda' }).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('Cancelar a venda nº');
  await dialogo.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('region', { name: 'Venda registrada' })).toContainText('Venda cancelada');
  await expect(page.getByTestId('saldo-cashback')).toHaveText('R$ 5,00');
  await expect(page.getByTestId('comprovante')).toContainText('CANCELADA');

  // The statement: the first sale's accrual, the redemption, the second accrual, and the reversal.
  await page.getByRole('tab', { name: 'Extrato' }).click();
  const extrato = page.getByRole('list', { name: 'Extrato de cashback' });
  await expect(extrato.getByTestId('linha-extrato')).toHaveCount(5);
  await expect(extrato.getByTestId('linha-extrato').filter({ hasText: /Resgate na venda \d+/ })).toContainText('−R$ 2,00');
  await expect(extrato.getByTestId('linha-extrato').filter({ hasText: /Acúmulo da venda \d+/ })).toHaveCount(2);
  await expect(extrato.getByTestId('linha-extrato').filter({ hasText: 'Cancelamento da venda' })).toHaveCount(2);
  await expect(extrato.getByTestId('linha-extrato').filter({ hasText: 'Cancelamento da venda' }).filter({ hasText: '+R$ 2,00' })).toHaveCount(1);
  await expect(extrato.getByTestId('linha-extrato').filter({ hasText: 'Cancelamento da venda' }).filter({ hasText: '−R$ 2,40' })).toHaveCount(1);
  await fotografar(page, 'terminal-extrato-desktop');

  // A tablet at the counter (portrait): customer, sale and history side by side or stacked, nothing cut.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByTestId('terminal-cliente-nome')).toBeVisible();
  await expect(page.getByRole('button', { name: /Imprimir comprovante/ })).toBeVisible();
  await fotografar(page, 'terminal-tablet');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Últimas vendas' }).click();
  await expect(page.getByRole('list', { name: 'Últimas vendas' })).toContainText('Cancelada');
  await page.getByTestId('terminal-cliente-nome').scrollIntoViewIfNeeded();
  await fotografar(page, 'terminal-mobile');
});

test('terminal: um cartão desconhecido passado no leitor não abre cadastro', async ({ page }) => {
  await entrar(page, 'atendente');
  await page.goto('/app/terminal');
  await buscarCliente(page, '0000000000000000');
  await expect(page.getByText('Cartão não encontrado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar e selecionar' })).toHaveCount(0);
});

test('terminal: conta de cashback bloqueada aparece antes da venda, e a venda só de pontos passa (decisão 024)', async ({ page }) => {
  // Letícia's cashback account is blocked in the demo (suspected fraud); the clerk cannot open Contas bloqueadas.
  await entrar(page, 'atendente');
  for (const largura of [1366, 390] as const) {
    await page.setViewportSize({ width: largura, height: largura === 390 ? 844 : 768 });
    await page.goto('/app/terminal');
    await buscarCliente(page, 'Letícia Albuquerque');
    await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('Letícia Albuquerque Santos');
    await expect(page.getByTestId('terminal-conta-bloqueada')).toHaveText('Conta bloqueada');
    await expect(page.getByTestId('saldo-cashback-bloqueado')).toBeVisible();
    await expect(page.getByTestId('terminal-aviso-bloqueio')).toContainText('Para desbloquear, chame o gerente.');
    await expect(page.getByLabel('Usar cashback', { exact: false })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Máximo' })).toBeDisabled();
    await page.getByTestId('terminal-cliente-nome').scrollIntoViewIfNeeded();
    await fotografar(page, `terminal-conta-bloqueada-${largura}`);
  }

  // Letters never enter the amount; the sale accrues points only and says the cashback was not credited.
  const valor = page.getByLabel('Valor da compra');
  await valor.pressSequentially('3a0,0b0');
  await expect(valor).toHaveValue('30,00');
  await valor.press('Enter');
  await expect(page.getByTestId('recibo-nao-creditado')).toHaveText('Cashback não creditado: conta bloqueada.');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 0,00');
  await page.getByTestId('recibo-nao-creditado').scrollIntoViewIfNeeded();
  await fotografar(page, 'terminal-conta-bloqueada-venda-390');
});
