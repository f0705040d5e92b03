import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/**
 * Decision 040: the consent a contact gave comes in with the import ("Aceita WhatsApp"/"Aceita e-mail")
 * and is recorded or revoked later on the contacts screen, with its history.
 */
test('gerente importa contatos com a coluna de consentimento e registra o aceite de um contato na tela', async ({ page }) => {
  const marca = Date.now().toString(36);
  const com = `Contato Aceita ${marca}`;
  const sem = `Contato Sem ${marca}`;
  const planilha = ['Nome;Celular;E-mail;Aceita WhatsApp;Aceita e-mail', `${com};(11) 97123-4567;aceita-${marca}@exemplo.com;sim;não`, `${sem};(11) 97234-5678;sem-${marca}@exemplo.com;;`].join('\r\n');

  await page.setViewportSize({ width: 1280, height: 900 });
  await entrar(page, 'gerente');
  await page.goto('/app/importacao/contatos');
  await page.locator('input[type=file]').setInputFiles({ name: `contatos-${marca}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${planilha}\r\n`, 'utf8') });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByText('Prévia das primeiras linhas')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: /^Importar 2 linhas/ }).click();
  await expect(page.getByRole('progressbar', { name: 'Andamento da tarefa' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });

  await page.getByRole('link', { name: 'Contatos e consentimento' }).click();
  await expect(page.getByRole('heading', { name: 'Contatos e consentimento' })).toBeVisible();
  await page.getByPlaceholder('Nome, e-mail ou celular').fill(marca);
  const linhaCom = page.getByRole('row').filter({ hasText: com });
  await expect(linhaCom.getByText('WhatsApp: aceita')).toBeVisible();
  await expect(linhaCom.getByText('E-mail: não aceita')).toBeVisible();
  const linhaSem = page.getByRole('row').filter({ hasText: sem });
  await expect(linhaSem.getByText('WhatsApp: sem registro')).toBeVisible();
  await fotografar(page, 'contatos-consentimento-desktop');

  // The contact said yes at the counter: record it, confirmed, and see it in the history.
  await linhaSem.getByRole('button', { name: `Consentimento de ${sem}` }).click();
  const modal = page.getByRole('dialog', { name: `Consentimento de ${sem}` });
  await expect(modal.getByText('Nenhum consentimento registrado')).toBeVisible();
  await modal.getByLabel('Aceita marketing por WhatsApp').click({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
  await expect(modal.getByRole('table', { name: 'Histórico de consentimento' }).getByText('WhatsApp')).toBeVisible();
  await expect(modal.getByLabel('Aceita marketing por WhatsApp')).toBeChecked();
  await fotografar(page, 'contatos-consentimento-modal');
  await page.keyboard.press('Escape');
  await expect(linhaSem.getByText('WhatsApp: aceita')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(linhaSem.getByText('WhatsApp: aceita')).toBeVisible();
  await fotografar(page, 'contatos-consentimento-mobile');
});
