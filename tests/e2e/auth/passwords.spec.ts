import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { E2E_PORT } from '../support/constants.js';
import { createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { snapshot } from '../support/shots.js';

const PHONE = { width: 390, height: 844 };

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const shot = (page: Page, name: string) => snapshot(page, `${name}-${page.viewportSize()?.width}`, { fullPage: true });

const type = (page: Page, label: string, text: string) => page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: 20 });

test.describe('forgot and reset password', () => {
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    test(`at ${viewport.width} px: forgot password, the e-mail's link, a new password, then login`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const user = await createUserViaApi(request, 'sommelier');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
      await expect(page).toHaveURL(/\/esqueci-senha$/);
      await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, 'esqueci-senha');
      await type(page, 'E-mail', user.email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await expect(page.getByRole('status')).toContainText('Se houver uma conta com este e-mail, enviamos um link');
      // The e2e server has no SMTP_URL: the screen says the message went to a file on the server.
      await expect(page.getByText('Este servidor ainda não envia e-mails')).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, 'esqueci-senha-enviado');

      const mail = await waitForMail(user.email, 'Redefinir a sua senha');
      const link = linkIn(mail, `http://127.0.0.1:${E2E_PORT}/redefinir-senha?token=`);
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
      await type(page, 'Nova senha', 'vinho');
      await expect(page.getByRole('listitem').filter({ hasText: 'Pelo menos 8 caracteres' })).toContainText('(pendente)');
      await type(page, 'Nova senha', '-do-porto-10');
      await expect(page.getByRole('listitem').filter({ hasText: 'Pelo menos 8 caracteres' })).toContainText('(atendido)');
      await type(page, 'Repita a nova senha', 'vinho-do-porto-1');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(page.getByText('As duas senhas não são iguais.')).toBeVisible();
      await page.getByLabel('Repita a nova senha', { exact: true }).clear();
      await type(page, 'Repita a nova senha', 'vinho-do-porto-10');
      await expect(page.getByText('As duas senhas não são iguais.')).toBeHidden();
      await expectNoSeriousViolations(page);
      await shot(page, 'redefinir-senha');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();

      await expect(page).toHaveURL(/\/login\?senha=redefinida$/);
      await expect(page.getByRole('status')).toHaveText('Senha redefinida. Entre com a nova senha.');
      await type(page, 'E-mail', user.email);
      await type(page, 'Senha', 'vinho-do-porto-10');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await expect(page.getByTestId('header-email')).toHaveText(user.email);

      // The link worked once: opened again, it says so at once, before anyone types a password.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('alert')).toContainText('Link inválido ou expirado');
      await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, 'redefinir-senha-invalido');
    });
  }
});

test.describe('Minha conta', () => {
  test('at 390 px: the account facts, and a password change typed key by key that ends the other sessions', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const user = await createUserViaApi(request, 'restaurant_manager');
    const otherSession = (await (await request.post('/api/auth/login', { data: user })).json()).access_token as string;
    await loginViaUi(page, user);
    await page.getByRole('link', { name: user.email }).click();
    await expect(page).toHaveURL(/\/conta$/);
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Gerente de restaurante')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Receber e-mails de pedidos' })).toBeChecked();
    await expectNoSeriousViolations(page);
    await shot(page, 'conta');

    await type(page, 'Senha atual', 'nao-e-esta-senha');
    await type(page, 'Nova senha', 'rolha-de-cortiça-7');
    await type(page, 'Repita a nova senha', 'rolha-de-cortiça-7');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    // Said once, under the field it is about: not again in a banner above the form.
    const wrong = page.getByText('A senha atual não confere.');
    await expect(wrong).toBeVisible();
    await expect(wrong).toHaveCount(1);
    await expect(page.getByLabel('Senha atual', { exact: true })).toHaveAccessibleDescription(/A senha atual não confere\./);
    await expectNoSeriousViolations(page);
    await shot(page, 'conta-senha-errada');
    await page.getByLabel('Senha atual', { exact: true }).clear();
    await type(page, 'Senha atual', user.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada. As outras sessões da sua conta foram encerradas.')).toBeVisible();
    await expect(page.getByLabel('Senha atual', { exact: true })).toHaveValue('');

    // The other session ended; this one still works.
    const other = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherSession}` } });
    expect(other.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, { email: user.email, password: 'rolha-de-cortiça-7' });
  });

  test('at 1280 px: the name is saved and the order e-mails can be turned off', async ({ page, request }) => {
    const user = await createUserViaApi(request, 'supplier');
    await loginViaUi(page, user);
    await page.getByTestId('header-email').click();
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await type(page, 'Nome', 'Helena Prado');
    await page.getByRole('button', { name: 'Salvar nome' }).click();
    await expect(page.getByText('Nome salvo.')).toBeVisible();
    const emails = page.getByRole('switch', { name: 'Receber e-mails de pedidos' });
    await emails.click();
    await expect(page.getByText('Você não vai mais receber e-mails de pedidos.')).toBeVisible();
    await expect(emails).not.toBeChecked();
    await page.reload();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Helena Prado');
    await expect(page.getByRole('switch', { name: 'Receber e-mails de pedidos' })).not.toBeChecked();
    await expectNoSeriousViolations(page);
    await shot(page, 'conta');
  });
});
