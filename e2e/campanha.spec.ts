import { expect, test } from '@playwright/test';
import { chamarApi, entrar, fotografar, garantirWhatsConectado, sair } from './apoio';

/**
 * Issue 14 §4: the administrator adds a sandbox WhatsApp server; the manager pairs the number (QR on
 * screen), writes a template, builds an audience, fires a campaign and watches the progress bar and
 * the results; a customer answers "SAIR" (the sandbox's simulation call) and is left out of the next
 * campaign. Screenshots at 1366 and 390 (e2e/screenshots/campanha-*.png).
 * The outbox worker runs every minute (pg-boss), so the bar starts moving within about a minute.
 */

test.use({ actionTimeout: 15_000 });

test('campanha de ponta a ponta: parear, modelo, público, disparo com progresso e resultados; quem disse SAIR sai da próxima', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await entrar(page, 'admin', { destinoEsperado: /\/app/ });
  await page.goto('/app/sistema/servidores');
  await page.getByRole('button', { name: 'Novo servidor' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo servidor' });
  await dialogo.getByLabel('Nome').fill('Sandbox campanhas');
  await dialogo.getByLabel('Tipo', { exact: true }).click();
  await page.getByRole('option', { name: 'Sandbox (sem WhatsApp real)' }).click();
  await dialogo.getByLabel('Endereço').fill('http://sandbox.local');
  await dialogo.getByLabel('Chave (apikey)').fill('chave-do-sandbox');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'Sandbox campanhas', exact: true })).toBeVisible();
  await sair(page);

  // The manager pairs the company's number.
  await entrar(page, 'gerente');
  // Another spec (caixa-de-saida) may have paired it already in the shared database.
  await garantirWhatsConectado(page);

  // A template.
  await page.goto('/app/mensagens/modelo');
  await page.getByRole('button', { name: 'Novo modelo' }).first().click();
  const modelo = page.getByRole('dialog', { name: 'Novo modelo' });
  await modelo.getByRole('textbox', { name: 'Nome' }).fill('Oferta de verão');
  await modelo.getByRole('textbox', { name: 'Texto' }).fill('Oi {primeiro_nome}! Seu saldo na {loja} é {saldo_cashback}.');
  await modelo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'Oferta de verão', exact: true })).toBeVisible();

  // An audience: every active customer.
  await page.goto('/app/marketing/publicos/novo');
  await page.getByLabel('Nome do público').fill('Todos os clientes');
  await page.getByRole('button', { name: 'Salvar público' }).click();
  await expect(page).toHaveURL(/\/app\/marketing\/publicos$/);

  // The campaign.
  await page.goto('/app/marketing/campanhas');
  await page.getByRole('button', { name: 'Nova campanha' }).first().click();
  await page.getByLabel(/Nome da campanha/).fill('Verão 2026');
  await page.getByRole('combobox', { name: /^Público/ }).click();
  await page.getByRole('option', { name: 'Todos os clientes' }).click();
  await expect(page.getByTestId('contagem-publico')).toContainText('clientes no público');
  await page.getByRole('combobox', { name: /^Modelo de mensagem/ }).click();
  await page.getByRole('option', { name: 'Oferta de verão' }).click();
  await expect(page.getByTestId('previa-modelo')).toContainText('Oi {primeiro_nome}!');
  await page.getByLabel(/Grupo de controle/).fill('20');
  await fotografar(page, 'campanha-form-1366');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/app\/marketing\/campanhas\/\d+$/);
  const campanhaId = Number(page.url().split('/').pop());
  await page.getByRole('button', { name: 'Disparar' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Enviando', { exact: true })).toBeVisible();
  // The worker's next run sends; the bar moves without a reload.
  await expect(page.getByTestId('percentual')).not.toHaveText(/^0% de/, { timeout: 150_000 });
  await expect(page.getByTestId('res-enviadas')).not.toHaveText('0', { timeout: 30_000 });
  await fotografar(page, 'campanha-progresso-1366');
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await expect(page.getByText('Não recebe').first()).toBeVisible();
  await fotografar(page, 'campanha-participantes-1366');

  // A participant who received answers "SAIR" to the number.
  // Not Ana Beatriz: telas.spec finds her WhatsApp link (consent) in the shared e2e database.
  const recebeu = await chamarApi<{ content: { clienteId: number; celular: string; nome: string }[] }>(page, 'GET', `filtrar/participantes/${campanhaId}/0/20?grupo=ENVIO`);
  const quem = recebeu.content.find((p) => !p.nome.startsWith('Ana Beatriz'))!;
  const status = await chamarApi<{ instancias: { id: number }[] }>(page, 'GET', 'servidorwhatsapp/status');
  await chamarApi(page, 'POST', `servidorwhatsapp/sandbox/recebida/${status.instancias[0]!.id}`, { de: quem.celular, texto: 'SAIR' });
  await page.reload();
  await expect(page.getByTestId('res-optouts')).toHaveText('1');

  // The next campaign leaves them out.
  await page.goto('/app/marketing/campanhas/nova');
  await page.getByLabel(/Nome da campanha/).fill('Verão 2026 — segunda onda');
  await page.getByRole('combobox', { name: /^Público/ }).click();
  await page.getByRole('option', { name: 'Todos os clientes' }).click();
  await page.getByRole('combobox', { name: /^Modelo de mensagem/ }).click();
  await page.getByRole('option', { name: 'Oferta de verão' }).click();
  await page.getByLabel(/Grupo de controle/).fill('0');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/app\/marketing\/campanhas\/\d+$/);
  const segunda = Number(page.url().split('/').pop());
  await page.getByRole('button', { name: 'Disparar' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('percentual')).toBeVisible();
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await expect(page.getByRole('cell', { name: quem.nome })).toHaveCount(0);
  const todos = await chamarApi<{ content: { clienteId: number }[] }>(page, 'GET', `filtrar/participantes/${segunda}/0/100`);
  expect(todos.content.length).toBeGreaterThan(0);
  expect(todos.content.map((p) => p.clienteId)).not.toContain(quem.clienteId);

  await page.goto('/app/marketing/campanhas');
  await expect(page.getByRole('cell', { name: 'Verão 2026', exact: true })).toBeVisible();
  await fotografar(page, 'campanha-lista-1366');

  // Phone width, each page loaded at that width (the menu starts closed, as on a phone).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/marketing/campanhas');
  await expect(page.getByText('Verão 2026', { exact: true })).toBeVisible();
  await fotografar(page, 'campanha-lista-390');
  await page.goto('/app/marketing/campanhas/nova');
  await expect(page.getByText('Quando enviar')).toBeVisible();
  await fotografar(page, 'campanha-form-390');
  await page.goto(`/app/marketing/campanhas/${campanhaId}`);
  await expect(page.getByTestId('percentual')).toBeVisible();
  await fotografar(page, 'campanha-progresso-390');
  await page.getByTestId('res-enviadas').scrollIntoViewIfNeeded();
  await fotografar(page, 'campanha-resultados-390');
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await expect(page.getByText('Não recebe').first()).toBeVisible();
  await fotografar(page, 'campanha-participantes-390');
});
