import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chamarApi, entrar, fotografar } from './apoio';

/** A 1×1 PNG, the prize's photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('o gerente cadastra um prêmio com foto; a atendente o resgata no terminal e imprime o comprovante; o gerente cancela e o saldo volta; o novo resgate é entregue pelo código', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5);
  const nome = `Caneca E2E ${sufixo}`;

  // A customer of the demo with a CPF (the terminal finds her by it) and points to spend.
  const clientes = await chamarApi<{ content: { id: number; nome: string; documento: string | null }[] }>(page, 'POST', 'client/filterpaginated/0/20', { status: 'ATIVO' });
  const cliente = clientes.content.find((c) => c.documento && c.documento.length === 11)!;
  // chamarApi asserts the adjustment was accepted.
  await chamarApi(page, 'POST', 'account/lancamento/ajuste', { clienteId: cliente.id, unidade: 'PONTOS', valor: 50, motivo: 'Pontos para o e2e de prêmios' });

  // The manager registers the prize with its photo.
  await page.goto('/app/premios/catalogo');
  await expect(page.getByRole('heading', { name: 'Catálogo de prêmios' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo prêmio' }).first().click();
  const gaveta = page.getByRole('dialog', { name: 'Novo prêmio' });
  await gaveta.getByRole('textbox', { name: /Nome do prêmio/ }).fill(nome);
  await gaveta.getByRole('textbox', { name: 'Descrição' }).fill('Caneca de porcelana com a marca da loja');
  await gaveta.locator('input[type="file"]').setInputFiles({ name: 'caneca.png', mimeType: 'image/png', buffer: PNG });
  await expect(gaveta.getByRole('img', { name: 'Foto do prêmio' })).toBeVisible();
  await gaveta.getByRole('textbox', { name: 'Pontos' }).fill('30');
  await gaveta.getByRole('textbox', { name: /Estoque/ }).fill('5');
  await fotografar(page, 'premio-form-desktop');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Prêmio cadastrado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Busca' }).fill(sufixo);
  const linha = page.getByRole('row').filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await expect(linha.getByText('30 pontos')).toBeVisible();
  await expect(linha.locator('img')).toBeVisible();
  await fotografar(page, 'premios-catalogo-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
  await fotografar(page, 'premios-catalogo-celular');

  // The attendant (Jardins) redeems it at the counter: only what the balance reaches is offered.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'atendente');
  const abrirCliente = async () => {
    await page.goto('/app/terminal');
    const campo = page.getByRole('textbox', { name: /^Cliente/ });
    await expect(campo).toBeFocused();
    await campo.fill(cliente.documento!);
    await campo.press('Enter');
    await expect(page.getByTestId('terminal-cliente-nome')).toHaveText(cliente.nome);
  };
  const pontos = async () => Number((await page.getByTestId('saldo-pontos').innerText()).replace(/\D/g, ''));
  await abrirCliente();
  await expect(page.getByTestId('saldo-pontos')).not.toHaveText('');
  const pontosAntes = await pontos();
  const passo = page.getByRole('region', { name: 'Prêmios' });
  const resgatarNoTerminal = async () => {
    await expect(passo.getByText(nome)).toBeVisible();
    await passo.getByRole('button', { name: `Resgatar ${nome}` }).click();
    await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Prêmio resgatado.')).toBeVisible();
    const c = (await passo.getByTestId('codigo-resgate').textContent())!.trim();
    expect(c).toMatch(/^[2-9A-Z]{8}$/);
    return c;
  };
  const primeiro = await resgatarNoTerminal();
  await expect(page.getByTestId('saldo-pontos')).toHaveText((pontosAntes - 30).toLocaleString('pt-BR'));
  await fotografar(page, 'terminal-premios-desktop');

  // The 80 mm voucher: a PDF opened in a new tab, kept for a look (pdftoppm) outside the test.
  const [resposta] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/services/premio/resgate/imprimir')),
    passo.getByRole('button', { name: 'Imprimir comprovante' }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  // The tab keeps the blob to itself: the same call again, for the bytes.
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const denovo = await page.request.post(resposta.url(), { data: resposta.request().postDataJSON(), headers: { 'x-xsrf-token': xsrf } });
  const voucher = await denovo.body();
  expect(voucher.subarray(0, 4).toString()).toBe('%PDF');
  writeFileSync('/tmp/premio-e2e-comprovante.pdf', voucher);
  await page.setViewportSize({ width: 390, height: 844 });
  await passo.scrollIntoViewIfNeeded();
  await fotografar(page, 'terminal-premios-celular');

  // The manager cancels that redemption: the points come back to the customer (and the unit to the stock).
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'gerente');
  await page.goto(`/app/premios/resgates?codigo=${primeiro}`);
  await page.getByRole('button', { name: `Mais ações do resgate ${primeiro}` }).click();
  await page.getByRole('menuitem', { name: 'Cancelar resgate' }).click();
  const cancelar = page.getByRole('dialog', { name: `Cancelar o resgate ${primeiro}` });
  await cancelar.getByRole('textbox', { name: /Motivo/ }).fill('Cliente trocou de ideia');
  await cancelar.getByRole('button', { name: 'Cancelar resgate' }).click();
  await expect(page.getByText('Resgate cancelado: saldo e estoque devolvidos.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: primeiro }).getByText('Cancelado')).toBeVisible();
  await fotografar(page, 'premios-resgate-cancelado-desktop');

  // Back at the counter the balance is what it was, and the customer redeems again.
  await page.context().clearCookies();
  await entrar(page, 'atendente');
  await abrirCliente();
  await expect(page.getByTestId('saldo-pontos')).toHaveText(pontosAntes.toLocaleString('pt-BR'));
  const codigo = await resgatarNoTerminal();
  expect(codigo).not.toBe(primeiro);

  // Hand-over against the code, on the redemptions screen.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/app/premios/resgates?codigo=${codigo}`);
  await expect(page.getByRole('row').filter({ hasText: codigo })).toBeVisible();
  await page.getByRole('button', { name: `Entregar o resgate ${codigo}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Entregar ${nome}` });
  await dialogo.getByRole('textbox', { name: /Código do resgate/ }).fill('AAAAAAAA');
  await dialogo.getByRole('button', { name: 'Entregar prêmio' }).click();
  await expect(page.getByText('O código não confere com o deste resgate.')).toBeVisible();
  await dialogo.getByRole('textbox', { name: /Código do resgate/ }).fill(codigo);
  await dialogo.getByRole('button', { name: 'Entregar prêmio' }).click();
  await expect(page.getByText('Prêmio entregue.')).toBeVisible();
  const resgatado = page.getByRole('row').filter({ hasText: codigo });
  await expect(resgatado.getByText('Retirado')).toBeVisible();
  await fotografar(page, 'premios-resgates-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row').filter({ hasText: codigo })).toBeVisible();
  await fotografar(page, 'premios-resgates-celular');
});
