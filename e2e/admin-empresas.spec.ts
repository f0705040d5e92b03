import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar, sair } from './apoio';

/**
 * Issue 13 §4: the system administrator onboards a client company without touching the database (its
 * manager then sets up the programme and sells on her own, §5), and the white label changes the header. Screenshots at 1366 and 390 (e2e/screenshots/admin-*.png).
 */

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48"><rect width="48" height="48" rx="10" fill="#c2255c"/><text x="24" y="33" font-size="26" font-family="sans-serif" fill="#fff" text-anchor="middle">F</text><text x="58" y="32" font-size="22" font-family="sans-serif" font-weight="700" fill="#c2255c">Fideliza Mais</text></svg>',
);

/** Uploads take no SVG (apps/api/src/lib/imagem.ts): the logo drawn by the browser, as a PNG. */
async function comoPng(page: Page, svg: Buffer): Promise<Buffer> {
  const p = await page.context().newPage();
  await p.setContent(`<body style="margin:0">${svg.toString('utf8')}</body>`);
  const png = await p.locator('svg').screenshot({ omitBackground: true });
  await p.close();
  return png;
}


/** Back to the product's own brand, so the specs that follow see "Bonifica". */
async function restaurarMarca(page: Page) {
  await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
    const h = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf };
    await fetch('/services/config/save', { method: 'POST', headers: h, body: JSON.stringify({ nomeSistema: 'Bonifica', corPrimaria: '', textoLogin: '' }) });
    await fetch('/services/sistema/whitelabel/imagem/topoAngular', { method: 'DELETE', headers: { 'X-XSRF-TOKEN': xsrf } });
  });
}

