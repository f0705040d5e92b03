import { expect, test, type Page } from '@playwright/test';
import { chamarApi, entrar, fotografar } from './apoio';

/** A day counted from today in Brasília, as DD/MM/AAAA, the way a user types it. */
const dia = (dias: number) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + dias * 86_400_000));

async function digitarData(page: Page, campo: string, texto: string) {
  await page.getByRole('textbox', { name: campo }).fill(texto);
  // Tab only: Escape would close the drawer the field is in.
  await page.getByRole('textbox', { name: campo }).press('Tab');
}

type Sorteio = { id: number; codigoPublico: string; hashLista: string | null };
type Ganhador = { numero: string; posicao: number; manual: boolean };

test('um sorteio é cadastrado, congelado e sorteado, e a página pública refaz o sorteio no navegador com os mesmos ganhadores', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The first login on a fresh server under a loaded machine may take longer than entrar's 5 s.
  await entrar(page, 'gerente').catch(() => expect(page).toHaveURL(/\/app\/pages\/bemvindo$/, { timeout: 30_000 }));
  const nome = `Sorteio E2E ${Date.now().toString(36).slice(-5)}`;

  // The form: the demo's sales of the last weeks give the lucky numbers; the seed is today's Loteria Federal
  // (the list must be frozen before the extraction, and the result typed on its day).
  await page.goto('/app/sorteio/sorteios');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorteios' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo sorteio' }).first().click();
  const gaveta = page.getByRole('dialog', { name: 'Novo sorteio' });
  await gaveta.getByRole('textbox', { name: /Nome do sorteio/ }).fill(nome);
  await gaveta.getByRole('textbox', { name: /Regulamento/ }).fill('A cada R$ 10,00 em compras no período, um número da sorte. Ganhadores pela Loteria Federal.');
  await digitarData(page, 'Início do período', dia(-59));
  await digitarData(page, 'Fim do período', dia(-2));
  await gaveta.getByRole('textbox', { name: /Prêmios/ }).fill('Uma bicicleta\nVale-compras de R$ 100,00');
  await gaveta.getByRole('textbox', { name: /Valor por número/ }).fill('10,00');
  await gaveta.getByRole('textbox', { name: /Máximo de números/ }).fill('50');
  await digitarData(page, 'Data da extração da Loteria Federal', dia(0));
  await fotografar(page, 'sorteio-form-desktop');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sorteio cadastrado.')).toBeVisible();

  // Freeze: the list is closed and its SHA-256 published.
  await page.getByRole('searchbox', { name: 'Busca' }).fill(nome);
  const linha = page.getByRole('row').filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await linha.getByRole('button', { name: `Congelar ${nome}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText(/Lista congelada: \d+ participantes/)).toBeVisible({ timeout: 30_000 });
  await fotografar(page, 'sorteio-lista-desktop');

  // Winners: the manager types the Loteria result and draws both prizes.
  await linha.getByRole('button', { name: `Ganhadores de ${nome}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ganhadores' })).toBeVisible();
  await page.getByRole('textbox', { name: /Resultado da Loteria Federal/ }).fill('48213');
  await page.getByRole('button', { name: 'Registrar semente' }).click();
  // Asked first, with the number typed in bold: a wrong Loteria result would change every winner.
  await expect(page.getByRole('dialog').getByText('48213')).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('semente')).toHaveText('48213');
  await page.getByRole('button', { name: 'Sortear o 1º prêmio' }).click();
  await expect(page.getByRole('dialog').getByText(/Sortear agora o 1º prêmio \(Uma bicicleta\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('ganhador')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sortear o 2º prêmio' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('ganhador')).toHaveCount(2);
  await fotografar(page, 'sorteio-ganhadores-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'sorteio-ganhadores-mobile');

  const [s] = (await chamarApi<{ content: Sorteio[] }>(page, 'POST', 'sorteio/filterpaginated/0/10', { busca: nome })).content;
  const ganhadores = await chamarApi<Ganhador[]>(page, 'GET', `sorteio/ganhadores/${s!.id}`);
  expect(ganhadores.map((g) => g.posicao)).toEqual([1, 2]);

  // The public page, without a session: the browser downloads the list, hashes it and re-runs the draw.
  const anonimo = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const publica = await anonimo.newPage();
  await publica.goto(`/p/sorteio/${s!.codigoPublico}`);
  await expect(publica.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(publica.locator('#hash')).toHaveText(s!.hashLista!);
  await publica.getByRole('button', { name: 'Verificar no meu navegador' }).click();
  await expect(publica.locator('#resultado')).toHaveAttribute('data-estado', 'ok', { timeout: 60_000 });
  await expect(publica.getByText('SHA-256 da lista confere')).toBeVisible();
  for (const g of ganhadores) {
    const celula = publica.locator(`tr[data-posicao="${g.posicao}"] .conferido`);
    await expect(celula).toHaveAttribute('data-sorteado', g.numero);
    await expect(celula).toHaveText('✔ confere');
  }
  await fotografar(publica, 'sorteio-publica-desktop', true);
  await publica.setViewportSize({ width: 390, height: 844 });
  await fotografar(publica, 'sorteio-publica-mobile', true);
  const lista = await publica.request.get(`/p/sorteio/${s!.codigoPublico}/lista.txt`);
  expect(lista.ok()).toBe(true);
  expect(await lista.text()).toMatch(/^0000001;0000001;/);
  await anonimo.close();
});
