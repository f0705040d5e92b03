import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chamarApi, entrar, fotografar } from './apoio';

// The first login of a cold server on a loaded machine can pass the 5 s of `entrar` (argon2): one retry.
test.describe.configure({ retries: 1 });

test('o gerente gera um lote de cupons com barra de progresso e imprime a folha; a atendente usa um código numa venda do terminal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5);
  const nome = `Lote E2E ${sufixo}`;

  await page.goto('/app/cupom/lotes');
  await expect(page.getByRole('heading', { name: 'Lotes de cupons' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Novo cupom' }).first().click();
  const gaveta = page.getByRole('dialog', { name: 'Novo cupom' });
  await gaveta.getByRole('textbox', { name: /Nome do cupom/ }).fill(nome);
  await gaveta.getByRole('textbox', { name: /Percentual/ }).fill('10');
  await gaveta.getByRole('textbox', { name: 'Prefixo' }).fill(`E${sufixo}`.slice(0, 6));
  await gaveta.getByRole('textbox', { name: 'Quantidade' }).fill('3000');
  await fotografar(page, 'cupom-form-desktop');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cupom cadastrado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Busca' }).fill(sufixo);
  const linha = page.getByRole('row').filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await expect(linha.getByText('0 / 3.000')).toBeVisible();

  // The batch: a job with its progress bar, to 100%.
  await linha.getByRole('button', { name: `Gerar códigos de ${nome}` }).click();
  const modal = page.getByRole('dialog', { name: 'Gerando os códigos' });
  await expect(modal.getByRole('progressbar', { name: 'Andamento da tarefa' }).first()).toBeVisible();
  await fotografar(page, 'cupom-gerando-desktop');
  await expect(modal.getByText('100%')).toBeVisible({ timeout: 60_000 });
  await modal.getByRole('button').first().click();
  await expect(linha.getByText('3.000 / 3.000')).toBeVisible();
  await fotografar(page, 'cupom-lotes-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
  await fotografar(page, 'cupom-lotes-celular');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The printed sheet (PDF) of the batch, kept for a look (pdftoppm) outside the test.
  const lista = await chamarApi<{ content: { id: number; nome: string }[] }>(page, 'POST', 'cupomdesconto/filterpaginated/0/10', { busca: sufixo });
  const cupomId = lista.content[0]!.id;
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const pdf = await page.request.post(`/services/cupomdesconto/gerarimpressao${cupomId}`, { data: { limite: 12 }, headers: { 'x-xsrf-token': xsrf } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  writeFileSync('/tmp/cupom-e2e.pdf', bytes);
  const codigos = await chamarApi<{ content: { codigo: string }[] }>(page, 'POST', 'cupomdesconto/filtrar/0/1', { cupomId, situacao: 'LIVRE' });
  const codigo = codigos.content[0]!.codigo;

  // A customer of the demo with a CPF.
  const clientes = await chamarApi<{ content: { id: number; nome: string; documento: string | null }[] }>(page, 'POST', 'client/filterpaginated/0/20', { status: 'ATIVO' });
  const cliente = clientes.content.find((c) => c.documento && c.documento.length === 11)!;

  // The attendant applies the code at the counter: preview, then the sale with the discount.
  await page.context().clearCookies();
  await entrar(page, 'atendente');
  await page.goto('/app/terminal');
  const campo = page.getByRole('textbox', { name: /^Cliente/ });
  await campo.fill(cliente.documento!);
  await campo.press('Enter');
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText(cliente.nome);
  await page.getByLabel('Valor da compra').fill('200,00');
  const cupom = page.getByRole('textbox', { name: 'Cupom' });
  await cupom.fill(codigo.toLowerCase());
  await cupom.press('Enter');
  await expect(page.getByTestId('cupom-previa')).toContainText('desconto de R$\u00a020,00');
  await fotografar(page, 'terminal-cupom-desktop');
  await page.getByRole('button', { name: /Lançar venda/ }).click();
  await expect(page.getByTestId('recibo-cupom')).toContainText(`Cupom ${codigo}`);
  // What the customer pays is the sale less the coupon's 10%; the cashback follows that customer's rule (another spec may change it).
  await expect(page.getByRole('region', { name: 'Venda registrada' }).getByText('R$\u00a0180,00').first()).toBeVisible();
  await fotografar(page, 'terminal-cupom-recibo-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('recibo-cupom').scrollIntoViewIfNeeded();
  await fotografar(page, 'terminal-cupom-recibo-celular');
});

test('cupom online: a página pública funciona no celular — o cliente pede com celular e consentimento e vê o código', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5);
  const salvo = await chamarApi<{ urlCurto: string }>(page, 'POST', 'cupomdesconto/save', { nome: `Online E2E ${sufixo}`, tipo: 'ONLINE', beneficio: 'VALOR', valor: 15, compraMinima: 60 });
  await page.goto('/app/cupom/online');
  await page.getByRole('searchbox', { name: 'Busca' }).fill(sufixo);
  await expect(page.getByRole('row').filter({ hasText: `Online E2E ${sufixo}` })).toBeVisible();
  await fotografar(page, 'cupom-online-desktop');

  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(salvo.urlCurto);
  await expect(page.getByRole('heading', { name: 'R$ 15,00 de desconto' })).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
  await fotografar(page, 'cupom-publico-celular');
  const celular = `119${String(Date.now()).slice(-8)}`;
  await page.getByLabel('CPF ou celular com DDD').fill(celular);
  await page.getByLabel(/Seu nome/).fill('Cliente Online E2E');
  await page.getByRole('button', { name: 'Quero meu cupom' }).click();
  // The browser's own check stops the form without the consent box.
  await expect(page.getByRole('heading', { name: 'R$ 15,00 de desconto' })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Quero meu cupom' }).click();
  await expect(page.getByRole('heading', { name: /Seu cupom/ })).toBeVisible();
  await expect(page.locator('[data-codigo]')).toHaveText(/^[2-9A-Z]{8}$/);
  await fotografar(page, 'cupom-publico-codigo-celular');
});
