import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/**
 * A tour of every screen of the programme area (customers, cards, imports, plans, accounts, sales,
 * dashboard, terminal) at desktop and phone width, each checked against the demo data it must show,
 * with one screenshot per screen (e2e/screenshots/telas-<tela>-<largura>.png) to be looked at.
 * It only reads: nothing here posts a sale, saves or unifies, so the other specs' data stays as they expect.
 */

const LARGURAS = [
  ['desktop', { width: 1366, height: 768 }],
  ['mobile', { width: 390, height: 844 }],
] as const;
type Largura = (typeof LARGURAS)[number][0];

/** Money as the screens write it, with the no-break space after R$. */
const DINHEIRO = /R\$\s[\d.]+,\d{2}/;

/** Month and year of today in Brasília, as the demo's birthdays and the reports' default periods use them. */
function mesAnoDeHoje(): { mes: string; ano: string } {
  const partes = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', month: '2-digit', year: 'numeric' }).formatToParts(new Date());
  return { mes: partes.find((p) => p.type === 'month')!.value, ano: partes.find((p) => p.type === 'year')!.value };
}

/** A day counted from today in Brasília, as DD/MM/AAAA, the way a user types it. */
function diaBrasilia(dias: number): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + dias * 86_400_000));
}

async function abrir(page: Page, url: string, titulo: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  // One page title per screen: a list inside a page is a section (h2), not a second h1.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

/** Types a date the Brazilian way and leaves the field, with no calendar left open over the page. */
async function digitarData(page: Page, campo: string, texto: string) {
  await page.getByRole('textbox', { name: campo }).fill(texto);
  await page.getByRole('textbox', { name: campo }).press('Tab');
  await page.keyboard.press('Escape');
}

async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByRole('combobox', { name: campo }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

async function cadastros(page: Page, largura: Largura) {
  const celular = largura === 'mobile';
  await abrir(page, '/app/cadastros/clientes', 'Clientes');
  const ana = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ana Beatriz Gonçalves' }) });
  await expect(ana).toContainText('(11) 98765-0101');
  // On a phone the list keeps the name and the actions; CPF and e-mail columns give way.
  await expect(page.getByRole('columnheader', { name: 'CPF/CNPJ' })).toHaveCount(celular ? 0 : 1);
  if (!celular) await expect(ana).toContainText('390.533.447-05');
  await fotografar(page, `telas-clientes-${largura}`);

  await ana.getByRole('link', { name: 'Ana Beatriz Gonçalves' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Beatriz Gonçalves' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Ana Beatriz Gonçalves');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue(/^\d{2}\/\d{2}\/1988$/);
  // The status shows once, beside the name, not again above the form.
  await expect(page.getByText('Ativo', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await fotografar(page, `telas-cliente-dados-${largura}`);

  const aba = async (nome: string, arquivo: string, conferir: () => Promise<void>) => {
    await page.getByRole('tab', { name: nome }).click();
    await expect(page).toHaveURL(new RegExp(`aba=${arquivo}`));
    await conferir();
    await fotografar(page, `telas-cliente-${arquivo}-${largura}`);
  };
  await aba('Cartões', 'cartoes', () => expect(page.getByRole('link', { name: '9000 0100 0000 0018' })).toBeVisible());
  await aba('Contas', 'contas', async () => {
    await expect(page.getByText('Disponível agora').first()).toBeVisible();
    await expect(page.getByText(/^Saldo total: R\$\s[\d.]+,\d{2}$/)).toBeVisible();
    await expect(page.getByText(/^Saldo total: [\d.]+\spts$/)).toBeVisible();
  });
  await aba('Extrato', 'extrato', async () => {
    // A sale's posting reads as accrual or redemption, signed, as on the terminal's statement.
    await expect(page.getByRole('row').filter({ hasText: /Acúmulo da venda \d+/ }).first()).toContainText(/\+R\$\s[\d.]+,\d{2}/);
    await expect(page.getByRole('row').filter({ hasText: /Resgate na venda \d+/ }).first()).toContainText(/−R\$\s[\d.]+,\d{2}/);
  });
  await aba('Planos', 'planos', async () => {
    const contrato = page.getByRole('row').filter({ hasText: 'Clube Ouro' });
    await expect(contrato).toContainText('R$ 29,90');
    await expect(contrato).toContainText('Vigente');
    await expect(page.getByText(/^Clube Ouro: R\$\s29,90 \(mensal\), próximo vencimento em \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  });
  await aba('Notas', 'notas', async () => {
    await expect(page.getByRole('textbox', { name: 'Nova nota' })).toBeVisible();
    await expect(page.getByText('Nenhuma nota sobre este cliente.')).toBeVisible();
  });
  await aba('Ações', 'acoes', () => expect(page.getByRole('button', { name: 'Gerar termo (PDF)' })).toBeVisible());

  const { mes } = mesAnoDeHoje();
  await abrir(page, '/app/cadastros/aniversariantes', 'Aniversariantes');
  await expect(page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' })).toContainText(`03/${mes}`);
  await expect(page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' })).toContainText(/\d+ anos/);
  await fotografar(page, `telas-aniversariantes-${largura}`);
}

async function cartoes(page: Page, largura: Largura) {
  await abrir(page, '/app/cartoes/lista', 'Cartões');
  const cartao = page.getByRole('row').filter({ hasText: '9000 0100 0000 0018' });
  await expect(cartao).toContainText('Ana Beatriz Gonçalves');
  await expect(cartao).toContainText('Ativo');
  await expect(page.getByRole('row').filter({ hasText: '9000 0100 0000 0067' })).toContainText('Bloqueado');
  await fotografar(page, `telas-cartoes-${largura}`);

  await cartao.getByRole('link', { name: 'Ver cartão 9000 0100 0000 0018' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '9000 0100 0000 0018' })).toBeVisible();
  await expect(page.getByText('Ana Beatriz Gonçalves')).toBeVisible();
  await expect(page.getByText('Valor comprado').locator('..')).toContainText(DINHEIRO);
  // Points with the thousands dot, like every other count.
  await expect(page.getByText('Pontos acumulados').locator('..')).toContainText(/^Pontos acumulados\d{1,3}(\.\d{3})*$/);
  await fotografar(page, `telas-cartao-${largura}`);

  await abrir(page, '/app/cartoes/fila', 'Fila de impressão');
  await expect(page.getByRole('row').filter({ hasText: '9000 0100 0000 0091' })).toContainText('Pendente');
  await expect(page.getByRole('row').filter({ hasText: '9000 0100 0000 0026' })).toContainText('João Pedro Araújo');
  await fotografar(page, `telas-fila-impressao-${largura}`);

  await abrir(page, '/app/cartoes/uso', 'Uso dos cartões');
  const porFilial = page.getByRole('table', { name: 'Uso do cartão por filial' });
  await expect(porFilial.getByRole('row').filter({ hasText: 'Bonifica Jardins' })).toContainText(/\d+%/);
  await expect(page.getByText(/^\d+ clientes com cartão ativo\. Em todo o histórico, \d+ de \d+ vendas/)).toBeVisible();
  // Dates are typed and shown day first, whatever the browser's own language.
  await digitarData(page, 'De', '01/01/2020');
  await expect(page.getByRole('textbox', { name: 'De' })).toHaveValue('01/01/2020');
  await expect(page.getByText(/Desde 01\/01\/2020, \d+ de \d+ vendas/)).toBeVisible();
  await fotografar(page, `telas-uso-cartoes-${largura}`);
}

async function importacao(page: Page, largura: Largura) {
  for (const [tipo, titulo] of [
    ['clientes', 'Importar clientes'],
    ['contatos', 'Importar contatos'],
  ] as const) {
    await abrir(page, `/app/importacao/${tipo}`, titulo);
    await expect(page.getByText('Como preparar o arquivo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar arquivo' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Importações anteriores' })).toBeVisible();
    await fotografar(page, `telas-importacao-${tipo}-${largura}`);
  }
}

async function planos(page: Page, largura: Largura) {
  await abrir(page, '/app/cadastros/planos-clientes', 'Planos dos clientes');
  const contrato = page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' });
  await expect(contrato).toContainText('Clube Ouro');
  await expect(contrato).toContainText('Vigente');
  await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveAttribute('placeholder', 'Todas');
  await fotografar(page, `telas-planos-clientes-${largura}`);

  await abrir(page, '/app/cadastros/planos', 'Catálogo de planos');
  await expect(page.getByRole('row').filter({ hasText: 'Clube Ouro' })).toContainText('R$ 29,90 / mensal');
  await expect(page.getByRole('row').filter({ hasText: 'Clube Prata' })).toContainText('7% de cashback');
  await fotografar(page, `telas-planos-${largura}`);
}

async function contas(page: Page, largura: Largura) {
  await abrir(page, '/app/relatorio/ranking', 'Ranking de clientes');
  await expect(page.getByRole('row').filter({ hasText: '1º' }).first()).toContainText(DINHEIRO);
  await expect(page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' })).toContainText(DINHEIRO);
  await fotografar(page, `telas-ranking-${largura}`);

  await abrir(page, '/app/relatorio/contas-bloqueadas', 'Contas bloqueadas');
  const bloqueada = page.getByRole('row').filter({ hasText: 'Letícia Albuquerque Santos' });
  await expect(bloqueada).toContainText('Suspeita de fraude');
  await expect(bloqueada).toContainText('Cashback');
  await expect(bloqueada).toContainText(DINHEIRO);
  await fotografar(page, `telas-contas-bloqueadas-${largura}`);

  await abrir(page, '/app/cadastros/contas-padrao', 'Contas padrão');
  await expect(page.getByRole('textbox', { name: 'Nome exibido' }).first()).toHaveValue('Cashback');
  await expect(page.getByRole('button', { name: 'Subir Pontos' })).toBeVisible();
  await fotografar(page, `telas-contas-padrao-${largura}`);

  await abrir(page, '/app/cadastros/unificacao-contas', 'Unificação de contas');
  const duplicados = page.getByRole('list', { name: 'Prováveis duplicados' });
  const maria = duplicados.getByRole('listitem').filter({ hasText: 'Mesmo celular: (11) 97665-1212' });
  await expect(maria).toContainText('Maria José da Silva');
  await expect(maria).toContainText('Maria J. Silva');
  await fotografar(page, `telas-unificacao-${largura}`);
  await maria.getByRole('button', { name: 'Comparar' }).click();
  // The quick sign-up at the counter folds into the older, complete record.
  await expect(page.getByRole('combobox', { name: 'Cliente duplicado (origem)' })).toHaveValue('Maria J. Silva');
  await expect(page.getByRole('combobox', { name: 'Cliente que fica (destino)' })).toHaveValue(/^Maria José da Silva/);
  await expect(page.getByText(/^(Serão movidos|A origem não tem saldo)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unificar' })).toBeEnabled();
  await fotografar(page, `telas-unificacao-comparar-${largura}`);
}

async function transacoes(page: Page, largura: Largura) {
  const celular = largura === 'mobile';
  await abrir(page, '/app/transacoes/vendas', 'Vendas');
  const venda = page.getByRole('row').filter({ hasText: 'Ana Beatriz Gonçalves' }).first();
  await expect(venda).toContainText(DINHEIRO);
  await expect(venda).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // On a phone the amount stays in its column; the date moves under the name.
  await expect(page.getByRole('columnheader', { name: 'Valor', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Data' })).toHaveCount(celular ? 0 : 1);
  await expect(page.getByRole('combobox', { name: 'Loja' })).toHaveAttribute('placeholder', 'Todas');
  await fotografar(page, `telas-vendas-${largura}`);

  const { mes, ano } = mesAnoDeHoje();
  await abrir(page, '/app/transacoes/totalizador', 'Totalizador de vendas');
  await expect(page.getByRole('textbox', { name: 'De' })).toHaveValue(`01/${mes}/${ano}`);
  // Back 300 days (the report takes up to 366), so the totals hold all the demo's sales whatever today is.
  await digitarData(page, 'De', diaBrasilia(-300));
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(page.getByText('O período pode ter até 366 dias.')).toHaveCount(0);
  const porLoja = page.getByRole('table', { name: 'Por loja' });
  await expect(porLoja.getByRole('row').filter({ hasText: 'Bonifica Jardins' })).toContainText(DINHEIRO);
  await expect(porLoja.getByRole('row').filter({ hasText: 'Total' })).toContainText(DINHEIRO);
  await expect(page.getByTestId('total-Valor vendido')).toHaveText(DINHEIRO);
  await expect(porLoja.getByRole('columnheader', { name: 'Valor cancelado' })).toBeVisible({ visible: !celular });
  await fotografar(page, `telas-totalizador-${largura}`);

  await abrir(page, '/app/transacoes/duplicadas', 'Vendas duplicadas');
  await expect(page.getByText(/feitas em até 10 minutos da primeira/)).toBeVisible();
  await expect(page.getByText('Nenhuma venda duplicada no período.')).toBeVisible();
  await fotografar(page, `telas-duplicadas-${largura}`);
}

async function dashboard(page: Page, largura: Largura) {
  await abrir(page, '/app/dashboard', 'Dashboard');
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4} · por dia$/)).toBeVisible();
  await expect(page.getByText('Valor vendido').first().locator('..')).toContainText(DINHEIRO);
  await expect(page.getByText(/^Ticket médio R\$\s[\d.]+,\d{2}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vendas por dia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filiais que mais vendem' })).toBeVisible();
  await expect(page.getByText(/cancelada\(s\)/)).toHaveCount(0);
  await fotografar(page, `telas-dashboard-${largura}`);

  await escolher(page, 'Período', 'Últimos 12 meses');
  await expect(page).toHaveURL(/periodo=ULTIMOS_12_MESES/);
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4} · por mês$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vendas por mês' })).toBeVisible();
  await escolher(page, 'Período', 'Personalizado');
  await expect(page.getByRole('textbox', { name: 'De' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  const { ano } = mesAnoDeHoje();
  await digitarData(page, 'De', `01/01/${ano}`);
  await expect(page).toHaveURL(new RegExp(`de=${ano}-01-01`));
  await expect(page.getByText(new RegExp(`^01/01/${ano} a \\d{2}/\\d{2}/${ano} · por (dia|mês)$`))).toBeVisible();
  await expect(page.getByText('Valor vendido').first().locator('..')).toContainText(DINHEIRO);
  await fotografar(page, `telas-dashboard-periodo-${largura}`);
}

async function terminal(page: Page, largura: Largura) {
  await abrir(page, '/app/terminal', 'Terminal de atendimento');
  const busca = page.getByRole('textbox', { name: /^Cliente/ });
  await expect(busca).toBeFocused();
  await busca.fill('390.533.447-05');
  await busca.press('Enter');
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('Ana Beatriz Gonçalves');
  await expect(page.getByTestId('saldo-cashback')).toHaveText(DINHEIRO);
  await expect(page.getByRole('list', { name: 'Últimas vendas' }).getByRole('listitem').first()).toContainText(DINHEIRO);
  await fotografar(page, `telas-terminal-${largura}`);
}

for (const [largura, tamanho] of LARGURAS) {
  test(`todas as telas do programa, com os dados da demo (${largura})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(tamanho);
    await entrar(page, 'gerente');
    await cadastros(page, largura);
    await cartoes(page, largura);
    await importacao(page, largura);
    await planos(page, largura);
    await contas(page, largura);
    await transacoes(page, largura);
    await dashboard(page, largura);
    await terminal(page, largura);
  });
}

test('o atendente vê os clientes só para consultar e atende no terminal, sem os relatórios da gestão', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'atendente');
  await abrir(page, '/app/cadastros/clientes', 'Clientes');
  await expect(page.getByRole('link', { name: 'Ana Beatriz Gonçalves' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo cliente' })).toHaveCount(0);
  await abrir(page, '/app/cadastros/aniversariantes', 'Aniversariantes');
  await expect(page.getByRole('link', { name: 'WhatsApp de Ana Beatriz Gonçalves' })).toBeVisible();
  await abrir(page, '/app/terminal', 'Terminal de atendimento');
  const busca = page.getByRole('textbox', { name: /^Cliente/ });
  await busca.fill('9000 0100 0000 0026');
  await busca.press('Enter');
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText('João Pedro Araújo');
  await expect(page.getByRole('button', { name: /Cancelar a venda/ })).toHaveCount(0);
  await fotografar(page, 'telas-terminal-atendente-mobile');
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/app\/acesso-negado$/);
});
