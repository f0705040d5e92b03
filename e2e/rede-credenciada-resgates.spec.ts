import { expect, test, type Page } from '@playwright/test';
import { entrar, fotografar } from './apoio';

/** A call of the back office from the page itself (session cookie and XSRF, as the SPA sends them). */
async function chamarApi<T>(page: Page, metodo: string, caminho: string, corpo?: unknown): Promise<T> {
  return page.evaluate(
    async ({ metodo, caminho, corpo }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      const r = await fetch(`/services/${caminho}`, {
        method: metodo,
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: corpo === undefined ? undefined : JSON.stringify(corpo),
      });
      return (await r.json()) as T;
    },
    { metodo, caminho, corpo },
  );
}

test('o gerente lança um resgate no parceiro, vê o totalizador e estorna com motivo', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page, 'gerente');
  const sufixo = Date.now().toString(36).slice(-5);
  const nome = `Ótica Central ${sufixo}`;
  const clientes = await chamarApi<{ result: { content: { id: number; nome: string }[] } }>(page, 'POST', 'client/filterpaginated/0/5', { busca: 'Maria José', status: 'ATIVO' });
  const cliente = clientes.result.content[0]!;
  await chamarApi(page, 'POST', 'account/lancamento/ajuste', { clienteId: cliente.id, unidade: 'CASHBACK', valor: 20, motivo: 'Saldo para o e2e do parceiro' });
  await chamarApi(page, 'POST', 'convenio/save', { nome, cidade: 'Campinas', uf: 'SP', unidades: ['CASHBACK', 'PONTOS'], resgateMaximo: 50 });

  await page.goto('/app/empresa/rede-credenciada');
  await page.getByRole('button', { name: `Resgates em ${nome}` }).click();
  const gaveta = page.getByRole('dialog', { name: `Resgates em ${nome}` });
  await expect(gaveta.getByText('Nenhum resgate neste parceiro.')).toBeVisible();
  await gaveta.getByRole('button', { name: 'Lançar resgate' }).click();
  await gaveta.getByRole('button', { name: 'Lançar resgate' }).click();
  await expect(gaveta.getByText('Informe o cliente.')).toBeVisible();
  await gaveta.getByRole('combobox', { name: 'Cliente' }).fill('Maria José');
  await page.getByRole('option', { name: new RegExp(cliente.nome) }).first().click();
  await expect(gaveta.getByText('Saldo disponível para uso agora')).toBeVisible();
  await gaveta.getByRole('textbox', { name: 'Valor do resgate' }).fill('7,50');
  await gaveta.getByRole('textbox', { name: 'Nº do documento do parceiro' }).fill(`CUPOM-${sufixo}`);
  await fotografar(page, 'resgate-parceiro-form-desktop');
  await gaveta.getByRole('button', { name: 'Lançar resgate' }).click();
  await expect(page.getByText(/^Resgate lançado\. Saldo disponível do cliente: R\$/)).toBeVisible();
  await expect(gaveta.getByRole('cell', { name: `CUPOM-${sufixo}`, exact: true })).toBeVisible();
  await expect(gaveta.getByText('R$ 7,50').first()).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await fotografar(page, 'resgates-parceiro-desktop');

  await gaveta.getByRole('button', { name: `Estornar resgate CUPOM-${sufixo}` }).click();
  const modal = page.getByRole('dialog', { name: 'Confirmação' });
  await modal.getByRole('textbox', { name: 'Motivo do estorno' }).fill('Compra devolvida na loja');
  await fotografar(page, 'resgate-parceiro-estorno-desktop');
  await modal.getByRole('button', { name: 'Sim, estornar' }).click();
  await expect(page.getByText('Resgate estornado: o saldo voltou ao cliente.')).toBeVisible();
  await expect(gaveta.getByText('Estornado', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: `Resgates em ${nome}` }).click();
  await expect(page.getByRole('dialog', { name: `Resgates em ${nome}` }).getByText(`CUPOM-${sufixo}`)).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await fotografar(page, 'resgates-parceiro-mobile');
  await page.getByRole('dialog', { name: `Resgates em ${nome}` }).getByRole('button', { name: 'Lançar resgate' }).click();
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await fotografar(page, 'resgate-parceiro-form-mobile');
});
