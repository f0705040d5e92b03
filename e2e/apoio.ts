import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const SENHA = 'demo1234';

/**
 * Where the server of the e2e run writes the e-mails it "sends" (EMAIL_SANDBOX_DIR): the only place to
 * read a password-reset link, which the outbox keeps redacted (docs/decisions/021). Computed the same
 * way by the config (server side) and by the specs.
 */
export const PASTA_EMAILS = join(tmpdir(), `bonifica-e2e-emails-${process.env.E2E_PORT ?? 8181}`);

/** The newest message written for this address, once it exists. */
export async function emailEnviadoPara(para: string): Promise<{ para: string; assunto: string; corpo: string }> {
  let achado: { para: string; assunto: string; corpo: string } | undefined;
  await expect
    .poll(
      () => {
        const nomes = existsSync(PASTA_EMAILS) ? readdirSync(PASTA_EMAILS).filter((n) => n.endsWith('.json')).sort() : [];
        achado = nomes
          .map((n) => JSON.parse(readFileSync(join(PASTA_EMAILS, n), 'utf8')) as { para: string; assunto: string; corpo: string })
          .filter((e) => e.para === para)
          .at(-1);
        return achado !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return achado!;
}

export async function entrar(page: Page, usuario: string, opcoes: { lembrar?: boolean; destinoEsperado?: RegExp } = {}) {
  if (!page.url().includes('/auth/user/login')) await page.goto('/auth/user/login');
  await page.getByLabel('Usuário', { exact: true }).fill(usuario);
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  if (opcoes.lembrar) await page.getByLabel('Lembrar-me').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(opcoes.destinoEsperado ?? /\/app\/pages\/bemvindo$/);
}

/** A screenshot in e2e/screenshots (out of the repository: looked at by hand); `inteira` for the whole page. */
export async function fotografar(page: Page, nome: string, inteira = false) {
  // A width change slides the menu in or out: shoot once every CSS transition has ended, not mid-way.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `e2e/screenshots/${nome}.png`, fullPage: inteira });
}

export async function sair(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/user\/login$/);
}

/** A call to the API with the session and XSRF cookie of the page, as the SPA makes it. */
export async function chamarApi<T>(page: Page, metodo: 'GET' | 'POST', caminho: string, corpo?: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const r = await page.request.fetch(`/services/${caminho}`, { method: metodo, headers: { 'x-xsrf-token': xsrf, 'content-type': 'application/json' }, data: corpo });
  const env = (await r.json()) as { result: T; messageError?: string };
  expect(r.ok(), env.messageError).toBe(true);
  return env.result;
}

/**
 * On /app/servidor/whats as the manager: the company's number connected, whatever the shared e2e database
 * holds — created and paired here, reconnected, or already paired by another spec.
 */
export async function garantirWhatsConectado(page: Page) {
  await page.goto('/app/servidor/whats');
  const criar = page.getByRole('button', { name: 'Criar instância' });
  const conectada = page.getByText('Conectada', { exact: true });
  const conectar = page.getByRole('button', { name: 'Conectar', exact: true });
  const qr = page.getByRole('img', { name: 'QR code para parear o WhatsApp' });
  // The page's first load can be slow on a busy machine.
  await expect(criar.or(conectada).or(conectar).or(qr)).toBeVisible({ timeout: 20_000 });
  if (await conectada.isVisible()) return;
  if (await criar.isVisible()) await criar.click();
  else if (await conectar.isVisible()) await conectar.click();
  await expect(qr).toBeVisible();
  await page.getByRole('button', { name: 'Simular leitura do QR (sandbox)' }).click();
  await expect(conectada).toBeVisible();
}

/** A valid CPF nobody has yet, so a run does not depend on the others (the e2e database is shared). */
export function cpfNovo(): string {
  const base = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  const digito = (ns: number[]) => {
    const resto = (ns.reduce((s, n, i) => s + n * (ns.length + 1 - i), 0) * 10) % 11;
    return resto === 10 ? 0 : resto;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

/** At the counter terminal: a new customer by a fresh CPF, registered with `nome` and selected for the sale. */
export async function cadastrarClienteNoTerminal(page: Page, nome: string) {
  await page.goto('/app/terminal');
  const campo = page.getByRole('textbox', { name: /^Cliente/ });
  await campo.fill(cpfNovo());
  await campo.press('Enter');
  await page.getByLabel('Nome').fill(nome);
  await page.getByRole('button', { name: 'Cadastrar e selecionar' }).click();
  await expect(page.getByTestId('terminal-cliente-nome')).toHaveText(nome);
}
