import { expect, test } from '@playwright/test';
import { cadastrarClienteNoTerminal, chamarApi, entrar, fotografar } from './apoio';

test('vale-presente: vendido no balcão, usado em parte numa venda do terminal, saldo consultado, listado e no dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');

  // Sold at the counter: the code and the PIN shown once.
  await page.goto('/app/cartoes/vale-presente/vender');
  await page.getByLabel('Valor do vale').fill('100,00');
  const para = `Presenteada ${Date.now()}`;
  await page.getByLabel('Para (opcional)').fill(para);
  await page.getByRole('button', { name: 'Vender vale-presente' }).click();
  const vendido = page.getByRole('region', { name: 'Vale-presente vendido' });
  await expect(vendido).toContainText('Vale-presente de R$ 100,00 vendido');
  const codigo = (await page.getByTestId('codigo-vale').innerText()).replace(/\D/g, '');
  const pin = (await page.getByTestId('pin-vale').innerText()).trim();
  expect(codigo).toMatch(/^\d{16}$/);
  expect(pin).toMatch(/^\d{6}$/);
  await fotografar(page, 'vale-vender-desktop', true);

  // A later sale at the terminal: R$ 60,00, of which R$ 40,00 with the card; the rest at the till.
  await cadastrarClienteNoTerminal(page, 'Cliente do Vale E2E');
  await page.getByLabel('Valor da compra').fill('60,00');
  await page.getByLabel('Pagar com vale-presente').check();
  await page.getByLabel('Código do vale').fill(codigo.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Senha (PIN)').fill(pin);
  await page.getByLabel('Pagar com o vale').fill('40,00');
  await fotografar(page, 'vale-terminal-com-vale-desktop', true);
  await page.getByRole('button', { name: 'Lançar venda (F2)' }).click();
  await expect(page.getByTestId('recibo-vale')).toHaveText('Pago com vale-presente: R$ 40,00 · saldo do vale: R$ 60,00');
  // Cashback on the whole sale (the demo's 5% of R$ 60,00): the card is money already paid.
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 3,00');
  await fotografar(page, 'vale-terminal-recibo-vale-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-terminal-recibo-vale-celular', true);

  // The balance check at the counter (phone width).
  await page.goto('/app/cartoes/vale-presente/saldo');
  await page.getByLabel('Código do vale').fill(codigo);
  await page.getByLabel('Senha (PIN)').fill(pin);
  await page.getByRole('button', { name: 'Consultar saldo' }).click();
  await expect(page.getByTestId('saldo-vale')).toHaveText('R$ 60,00');
  await expect(page.getByRole('region', { name: 'Saldo do vale-presente' })).toContainText('Ativo');
  await fotografar(page, 'vale-saldo-celular', true);

  // The management's list: the card with its balance.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/cartoes/vales-presente?codigo=${codigo}`);
  const linha = page.getByRole('row').filter({ hasText: para });
  await expect(linha).toContainText('R$ 60,00', { timeout: 15_000 });
  await expect(linha).toContainText('Ativo');
  await fotografar(page, 'vale-lista-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-lista-celular', true);

  // The dashboard's gift card block.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/app/dashboard?periodo=HOJE');
  const bloco = page.getByRole('region', { name: 'Vale-presente' });
  await expect(bloco).toContainText('Carregado', { timeout: 20_000 });
  await bloco.scrollIntoViewIfNeeded();
  await fotografar(page, 'vale-dashboard-desktop', true);
});

