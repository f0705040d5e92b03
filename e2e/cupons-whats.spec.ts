import { expect, test } from '@playwright/test';
import { chamarApi, entrar, fotografar } from './apoio';

// The first login of a cold server on a loaded machine can pass the 5 s of `entrar` (argon2): one retry.
test.describe.configure({ retries: 1 });

test('o gerente abre "Enviar por WhatsApp" de um cupom: escolhe o público, vê a prévia e a contagem, manda um teste', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5);
  const nome = `Whats E2E ${sufixo}`;
  await chamarApi(page, 'POST', 'cupomdesconto/save', {
    nome,
    tipo: 'LOTE',
    beneficio: 'PERCENTUAL',
    percentual: 15,
    dataVencimento: '2099-12-31',
    whatsAppLote: 'Olá {nome}! A {loja} separou um cupom de 15% para você: *{cupom}*. Vale até {vencimento}.',
  });
  const publico = `Público whats ${sufixo}`;
  await chamarApi(page, 'POST', 'publico/save', { nome: publico, condicoes: { filiais: [2] } });

  await page.goto('/app/cupom/lotes');
  await page.getByRole('searchbox', { name: 'Busca' }).fill(sufixo);
  const linha = page.getByRole('row').filter({ hasText: nome });
  await linha.getByRole('button', { name: `Enviar ${nome} por WhatsApp` }).click();
  const modal = page.getByRole('dialog', { name: `Enviar por WhatsApp — ${nome}` });
  await modal.getByRole('combobox', { name: 'Público' }).click();
  await page.getByRole('option', { name: publico }).click();
  await expect(modal.getByText(/A .+ separou um cupom de 15% para você: \*EXEMPLO123\*\. Vale até 31\/12\/2099\./)).toBeVisible();
  await expect(modal.getByText(/vai receber um código|vão receber um código/)).toBeVisible();
  await modal.getByRole('textbox', { name: 'Celular para teste' }).fill('(11) 98888-7777');
  await modal.getByRole('button', { name: 'Enviar teste' }).click();
  // The e2e database may have no WhatsApp number for the demo (its pairing is another spec's): either outcome is a clear message.
  await expect(page.getByText('Mensagem de teste na fila para +5511988887777.').or(page.getByText('A empresa não tem um número de WhatsApp para enviar mensagens.'))).toBeVisible();
  await fotografar(page, 'cupom-whats-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(modal.getByRole('button', { name: /Enviar para/ })).toBeVisible();
  await fotografar(page, 'cupom-whats-celular');
});
