import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/** The company sends through its own number: a sandbox server (admin) and the paired instance, unless a spec before made them. */
async function garantirWhatsapp(page: Page) {
  await entrar(page, 'gerente');
  await page.goto('/app/servidor/whats');
  const criar = page.getByRole('button', { name: 'Criar instância' });
  await expect(criar.or(page.getByText('Conectada', { exact: true }))).toBeVisible();
  if (!(await criar.isVisible())) return;
  await page.goto('/logout');
  await entrar(page, 'admin', { destinoEsperado: /\/app/ });
  await page.goto('/app/sistema/servidores');
  await page.getByRole('button', { name: 'Novo servidor' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo servidor' });
  await dialogo.getByLabel('Nome').fill('Sandbox mensagens');
  await dialogo.getByLabel('Tipo', { exact: true }).click();
  await page.getByRole('option', { name: 'Sandbox (sem WhatsApp real)' }).click();
  await dialogo.getByLabel('Endereço').fill('http://sandbox.local');
  await dialogo.getByLabel('Chave (apikey)').fill('chave-do-sandbox');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'Sandbox mensagens', exact: true })).toBeVisible();
  await page.goto('/logout');
  await entrar(page, 'gerente');
  await page.goto('/app/servidor/whats');
  await page.getByRole('button', { name: 'Criar instância' }).click();
  await page.getByRole('button', { name: 'Simular leitura do QR (sandbox)' }).click();
  await expect(page.getByText('Conectada', { exact: true })).toBeVisible();
}

test('o gerente escreve um modelo com pré-visualização de um cliente real e liga a mensagem de aniversário', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await garantirWhatsapp(page);
  await page.goto('/app/mensagens/modelo');
  await page.getByRole('button', { name: 'Novo modelo' }).first().click();
  const gaveta = page.getByRole('dialog', { name: 'Novo modelo' });
  const nome = `Aniversário ${Date.now()}`;
  await gaveta.getByRole('textbox', { name: 'Nome' }).fill(nome);
  const texto = gaveta.getByRole('textbox', { name: 'Texto' });
  await texto.fill('Parabéns, ');
  await gaveta.getByRole('button', { name: '{primeiro_nome}' }).click();
  await texto.press('End');
  await texto.pressSequentially('! Seu saldo é ');
  await gaveta.getByRole('button', { name: '{saldo_cashback}' }).click();
  await texto.press('End');
  await texto.pressSequentially('. Use o cupom ');
  await gaveta.getByRole('button', { name: '{cupom}' }).click();
  await gaveta.getByRole('combobox', { name: 'Cliente para a pré-visualização' }).fill('Maria José');
  await page.getByRole('option', { name: /Maria José da Silva/ }).first().click();
  await expect(gaveta.getByTestId('previa-texto')).toHaveText(/^Parabéns, Maria! Seu saldo é R\$ [\d.]+,\d{2}\. Use o cupom NIVER10$/);
  await fotografar(page, 'modelo-mensagem-desktop');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: nome, exact: true })).toBeVisible();
  await fotografar(page, 'modelos-mensagem-desktop');

  await page.goto('/app/mensagens/automatica');
  const aniversario = page.getByRole('region', { name: 'Aniversário' });
  await aniversario.getByRole('switch', { name: 'Ligar Aniversário' }).check({ force: true });
  await aniversario.getByRole('combobox', { name: 'Modelo' }).click();
  await page.getByRole('option', { name: nome }).click();
  await aniversario.getByRole('textbox', { name: 'Cupom' }).fill('NIVER10');
  await aniversario.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Aniversário: configuração salva.')).toBeVisible();
  await aniversario.getByRole('button', { name: 'Enviar agora' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  // A demo customer or none may have a birthday today: either answer is a queued round, not an error.
  await expect(page.getByText(/mensage(m|ns) enfileirada|Nenhum cliente novo/)).toBeVisible();
  await fotografar(page, 'mensagens-automaticas-desktop');
  await page.getByRole('tab', { name: 'Registro de envios' }).click();
  await fotografar(page, 'registro-envios-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/mensagens/automatica');
  await expect(page.getByRole('region', { name: 'Aniversário' })).toBeVisible();
  await fotografar(page, 'mensagens-automaticas-celular');
  await page.goto('/app/mensagens/modelo');
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page.getByRole('dialog', { name: 'Editar modelo' })).toBeVisible();
  await fotografar(page, 'modelo-mensagem-celular');
});
