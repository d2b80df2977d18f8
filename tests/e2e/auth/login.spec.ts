import { createUserViaApi, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';

test.describe('login and session', () => {
  test('wrong password shows the error text and stays on login', async ({ page, admin }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciais inválidas ou sessão expirada.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('right login shows the e-mail in the header; logout returns to login', async ({ page, admin }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, admin);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a deep link returns to its page after login', async ({ page, admin }) => {
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, admin);
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: admin.email })).toBeVisible();
  });

  test('an expired or forged token sends the user back to login', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await page.evaluate(() => window.localStorage.setItem('adega.token', 'token-forjado'));
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Usuários', () => {
  test('an admin creates a sommelier, who then cannot use Usuários', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await openFromNav(page, 'Administração', 'Usuários');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    const email = `somm-${Date.now()}@adega.test`;
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Senha').fill('curta');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
    await dialog.getByLabel('Senha').fill('senha-do-somm-123');
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: 'Sommelier' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Sommelier');

    await page.getByRole('button', { name: 'Sair' }).click();
    await loginViaUi(page, { email, password: 'senha-do-somm-123' });
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toContainText('Cartas');
    await expect(page.getByRole('button', { name: 'Administração' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Novo usuário' })).toHaveCount(0);
  });

  test('an admin resets a password and deletes a user after confirming', async ({ page, admin, request }) => {
    const user = await createUserViaApi(request, 'restaurant_manager');
    await loginViaUi(page, admin);
    await page.goto('/usuarios');
    await page.getByRole('button', { name: `Editar ${user.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
    await dialog.getByLabel('Nova senha').fill('outra-senha-456');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'outra-senha-456' } });
    expect(login.status()).toBe(200);

    await page.getByRole('button', { name: `Excluir ${user.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: user.email })).toHaveCount(0);
  });
});
