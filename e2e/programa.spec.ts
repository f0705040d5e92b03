import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

// Empresa › Programa de fidelidade (docs/areas/programa.md): the manager changes the rate, the next
// terminal sale uses it, and the customer's balance is adjusted and reversed from the customer page.
// The e2e database is shared by every spec: the demo rate (5%) is put back at the end.

function cpfNovo(): string {
  const base = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  const digito = (ns: number[]) => {
    const resto = (ns.reduce((s, n, i) => s + n * (ns.length + 1 - i), 0) * 10) % 11;
    return resto === 10 ? 0 : resto;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

async function definirCashback(page: Page, percentual: string) {
  await page.goto('/app/empresa/programa');
  const campo = page.getByLabel('Cashback (%)');
  await expect(campo).toHaveValue(/\d/);
  await campo.fill(percentual);
  await page.getByRole('button', { name: 'Salvar regra' }).click();
  await expect(page.getByText('Regra do programa salva.', { exact: false })).toBeVisible();
}

// Its own page and timeout: puts the demo rate back even when the test failed or timed out.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await entrar(page, 'gerente');
  await definirCashback(page, '5');
  await page.close();
});

test('programa: o gerente muda o cashback, a próxima venda do terminal usa a taxa nova, e ajusta o saldo do cliente', async ({ page }) => {
  // Three screens, a sale and four confirmations.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await entrar(page, 'gerente');
  {
    // The menu leads to the screen.
    await page.getByRole('navigation').getByText('Empresa', { exact: true }).click();
    await page.getByRole('link', { name: 'Programa de fidelidade' }).click();
    await expect(page).toHaveURL(/\/app\/empresa\/programa$/);
    await expect(page.getByRole('heading', { name: 'Programa de fidelidade' })).toBeVisible();

    // The live example follows the form before anything is saved.
    const exemplo = page.getByTestId('exemplo-regra');
    await expect(exemplo).toContainText('Uma compra de R$ 100,00 dá R$ 5,00 de cashback');
    await page.getByLabel('Cashback (%)').fill('8');
    await expect(exemplo).toContainText('Uma compra de R$ 100,00 dá R$ 8,00 de cashback');
    await page.getByLabel('Carência (dias)').fill('0');
    await page.getByRole('button', { name: 'Salvar regra' }).click();
    await expect(page.getByText('Regra do programa salva.', { exact: false })).toBeVisible();
    // The audit trail shows who changed what.
    await expect(page.getByRole('row').filter({ hasText: '5,00% → 8,00%' }).first()).toContainText('Gabriel Gerente Souza');
    await fotografar(page, 'programa-1366');
    await page.getByRole('heading', { name: 'Histórico de alterações' }).scrollIntoViewIfNeeded();
    await fotografar(page, 'programa-historico-1366');
    // A branch: it follows the company's rule until it gets its own.
    await page.getByRole('combobox', { name: 'Regra de' }).click();
    await page.getByRole('option', { name: 'Bonifica Jardins' }).click();
    await expect(page.getByText('Segue a regra da empresa', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Criar regra própria' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('exemplo-regra').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('exemplo-regra')).toContainText('R$ 8,00 de cashback');
    await fotografar(page, 'programa-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // The next sale at the terminal: R$ 100,00 at 8% → R$ 8,00.
    await page.goto('/app/terminal');
    const cpf = cpfNovo();
    const nome = `Cliente Programa ${cpf.slice(0, 5)}`;
    const busca = page.getByRole('textbox', { name: /^Cliente/ });
    await expect(busca).toBeFocused();
    await busca.fill(cpf);
    await busca.press('Enter');
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
    await page.getByLabel('Nome').fill(nome);
    await page.getByRole('button', { name: 'Cadastrar e selecionar' }).click();
    await expect(page.getByTestId('terminal-cliente-nome')).toHaveText(nome);
    const valor = page.getByLabel('Valor da compra');
    await valor.fill('100,00');
    await valor.press('Enter');
    await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 8,00');

    // The customer page: a manual credit, then its reversal, each with a reason and Confirmação.
    await page.goto('/app/cadastros/clientes');
    await page.getByRole('searchbox', { name: 'Busca' }).fill(cpf);
    await page.getByRole('link', { name: nome }).click();
    await page.getByRole('tab', { name: 'Contas' }).click();
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    const ajuste = page.getByRole('dialog', { name: 'Ajustar saldo' });
    await ajuste.getByLabel('Valor').fill('2,50');
    await ajuste.getByLabel('Motivo').fill('Cortesia pela espera');
    await fotografar(page, 'programa-ajuste-1366');
    await ajuste.getByRole('button', { name: 'Lançar ajuste' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirmação' })).toContainText('Creditar R$ 2,50 de cashback');
    await page.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Ajuste lançado. Saldo agora: R$ 10,50.')).toBeVisible();
    await expect(page.getByText('Saldo total: R$ 10,50')).toBeVisible();

    await page.getByRole('tab', { name: 'Extrato' }).click();
    await expect(page.getByRole('button', { name: /^Estornar / })).toHaveCount(1);
    await page.getByRole('button', { name: 'Estornar Cortesia pela espera' }).click();
    const estorno = page.getByRole('dialog', { name: 'Estornar lançamento' });
    await estorno.getByLabel('Motivo do estorno').fill('Lançado no cliente errado');
    await estorno.getByRole('button', { name: 'Estornar' }).click();
    await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Lançamento estornado.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Cortesia pela espera' })).toContainText('Estornado');
    await expect(page.getByRole('button', { name: /^Estornar / })).toHaveCount(0);
    await fotografar(page, 'programa-extrato-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Cortesia pela espera' })).toBeVisible();
    await fotografar(page, 'programa-extrato-390');
  }
});