test('vale-presente num cartão físico: vendido num cartão disponível, pago em parte pelo número do cartão, e o cartão fica marcado', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');
  // A card just issued (DISPONIVEL, no customer): the plastic the attendant has in hand.
  const emitido = await chamarApi<{ ids: number[]; primeiro: string }>(page, 'POST', 'card/emitir', { quantidade: 1 });
  const numero = emitido.primeiro;
  const agrupado = numero.replace(/(\d{4})(?=\d)/g, '$1 ');

  await page.goto('/app/cartoes/vale-presente/vender');
  await page.getByLabel('Valor do vale').fill('50,00');
  await page.getByLabel('Usar um cartão físico').check();
  await page.getByRole('textbox', { name: 'Número do cartão' }).fill(agrupado);
  await page.getByLabel('Para (opcional)').fill('Cartão E2E');
  await fotografar(page, 'vale-cartao-vender-form-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-cartao-vender-form-celular', true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Vender vale-presente' }).click();
  const vendido = page.getByRole('region', { name: 'Vale-presente vendido' });
  await expect(vendido).toContainText('Vale-presente de R$ 50,00 vendido');
  await expect(vendido).toContainText('Código (número do cartão)');
  await expect(page.getByTestId('codigo-vale')).toHaveText(agrupado);
  const pin = (await page.getByTestId('pin-vale').innerText()).trim();
  expect(pin).toMatch(/^\d{6}$/);
  await fotografar(page, 'vale-cartao-vendido-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-cartao-vendido-celular', true);

  // The terminal takes the card's number as the gift card's code: R$ 30,00 sale, R$ 20,00 on the card.
  await page.setViewportSize({ width: 1280, height: 800 });
  await cadastrarClienteNoTerminal(page, 'Cliente do Cartão-Vale E2E');
  await page.getByLabel('Valor da compra').fill('30,00');
  await page.getByLabel('Pagar com vale-presente').check();
  await page.getByLabel('Código do vale').fill(numero);
  await page.getByLabel('Senha (PIN)').fill(pin);
  await page.getByLabel('Pagar com o vale').fill('20,00');
  await fotografar(page, 'vale-cartao-terminal-desktop', true);
  await page.getByRole('button', { name: 'Lançar venda (F2)' }).click();
  await expect(page.getByTestId('recibo-vale')).toHaveText('Pago com vale-presente: R$ 20,00 · saldo do vale: R$ 30,00');
  await fotografar(page, 'vale-cartao-terminal-recibo-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-cartao-terminal-recibo-celular', true);

  // The card's page: a gift card's carrier, pointing at its gift card; no printing.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/cartoes/${emitido.ids[0]}`);
  await expect(page.getByText('Suporte do vale (não vira cartão fidelidade)')).toBeVisible();
  await expect(page.getByText('Vale-presente', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Frente (PDF)' })).toHaveCount(0);
  await fotografar(page, 'vale-cartao-ficha-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-cartao-ficha-celular', true);

  // The management's list marks it as a physical card, with the balance left.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Ver o vale' }).click();
  const linha = page.getByRole('row').filter({ hasText: 'Cartão E2E' });
  await expect(linha).toContainText('Cartão físico', { timeout: 15_000 });
  await expect(linha).toContainText('R$ 30,00');
  await fotografar(page, 'vale-cartao-lista-desktop', true);
});

test('cupom e vale-presente na mesma venda: o desconto sai primeiro, o vale paga até o resto, o comprovante mostra os dois', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5).toUpperCase();
  const palavra = `VALE${sufixo}`;
  await chamarApi(page, 'POST', 'cupomdesconto/save', { nome: `Cupom e vale ${sufixo}`, tipo: 'ONLINE', beneficio: 'VALOR', valor: 10, palavraChave: palavra });
  const vale = await chamarApi<{ codigo: string; pin: string }>(page, 'POST', 'valepresente/vender', { valor: 100 });

  // R$ 100,00 with R$ 10,00 off: the card may pay up to R$ 90,00, and pays R$ 50,00 of it.
  await cadastrarClienteNoTerminal(page, 'Cliente Cupom e Vale E2E');
  await page.getByLabel('Valor da compra').fill('100,00');
  const cupom = page.getByRole('textbox', { name: 'Cupom' });
  await cupom.fill(palavra.toLowerCase());
  await cupom.press('Enter');
  await expect(page.getByTestId('cupom-previa')).toContainText('desconto de R$\u00a010,00');
  await page.getByLabel('Pagar com vale-presente').check();
  await page.getByLabel('Código do vale').fill(vale.codigo);
  await page.getByLabel('Senha (PIN)').fill(vale.pin);
  await expect(page.getByText('Até R$\u00a090,00; o resto é pago no caixa')).toBeVisible();
  await page.getByLabel('Pagar com o vale').fill('50,00');
  await fotografar(page, 'vale-cupom-e-vale-terminal-desktop', true);
  await page.getByRole('button', { name: 'Lançar venda (F2)' }).click();
  await expect(page.getByTestId('recibo-cupom')).toContainText(`Cupom ${palavra}: desconto de R$\u00a010,00`);
  await expect(page.getByTestId('recibo-vale')).toHaveText('Pago com vale-presente: R$ 50,00 · saldo do vale: R$ 50,00');
  // The printed receipt (48 columns): the gross value, the coupon's and the card's parts, and what is paid at the till (100 − 10 − 50).
  const papel = page.getByTestId('comprovante');
  await expect(papel).toContainText(/Valor da compra\s+R\$\s100,00/);
  await expect(papel).toContainText(new RegExp(`Cupom ${palavra}\\s+- R\\$\\s10,00`));
  await expect(papel).toContainText(/Vale-presente\s+- R\$\s50,00/);
  await expect(papel).toContainText(/A PAGAR\s+R\$\s40,00/);
  await fotografar(page, 'vale-cupom-e-vale-recibo-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'vale-cupom-e-vale-recibo-celular', true);
});
