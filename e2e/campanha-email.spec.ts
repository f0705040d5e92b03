import { expect, test } from '@playwright/test';
import { chamarApi, emailEnviadoPara, entrar, fotografar } from './apoio';

/**
 * Decision 034: a campaign by e-mail. The manager creates a customer who accepted e-mail, tags them, builds
 * an audience and an e-mail template, fires the campaign; the outbox's e-mail worker (pg-boss, every
 * minute) hands it to the sandbox folder (EMAIL_SANDBOX_DIR) with the unsubscribe link; the results say
 * there is no delivered/read for e-mail; the customer opens the link without a login and sees the
 * confirmation, counted as a "descadastro". Screenshots at 1366 and 390 (e2e/screenshots/campanha-email-*.png).
 * Independent of the other specs: its own customer, tag, audience and template, unique by a suffix.
 */

test.use({ actionTimeout: 15_000 });


test('campanha por e-mail: disparo, e-mail com descadastro na caixa do sandbox, resultados e o link aberto sem login', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const sufixo = Date.now().toString(36);
  const endereco = `eva.${sufixo}@exemplo.com.br`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await entrar(page, 'gerente');

  // A customer who accepted e-mail, alone under a tag of their own.
  const cliente = await chamarApi<{ id: number }>(page, 'POST', 'client/save', {
    nome: `Eva Email ${sufixo}`,
    email: endereco,
    consentimentos: [{ canal: 'EMAIL', concedido: true }],
  });
  const etiqueta = await chamarApi<{ id: number }>(page, 'POST', 'etiqueta/save', { nome: `news-${sufixo}` });
  await chamarApi(page, 'POST', `etiqueta/cliente/${cliente.id}`, { etiquetas: [etiqueta.id] });
  await chamarApi(page, 'POST', 'publico/save', { nome: `Newsletter ${sufixo}`, condicoes: { etiquetas: [etiqueta.id] } });
  // Audiences count over the customer summary (decision 033): a new customer enters it at the next round of
  // the `resumo-clientes` task, every 2 minutes — as the manager is told on screen.
  await expect
    .poll(async () => (await chamarApi<{ clientes: number }>(page, 'POST', 'publico/contagem', { etiquetas: [etiqueta.id] })).clientes, { timeout: 200_000, intervals: [5_000] })
    .toBe(1);

  // The e-mail template, through the screen.
  await page.goto('/app/mensagens/modelo');
  await page.getByRole('button', { name: 'Novo modelo' }).first().click();
  const modelo = page.getByRole('dialog', { name: 'Novo modelo' });
  await modelo.getByRole('textbox', { name: 'Nome' }).fill(`Newsletter ${sufixo}`);
  await modelo.locator('label').filter({ hasText: /^E-mail$/ }).click();
  await modelo.getByRole('textbox', { name: 'Assunto' }).fill('Novidades para {primeiro_nome}');
  await modelo.getByRole('textbox', { name: 'Texto' }).fill('Olá {primeiro_nome}! Seu saldo na {loja} é {saldo_cashback}.');
  await modelo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: `Newsletter ${sufixo}`, exact: true })).toBeVisible();

  // The campaign, by e-mail.
  await page.goto('/app/marketing/campanhas/nova');
  await page.getByLabel(/Nome da campanha/).fill(`Newsletter ${sufixo}`);
  await page.locator('label').filter({ hasText: /^E-mail$/ }).click();
  await page.getByRole('combobox', { name: /^Público/ }).click();
  await page.getByRole('option', { name: `Newsletter ${sufixo}` }).click();
  await expect(page.getByTestId('contagem-publico')).toContainText('1 clientes no público');
  await page.getByRole('combobox', { name: /^Modelo de mensagem \(e-mail\)/ }).click();
  await page.getByRole('option', { name: `Newsletter ${sufixo}` }).click();
  await expect(page.getByText('Assunto: Novidades para {primeiro_nome}')).toBeVisible();
  await page.getByLabel(/Grupo de controle/).fill('0');
  await fotografar(page, 'campanha-email-form-1366');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/app\/marketing\/campanhas\/\d+$/);
  const campanhaId = Number(page.url().split('/').pop());
  await page.getByRole('button', { name: 'Disparar' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();

  // The worker's next run hands it to the sandbox folder: subject, text, unsubscribe footer and header.
  // Up to a couple of minutes: the worker is a pg-boss job started every minute.
  let email: Awaited<ReturnType<typeof emailEnviadoPara>> | undefined;
  for (let i = 0; i < 8 && !email; i++) email = await emailEnviadoPara(endereco).catch(() => undefined);
  expect(email, 'o e-mail da campanha chegou à pasta do sandbox').toBeDefined();
  expect(email!.assunto).toBe('Novidades para Eva');
  expect(email!.corpo).toMatch(/^Olá Eva! Seu saldo na .+ é R\$ 0,00\.\n\n--\nVocê recebeu este e-mail porque autorizou mensagens de /);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/descadastro\/\S+)$/.exec(email!.corpo)![1]!;
  expect((email as unknown as { cabecalhos: Record<string, string> }).cabecalhos['List-Unsubscribe']).toBe(`<${link}>`);

  await page.reload();
  await expect(page.getByTestId('res-enviadas')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByTestId('res-entregues')).toHaveText('—');
  await expect(page.getByTestId('res-aviso-email')).toContainText('E-mail não tem confirmação de entrega nem de leitura');
  await expect(page.getByTestId('res-optouts')).toHaveText('0');
  await fotografar(page, 'campanha-email-resultados-1366');

  // The customer opens the link: no login, no back-office bundle, a plain confirmation.
  const anonimo = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const p = await anonimo.newPage();
  const scripts: string[] = [];
  p.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await p.goto(link);
  await expect(p.getByRole('heading', { name: 'Parar de receber e-mails?' })).toBeVisible();
  await p.screenshot({ path: 'e2e/screenshots/campanha-email-descadastro-pergunta-390.png' });
  await p.getByRole('button', { name: 'Confirmar descadastro' }).click();
  await expect(p.getByRole('heading', { name: 'Pronto, você foi descadastrado' })).toBeVisible();
  expect(scripts).toEqual([]);
  await p.screenshot({ path: 'e2e/screenshots/campanha-email-descadastro-390.png' });
  await p.setViewportSize({ width: 1366, height: 700 });
  await p.screenshot({ path: 'e2e/screenshots/campanha-email-descadastro-1366.png' });
  await anonimo.close();

  // Counted in the results, and the customer's e-mail consent is now "no".
  await page.reload();
  await expect(page.getByTestId('res-optouts')).toHaveText('1');
  const participantes = await chamarApi<{ content: { clienteId: number; situacao: string }[] }>(page, 'GET', `filtrar/participantes/${campanhaId}/0/20`);
  expect(participantes.content).toEqual([expect.objectContaining({ clienteId: cliente.id, situacao: 'ENVIADA' })]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/marketing/campanhas/${campanhaId}`);
  await page.getByTestId('res-aviso-email').scrollIntoViewIfNeeded();
  await fotografar(page, 'campanha-email-resultados-390');
  await page.goto('/app/marketing/campanhas/nova');
  await page.locator('label').filter({ hasText: /^E-mail$/ }).click();
  await expect(page.getByText(/link de descadastro no rodapé/)).toBeVisible();
  await fotografar(page, 'campanha-email-form-390');
});
