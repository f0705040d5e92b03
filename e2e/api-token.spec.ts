import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/**
 * Issue 13 §3: the manager creates an API token on the screen; a script — no browser, no cookie —
 * posts a sale with it, and the sale shows in the back office.
 */
test('o gerente cria um token de API, um script lança uma venda com ele e a venda aparece no back office', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'gerente');
  await page.getByRole('navigation').getByText('Empresa', { exact: true }).click();
  await page.getByRole('link', { name: 'API / integrações' }).click();
  await expect(page).toHaveURL(/\/app\/empresa\/api$/);
  await expect(page.getByRole('heading', { name: 'API / integrações' })).toBeVisible();

  const nome = `PDV caixa ${Date.now()}`;
  await page.getByRole('button', { name: 'Novo token' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByRole('button', { name: 'Criar token' }).click();
  await expect(page.getByText('Copie o token agora')).toBeVisible();
  const segredo = (await page.getByTestId('segredo-token').textContent())!.trim();
  expect(segredo).toMatch(/^bnf_/);
  await fotografar(page, 'api-token-segredo-1366');
  await page.getByRole('button', { name: 'Concluir' }).click();
  const linha = page.getByRole('row', { name: new RegExp(nome) });
  await expect(linha).toBeVisible();
  await expect(linha.getByText('Nunca')).toBeVisible();
  await fotografar(page, 'api-token-lista-1366');

  // The script: only the token, no cookies or XSRF.
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${segredo}` } });
  // By CPF: the demo has Maria José's mobile on two records (the duplicates screen), so the mobile is ambiguous (409).
  const cliente = await script.get('/services/integracao/v1/clientes?cpf=38649572146');
  expect(cliente.status()).toBe(200);
  const { result: c } = (await cliente.json()) as { result: { id: number; nome: string } };
  const venda = await script.post('/services/integracao/v1/vendas', {
    headers: { 'idempotency-key': `e2e-${nome}` },
    data: { clienteId: c.id, valor: 87.65 },
  });
  expect(venda.status(), await venda.text()).toBe(200);
  const { result: v } = (await venda.json()) as { result: { transacaoId: number; cashback: number } };
  expect(v.cashback).toBe(4.38);

  await page.goto('/app/transacoes/vendas');
  await expect(page.getByText('R$ 87,65').first()).toBeVisible();

  // Used: the list shows when.
  await page.goto('/app/empresa/api');
  await expect(page.getByRole('row', { name: new RegExp(nome) }).getByText('Nunca')).toHaveCount(0);

  // Edited on the screen: a new name and no more customer look-ups; the same secret keeps posting sales.
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  const edicao = page.getByRole('dialog', { name: 'Editar token de API' });
  await expect(edicao.getByLabel('Nome')).toHaveValue(nome);
  await expect(edicao.getByTestId('segredo-token')).toHaveCount(0);
  const nomeNovo = `${nome} ERP`;
  await edicao.getByLabel('Nome').fill(nomeNovo);
  await edicao.getByRole('checkbox', { name: /clientes:consultar/ }).uncheck();
  await fotografar(page, 'api-token-editar-1366');
  await edicao.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Token alterado. O segredo continua o mesmo.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nomeNovo) })).not.toContainText('clientes:consultar');
  const semEscopo = await script.get('/services/integracao/v1/clientes?cpf=38649572146');
  expect(semEscopo.status()).toBe(403);
  const aindaVende = await script.post('/services/integracao/v1/vendas', { headers: { 'idempotency-key': `e2e-1-${nome}` }, data: { clienteId: c.id, valor: 10 } });
  expect(aindaVende.status(), await aindaVende.text()).toBe(200);

  // Revoked on the screen: the script is refused at once.
  await page.getByRole('button', { name: `Revogar ${nomeNovo}` }).click();
  await expect(page.getByText('Confirmação')).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Token revogado.')).toBeVisible();
  const recusada = await script.post('/services/integracao/v1/vendas', { headers: { 'idempotency-key': `e2e-2-${nome}` }, data: { clienteId: c.id, valor: 10 } });
  expect(recusada.status()).toBe(401);
  await script.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'API / integrações' })).toBeVisible();
  await page.getByText('Todos', { exact: true }).click();
  await expect(page.getByRole('article').or(page.locator(`[aria-label="${nomeNovo}"]`)).first()).toBeVisible();
  await fotografar(page, 'api-token-lista-390');
  await page.getByRole('button', { name: 'Novo token' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await fotografar(page, 'api-token-novo-390');
});
