import { expect as esperarPadrao, test } from '@playwright/test';
import { chamarApi, entrar, fotografar, garantirWhatsConectado, sair } from './apoio';

/**
 * Issue 14, the screens left for last (docs/areas/mensageria.md "Caixa de saída: a tela", "Ritmo
 * editável", "Monitoramento"): the manager edits the number's pacing; a send is cut by a crash (the
 * sandbox's simulation: committed ENVIANDO, the gateway never heard of it) and the reconciliation puts
 * it in REVISAR; the manager decides on the outbox screen — one re-sent, one discarded by selection.
 * The administrator sees "WhatsApp com problema" on a screen that is not a WhatsApp one.
 * Screenshots at 1366 and 390 (e2e/screenshots/caixa-*.png). Independent of the other specs' order.
 */

test.use({ actionTimeout: 15_000 });
// A busy machine (the worker and other processes share two cores): page loads get more than 5 s.
const expect = esperarPadrao.configure({ timeout: 15_000 });

test('ritmo editável, mensagem em revisão depois de uma queda resolvida na caixa de saída, alerta no layout do admin', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The administrator: a sandbox server for the company's number, and one with a refused key whose
  // monitoring run fails — then switched off, so no new instance lands on it.
  await entrar(page, 'admin', { destinoEsperado: /\/app/ });
  await chamarApi(page, 'POST', 'servidores/save', { nome: 'Sandbox caixa', tipo: 'sandbox', baseUrl: 'http://sandbox-caixa.local', chave: 'chave-do-sandbox', capacidade: 20, ativo: true });
  const quebrado = await chamarApi<{ id: number }>(page, 'POST', 'servidores/save', { nome: 'Sandbox recusado', tipo: 'sandbox', baseUrl: 'http://sandbox-recusado.local', chave: 'chave-recusada', capacidade: 1, ativo: true });
  const { id: execucao } = await chamarApi<{ id: number }>(page, 'POST', 'monitoramento/run', {});
  await expect.poll(async () => (await chamarApi<{ status: string }>(page, 'GET', `monitoramento/${execucao}`)).status, { timeout: 30_000 }).not.toBe('EXECUTANDO');
  const s = await chamarApi<{ nome: string; tipo: string; baseUrl: string; capacidade: number; ordem: number }>(page, 'GET', `servidores/findbyid/${quebrado.id}`);
  await chamarApi(page, 'POST', 'servidores/save', { id: quebrado.id, nome: s.nome, tipo: s.tipo, baseUrl: s.baseUrl, capacidade: s.capacidade, ativo: false });
  await page.goto('/app/sistema/empresas');
  await expect(page.getByText('WhatsApp com problema')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/app/sistema/monitoramento/detalhes/${execucao}`);
  await fotografar(page, 'caixa-alerta-admin-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'caixa-alerta-admin-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await sair(page);

  // The manager's number, connected (other specs may have paired it already).
  await entrar(page, 'gerente');
  await garantirWhatsConectado(page);
  const { instancias } = await chamarApi<{ instancias: { id: number }[] }>(page, 'GET', 'servidorwhatsapp/status');
  const instanciaId = instancias[0]!.id;

  // Pacing: a value out of bounds is refused in words; a safe one is saved.
  const ritmo = page.getByRole('region', { name: 'Ritmo de envio' });
  await expect(ritmo.getByText('Limite de hoje')).toBeVisible();
  await ritmo.getByRole('textbox', { name: 'Mensagens por minuto' }).fill('90');
  await ritmo.getByRole('button', { name: 'Salvar ritmo' }).click();
  await expect(ritmo.getByText('Mensagens por minuto: no máximo 60, para o número não ser bloqueado.')).toBeVisible();
  await ritmo.getByRole('textbox', { name: 'Mensagens por minuto' }).fill('12');
  await ritmo.getByRole('textbox', { name: 'Mensagens por dia' }).fill('500');
  await ritmo.getByRole('button', { name: 'Salvar ritmo' }).click();
  await expect(page.getByText('Ritmo de envio salvo.')).toBeVisible();
  expect((await chamarApi<{ vigente: { porMinuto: number; porDia: number } }>(page, 'GET', `servidorwhatsapp/ritmo/${instanciaId}`)).vigente).toMatchObject({ porMinuto: 12, porDia: 500 });
  await ritmo.scrollIntoViewIfNeeded();
  await fotografar(page, 'caixa-ritmo-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await ritmo.scrollIntoViewIfNeeded();
  await fotografar(page, 'caixa-ritmo-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Two sends cut by a crash: the reconciliation asks the sandbox, which never heard of them.
  const sufixo = String(Date.now()).slice(-7);
  const numero = `119${sufixo}1`.slice(0, 11);
  for (const texto of ['Seu cupom chegou (e2e)', 'Seu prêmio está pronto (e2e)']) {
    const r = await chamarApi<{ status: string }>(page, 'POST', `servidorwhatsapp/sandbox/queda/${instanciaId}`, { para: numero, texto });
    expect(r.status).toBe('REVISAR');
  }

  await page.goto(`/app/mensagens/saida?busca=${numero}`);
  await expect(page.getByText(/mensage(m|ns) aguardam? sua decisão/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Decidir sobre a mensagem/ })).toHaveCount(2);
  await fotografar(page, 'caixa-revisar-1366');

  // One re-sent, after the warning that the customer may get it twice.
  await page.getByRole('row').filter({ hasText: 'Seu cupom chegou (e2e)' }).getByRole('button', { name: /^Decidir/ }).click();
  await page.getByRole('menuitem', { name: 'Reenviar' }).click();
  await expect(page.getByRole('dialog').getByText(/o cliente pode receber a mesma mensagem duas vezes/)).toBeVisible();
  await fotografar(page, 'caixa-confirmar-reenvio-1366');
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('1 mensagem voltou para a fila de envio.')).toBeVisible();
  const reenviada = page.getByRole('row').filter({ hasText: 'Seu cupom chegou (e2e)' });
  await expect(reenviada.getByText(/Reenviada por/)).toBeVisible();
  await expect(reenviada.getByRole('button', { name: /^Decidir/ })).toHaveCount(0);

  // The other discarded through the selection bar.
  const descartada = page.getByRole('row').filter({ hasText: 'Seu prêmio está pronto (e2e)' });
  await descartada.getByRole('checkbox').check();
  await expect(page.getByTestId('barra-selecao')).toContainText('1 selecionada');
  await page.getByTestId('barra-selecao').getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('1 mensagem descartada.')).toBeVisible();
  await expect(descartada.getByText('Cancelada')).toBeVisible();
  await expect(descartada.getByText(/Descartada por/)).toBeVisible();
  await fotografar(page, 'caixa-resolvidas-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, 'caixa-resolvidas-390');

  // Back to the default pacing: the other specs count on it.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/servidor/whats');
  await page.getByRole('region', { name: 'Ritmo de envio' }).getByRole('button', { name: 'Voltar ao padrão' }).click();
  await expect(page.getByText('Ritmo de envio de volta ao padrão.')).toBeVisible();
});
