import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/** Valid CPFs by the modulo-11 rule, so only the two rows made bad on purpose are refused. */
function cpf(base9: string): string {
  const d = [...base9].map(Number);
  const dv = (v: number[], p0: number) => {
    const r = v.reduce((s, x, i) => s + x * (p0 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(d, 10);
  return `${base9}${d1}${dv([...d, d1], 11)}`;
}

/** As Excel pt-BR saves it: `;`-separated, Windows-1252 (Latin-1 for these letters). */
function planilha(): Buffer {
  const linhas = [
    'Nome;CPF;Celular;E-mail;Nascimento;Saldo',
    `Joaquim Conceição;${cpf('210987654')};(11) 98111-2233;joaquim@exemplo.com;12/04/1979;15,90`,
    `Aparecida Gonçalves;${cpf('321098765')};(11) 98222-3344;aparecida@exemplo.com;03/09/1985;`,
    `Cliente CPF Errado;123.456.789-00;(11) 98333-4455;errado@exemplo.com;;`,
    `Cliente Data Errada;${cpf('432109876')};(11) 98444-5566;data@exemplo.com;31/02/1990;`,
    `Benedita Simões;${cpf('543210987')};(11) 98555-6677;;;`,
  ];
  return Buffer.from(`${linhas.join('\r\n')}\r\n`, 'latin1');
}

for (const [nome, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test(`gerente importa clientes com 2 linhas ruins e lê o relatório de erros (${nome})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await entrar(page, 'gerente');
    await page.goto('/app/importacao/clientes');
    await expect(page.getByRole('heading', { name: 'Importar clientes' })).toBeVisible();

    await page.locator('input[type=file]').setInputFiles({ name: `clientes-${nome}.csv`, mimeType: 'text/csv', buffer: planilha() });
    await page.getByRole('button', { name: 'Enviar arquivo' }).click();
    await expect(page.getByText('Prévia das primeiras linhas')).toBeVisible();
    await expect(page.getByText('Windows-1252 (Excel)')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Joaquim Conceição' })).toBeVisible();
    await fotografar(page, `importacao-colunas-${nome}`);

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Mesclar: preencher só os campos vazios do cadastro existente').check();
    await page.getByRole('button', { name: 'Importar 5 linhas' }).click();

    await expect(page.getByRole('progressbar', { name: 'Andamento da tarefa' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByText('Concluída.').first()).toBeVisible();
    const relatorio = page.getByRole('link', { name: 'Baixar relatório de erros' });
    await expect(relatorio).toBeVisible();
    await expect(page.getByText('Linhas com erro')).toBeVisible();
    await fotografar(page, `importacao-resumo-${nome}`);

    const [download] = await Promise.all([page.waitForEvent('download'), relatorio.click()]);
    expect(download.suggestedFilename()).toBe(`erros-clientes-${nome}.csv`);
    const texto = (await readFile((await download.path())!)).toString('utf8').replace(/^\ufeff/, '');
    const linhas = texto.trim().split('\r\n');
    expect(linhas[0]).toBe('Linha;Coluna;Valor;Erro');
    expect(linhas).toContain('4;CPF;123.456.789-00;CPF inválido.');
    expect(linhas).toContain('5;Nascimento;31/02/1990;Data de nascimento inválida.');
    expect(linhas).toHaveLength(3);

    await expect(page.getByText(`clientes-${nome}.csv`).filter({ visible: true }).first()).toBeVisible();
  });
}