test('o administrador cadastra uma empresa e o gerente dela entra, monta o programa sozinho e faz a primeira venda', async ({ page }) => {
  // Onboarding, the programme and a first sale: three screens and a login.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await entrar(page, 'admin');
  await page.getByRole('navigation').getByText('Sistema', { exact: true }).click();
  await page.getByRole('link', { name: 'Empresas' }).click();
  await expect(page).toHaveURL(/\/app\/sistema\/empresas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Padaria Pão Quente/ })).toBeVisible();

  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const gaveta = page.getByRole('dialog', { name: 'Nova empresa' });
  await gaveta.getByLabel('Razão social').fill('Mercadinho Bom Preço Ltda');
  await gaveta.getByLabel('Nome fantasia').fill('Mercadinho Bom Preço');
  await expect(gaveta.getByLabel('Endereço da página pública')).toHaveValue('mercadinho-bom-preco');
  await gaveta.getByLabel('CNPJ').fill('11.444.777/0001-61');
  await gaveta.getByLabel('Nome do gerente').fill('Beatriz Nova Gerente');
  await gaveta.getByRole('textbox', { name: 'Usuário' }).fill('beatriz.bompreco');
  await gaveta.getByRole('textbox', { name: 'E-mail' }).fill('beatriz@bompreco.exemplo.com.br');
  await gaveta.getByRole('textbox', { name: 'Senha inicial' }).fill('primeira-senha-1');
  await fotografar(page, 'admin-empresa-nova-1366');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Empresa cadastrada.')).toBeVisible();
  const linha = page.getByRole('row', { name: /Mercadinho Bom Preço/ });
  await expect(linha).toBeVisible();
  await expect(linha.getByText('Ativa')).toBeVisible();
  await fotografar(page, 'admin-empresas-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Mercadinho Bom Preço').first()).toBeVisible();
  await fotografar(page, 'admin-empresas-390');
  await page.setViewportSize({ width: 1366, height: 800 });

  await sair(page);
  await page.getByLabel('Usuário', { exact: true }).fill('beatriz.bompreco');
  await page.getByLabel('Senha', { exact: true }).fill('primeira-senha-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/pages\/bemvindo$/);
  await expect(page.getByTestId('cabecalho-empresa')).toHaveText('Mercadinho Bom Preço');
  // An empty company: no customers yet, and nothing of the demo network.
  await page.goto('/app/cadastros/clientes');
  await expect(page.getByText('Nenhum registro encontrado.').first()).toBeVisible();
  await fotografar(page, 'admin-empresa-gerente-1366');

  // Issue 13 §5: alone, she sets up the programme (a new company has no rule yet)…
  await page.getByRole('navigation').getByText('Empresa', { exact: true }).click();
  await page.getByRole('link', { name: 'Programa de fidelidade' }).click();
  await expect(page).toHaveURL(/\/app\/empresa\/programa$/);
  await expect(page.getByText('O programa ainda não tem regra', { exact: false })).toBeVisible();
  await page.getByLabel('Cashback (%)').fill('3');
  await page.getByLabel('Pontos por real').fill('2');
  await page.getByLabel('Carência (dias)').fill('0');
  await expect(page.getByTestId('exemplo-regra')).toContainText('Uma compra de R$ 100,00 dá R$ 3,00 de cashback e 200 pontos, usável na hora');
  await page.getByRole('button', { name: 'Salvar regra' }).click();
  await expect(page.getByText('Regra do programa salva.', { exact: false })).toBeVisible();
  await expect(page.getByText('O programa ainda não tem regra', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Beatriz Nova Gerente' }).first()).toBeVisible();
  await page.getByRole('heading', { name: 'Programa de fidelidade' }).scrollIntoViewIfNeeded();
  await fotografar(page, 'admin-empresa-programa-1366');

  // …registers her first customer at the terminal and makes a sale: R$ 100,00 at 3% → R$ 3,00.
  await page.goto('/app/terminal');
  const busca = page.getByRole('textbox', { name: /^Cliente/ });
  await expect(busca).toBeFocused();
  await busca.fill('52998224725');
  await busca.press('Enter');
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await page.getByLabel('Nome').fill('Primeiro Cliente Bom Preço');
  await page.getByRole('button', { name: 'Cadastrar e selecionar' }).click();
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('Primeiro Cliente Bom Preço');
  const valor = page.getByLabel('Valor da compra');
  await valor.fill('100,00');
  await valor.press('Enter');
  await expect(page.getByTestId('recibo-cashback')).toHaveText('R$ 3,00');
  await expect(page.getByTestId('recibo-saldo-cashback')).toHaveText('R$ 3,00');
  await fotografar(page, 'admin-empresa-primeira-venda-1366');
});

test('o bloqueio impede a entrada com uma mensagem clara, e o desbloqueio devolve o acesso', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await entrar(page, 'admin');
  await page.goto('/app/sistema/empresas');
  await page.getByRole('button', { name: 'Bloquear Padaria Pão Quente' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Bloquear empresa' });
  await dialogo.getByLabel('Motivo').fill('Fatura em atraso há 60 dias');
  await dialogo.getByRole('button', { name: 'Sim, bloquear' }).click();
  await expect(page.getByRole('row', { name: /Padaria Pão Quente/ }).getByText('Bloqueada')).toBeVisible();
  await sair(page);

  await page.getByLabel('Usuário', { exact: true }).fill('outra');
  await page.getByLabel('Senha', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(/O acesso da sua empresa está bloqueado/)).toBeVisible();
  await fotografar(page, 'admin-empresa-bloqueada-login-1366');

  await entrar(page, 'admin');
  await page.goto('/app/sistema/empresas');
  await page.getByRole('button', { name: 'Desbloquear Padaria Pão Quente' }).click();
  const d = page.getByRole('dialog', { name: 'Desbloquear empresa' });
  await d.getByLabel('Motivo').fill('Fatura paga');
  await d.getByRole('button', { name: 'Sim, desbloquear' }).click();
  await expect(page.getByRole('row', { name: /Padaria Pão Quente/ }).getByText('Ativa')).toBeVisible();
});

test('o white label muda o nome, a cor e a logo do cabeçalho e do login', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await entrar(page, 'admin');
  try {
    await page.goto('/app/sistema/white-label');
    await expect(page.getByRole('heading', { level: 1, name: 'White label' })).toBeVisible();
    await page.getByLabel('Nome do sistema').fill('Fideliza Mais');
    await page.getByLabel('Cor principal').fill('#c2255c');
    await page.getByLabel('Texto da página de login').fill('Programa de fidelidade da rede Fideliza.');
    // The preview follows what is typed before saving.
    await expect(page.getByTestId('previa-white-label').getByText('Programa de fidelidade da rede Fideliza.')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('White label salvo.')).toBeVisible();

    const png = await comoPng(page, LOGO);
    const escolha = page.waitForEvent('filechooser');
    await page.getByTestId('enviar-topoAngular').click();
    await (await escolha).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Logo atualizado.')).toBeVisible();

    const logo = page.getByTestId('logo-sistema');
    await expect(logo).toHaveAttribute('alt', 'Fideliza Mais');
    await expect(logo).toHaveAttribute('src', /topoAngular\?v=\d+/);
    await expect(page.locator('header')).toHaveCSS('border-bottom-color', 'rgb(194, 37, 92)');
    await expect(page).toHaveTitle(/^Fideliza Mais/);
    await fotografar(page, 'admin-white-label-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await fotografar(page, 'admin-white-label-390');

    // The login page, with no session, shows the same brand.
    const anonimo = await page.context().browser()!.newPage();
    await anonimo.setViewportSize({ width: 390, height: 844 });
    await anonimo.goto('/auth/user/login');
    await expect(anonimo.getByRole('img', { name: 'Fideliza Mais' })).toBeVisible();
    await expect(anonimo.getByTestId('texto-login')).toHaveText('Programa de fidelidade da rede Fideliza.');
    await anonimo.screenshot({ path: 'e2e/screenshots/admin-white-label-login-390.png' });
    await anonimo.close();
  } finally {
    await restaurarMarca(page);
  }
});
