import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/**
 * Issue 13 §4: the system administrator runs a maintenance action and follows it to the end — the
 * progress bar and the log — on the real pg-boss queue of the built app (docs/areas/manutencao.md).
 */
for (const [nome, viewport, acao, destrutiva] of [
  ['desktop', { width: 1366, height: 768 }, 'Refazer os resumos do dashboard', true],
  ['mobile', { width: 390, height: 844 }, 'Conferir saldos com o razão', false],
] as const) {
  test(`admin executa "${acao}" e acompanha progresso e log (${nome})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await entrar(page, 'admin');
    await page.goto('/app/sistema/manutencao');
    await expect(page.getByRole('heading', { level: 1, name: 'Manutenção' })).toBeVisible();
    await fotografar(page, `sistema-manutencao-lista-${nome}`);

    await page.getByRole('button', { name: `Executar: ${acao}` }).click();
    const dialogo = page.getByRole('dialog', { name: acao });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('combobox', { name: /Empresa/ }).click();
    await page.getByRole('option', { name: /^Bonifica Demo/ }).click();
    const executar = dialogo.getByRole('button', { name: 'Executar' });
    if (destrutiva) {
      // Never destructive without the typed confirmation.
      await expect(executar).toBeDisabled();
      await dialogo.getByRole('textbox', { name: 'Confirmação' }).fill('CONFIRMAR');
    }
    await fotografar(page, `sistema-manutencao-confirmacao-${nome}`);
    await executar.click();

    await expect(page).toHaveURL(/\/app\/sistema\/manutencao\/detalhe\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: acao })).toBeVisible();
    await expect(page.getByText('Concluída')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('100%')).toBeVisible();
    const log = page.getByRole('list', { name: 'Log da execução' });
    await expect(log.getByRole('listitem').first()).toContainText(`Início: ${acao} (Bonifica Demo`);
    await expect(page.getByText('Ana Administradora')).toBeVisible();
    await fotografar(page, `sistema-manutencao-detalhe-${nome}`);

    await page.goto('/app/sistema/manutencao');
    const linha = page.getByRole('row').filter({ has: page.getByRole('link', { name: acao }) }).first();
    await expect(linha).toContainText('Concluída');

    await page.goto('/app/sistema/tarefa');
    await expect(page.getByRole('link', { name: 'Resumo das vendas do dia' })).toBeVisible();
    await fotografar(page, `sistema-tarefa-${nome}`);
  });
}
