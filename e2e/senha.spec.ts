import { expect, test } from '@playwright/test';
import { emailEnviadoPara, entrar, fotografar } from './apoio';

test('esqueci minha senha: a caixa de saída mostra o link oculto, o link enviado troca a senha uma vez', async ({ page, browser }) => {
  // A user of its own, so that changing its password does not disturb the other specs' demo users.
  await entrar(page, 'gerente');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const criado = await page.request.post('/services/user/save', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: { nome: 'Eva Esquecida', username: 'eva.esquecida', email: 'eva@bonifica-demo.local', perfilId: 4, senha: 'senha-antiga-1' },
  });
  expect(criado.ok(), await criado.text()).toBeTruthy();
  await page.goto('/logout');
  await page.goto('/auth/user/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/esqueci-minha-senha$/);
  await page.getByLabel('Usuário ou e-mail').fill('eva.esquecida');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(/enviaremos em instantes/)).toBeVisible();

  // The job sends it (here to the sandbox folder, as SMTP would); only the recipient gets a working link.
  const enviado = await emailEnviadoPara('eva@bonifica-demo.local');
  const link = /(https?:\/\/\S+\/auth\/alterar-senha\?token=\S+)/.exec(enviado.corpo)?.[1];
  expect(link).toBeTruthy();

  // The system administrator sees the message in the outbox, with the link redacted (decision 021).
  const admin = await browser.newPage();
  await entrar(admin, 'admin');
  await admin.goto('/app/sistema/emails');
  await expect(admin.getByRole('cell', { name: 'eva@bonifica-demo.local', exact: true })).toBeVisible();
  await fotografar(admin, 'caixa-de-saida-desktop');
  await admin.getByRole('button', { name: 'Ver e-mail para eva@bonifica-demo.local' }).click();
  await expect(admin.getByTestId('corpo-email')).toContainText('/auth/alterar-senha?token=[oculto]');
  await expect(admin.getByRole('link', { name: /alterar-senha\?token=/ })).toHaveCount(0);
  await fotografar(admin, 'caixa-de-saida-link-oculto');
  await admin.close();

  const caminho = new URL(link!).pathname + new URL(link!).search;
  await page.goto(caminho);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('nova-senha-123');
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill('nova-senha-123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Sua nova senha já está valendo.', { exact: false })).toBeVisible();

  await page.goto('/auth/user/login');
  await page.getByLabel('Usuário', { exact: true }).fill('eva.esquecida');
  await page.getByLabel('Senha', { exact: true }).fill('nova-senha-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/pages\/bemvindo$/);

  await page.goto(caminho);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('outra-senha-456');
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill('outra-senha-456');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText(/Link inválido ou expirado/)).toBeVisible();
});
