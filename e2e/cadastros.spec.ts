import { expect, test } from '@playwright/test';
import { entrar, fotografar } from './apoio';

test('gerente cadastra um usuário com perfil de atendente, que então entra no sistema', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/user/login');
  await fotografar(page, 'login-desktop');
  await entrar(page, 'gerente');
  await page.goto('/app/cadastros/usuarios');
  await expect(page.getByRole('cell', { name: 'gerente', exact: true })).toBeVisible();
  await fotografar(page, 'usuarios-desktop');
  await page.getByRole('button', { name: /Novo/ }).click();
  const gaveta = page.getByRole('dialog', { name: 'Novo usuário' });
  await gaveta.getByRole('textbox', { name: 'Nome' }).fill('Beatriz Caixa Lima');
  await gaveta.getByRole('button', { name: 'Sugerir' }).click();
  await expect(gaveta.getByRole('textbox', { name: 'Usuário' })).toHaveValue('beatriz.lima');
  await gaveta.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: 'Atendente de balcão' }).click();
  await gaveta.getByRole('textbox', { name: 'Senha' }).fill('senha-da-bia');
  await fotografar(page, 'usuario-form-desktop');
  await gaveta.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'beatriz.lima' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Busca' }).fill('BEATRIZ');
  await expect(page).toHaveURL(/busca=BEATRIZ/);
  await expect(page.getByRole('cell', { name: 'gerente', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.getByLabel('Usuário', { exact: true }).fill('beatriz.lima');
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-bia');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/pages\/bemvindo$/);
  await expect(page.getByTestId('cabecalho-nome-usuario')).toHaveText('Beatriz');
  await page.goto('/app/cadastros/usuarios');
  await expect(page).toHaveURL(/\/app\/acesso-negado$/);
});

test('lista de usuários no celular', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'gerente');
  await page.goto('/app/cadastros/perfis');
  await expect(page.getByText('Atendente de balcão').first()).toBeVisible();
  await fotografar(page, 'perfis-mobile');
  await page.goto('/app/cadastros/usuarios');
  await expect(page.getByText('Gabriel Gerente Souza').first()).toBeVisible();
  await fotografar(page, 'usuarios-mobile');
});
