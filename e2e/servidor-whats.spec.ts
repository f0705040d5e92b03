import { expect, test } from '@playwright/test';
import { entrar, fotografar, sair } from './apoio';

/**
 * Issue 14 §1: the administrator adds a (sandbox) WhatsApp server; the manager creates the company's
 * instance, sees the QR on screen, "reads" it with the sandbox button and sees the true state.
 * Screenshots at 1366 and 390 (e2e/screenshots/whats-*.png).
 */


test('o administrador cadastra um servidor e o gerente pareia o WhatsApp da empresa pelo QR code', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await entrar(page, 'admin', { destinoEsperado: /\/app/ });
  await page.goto('/app/sistema/servidores');
  await page.getByRole('button', { name: 'Novo servidor' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo servidor' });
  await dialogo.getByLabel('Nome').fill('Sandbox 1');
  await dialogo.getByLabel('Tipo', { exact: true }).click();
  await page.getByRole('option', { name: 'Sandbox (sem WhatsApp real)' }).click();
  await dialogo.getByLabel('Endereço').fill('http://sandbox.local');
  await dialogo.getByLabel('Chave (apikey)').fill('chave-do-sandbox');
  await dialogo.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByText(/O servidor respondeu/)).toBeVisible();
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'Sandbox 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Verificar Sandbox 1' }).click();
  // Other specs (campanha) may have added their own sandbox server to the shared e2e database.
  await expect(page.getByRole('row').filter({ hasText: 'Sandbox 1' }).getByText('No ar')).toBeVisible();
  await fotografar(page, 'whats-servidores-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'whats-servidores-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await sair(page);

  await entrar(page, 'gerente');
  await page.goto('/app/servidor/whats');
  // The shared e2e database may already hold the company's number (campanha.spec pairs it): then this
  // is a re-pairing — disconnect (with confirmation) and connect again; else the first pairing.
  const criar = page.getByRole('button', { name: 'Criar instância' });
  await expect(criar.or(page.getByText('Conectada', { exact: true }))).toBeVisible();
  if (await criar.isVisible()) await criar.click();
  else {
    await page.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('button', { name: 'Sim' }).click();
    await page.getByRole('button', { name: 'Conectar', exact: true }).click();
  }
  await expect(page.getByRole('img', { name: 'QR code para parear o WhatsApp' })).toBeVisible();
  await expect(page.getByText('Aguardando leitura do QR code')).toBeVisible();
  await fotografar(page, 'whats-pareando-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'whats-pareando-390');
  await page.getByRole('button', { name: 'Simular leitura do QR (sandbox)' }).click();
  await expect(page.getByText('Conectada', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code para parear o WhatsApp' })).toHaveCount(0);
  await fotografar(page, 'whats-conectada-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await fotografar(page, 'whats-conectada-1366');
  await sair(page);

  await entrar(page, 'admin', { destinoEsperado: /\/app/ });
  await page.goto('/app/sistema/monitoramento');
  await page.getByRole('button', { name: 'Verificar agora' }).click();
  await expect(page).toHaveURL(/\/app\/sistema\/monitoramento\/detalhes\/\d+$/);
  await expect(page.getByText('Conectada e entregando.')).toBeVisible();
  await fotografar(page, 'whats-monitoramento-1366');
});
