import { expect, type Page } from '@playwright/test';

export const SENHA = 'demo1234';

export async function entrar(page: Page, usuario: string, opcoes: { lembrar?: boolean; destinoEsperado?: RegExp } = {}) {
  if (!page.url().includes('/auth/user/login')) await page.goto('/auth/user/login');
  await page.getByLabel('Usuário', { exact: true }).fill(usuario);
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  if (opcoes.lembrar) await page.getByLabel('Lembrar-me').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(opcoes.destinoEsperado ?? /\/app\/pages\/bemvindo$/);
}

export async function fotografar(page: Page, nome: string) {
  await page.screenshot({ path: `e2e/screenshots/${nome}.png`, fullPage: false });
}
