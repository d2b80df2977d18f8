import { createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';

test.describe('screens follow the access policy (defect 7)', () => {
  test("a supplier's home offers only what a supplier may do", async ({ page, request }) => {
    const supplier = await createUserViaApi(request, 'supplier');
    await loginViaUi(page, supplier);
    await expect(page.getByRole('heading', { name: 'Olá!' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Catálogo global/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estabelecimentos' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Cartas' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Criar dados de exemplo' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nova carta' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Novo estabelecimento' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Cartas' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Cartas' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
    // Not linked to a supplier yet: no supplier record, orders or figures of its own to open.
    await expect(page.getByRole('link', { name: /Indicadores|Fornecedores|Pedidos/ })).toHaveCount(0);
    await page.goto('/cartas');
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toBeVisible();
  });

  test('the admin reaches every area from the home shortcuts: none is left "Em breve"', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /Indicadores/ })).toHaveAttribute('href', '/analytics');
    await expect(page.getByText('Em breve')).toHaveCount(0);
    await expect(main.getByRole('link', { name: /Fornecedores/ })).toHaveAttribute('href', '/fornecedores');
    await expect(main.getByRole('link', { name: /Pedidos/ })).toHaveAttribute('href', '/pedidos');
    await expect(main.getByRole('link', { name: /Produtos/ })).toHaveAttribute('href', '/produtos/gerenciar');
    await expect(main.getByRole('link', { name: /CRM/ })).toHaveAttribute('href', '/crm');
    await expect(main.getByRole('link', { name: /Cadastros/ })).toHaveAttribute('href', '/onboarding/cadastros');
  });

  test('the admin is told on the home screen that e-mail goes to files while no SMTP server is set; a manager is not', async ({
    page,
    admin,
    request,
  }) => {
    await loginViaUi(page, admin);
    const notice = page.getByRole('alert').filter({ hasText: 'E-mails não são enviados' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('SMTP_URL');
    const manager = await createUserViaApi(request, 'restaurant_manager');
    await page.getByRole('button', { name: 'Sair' }).click();
    await loginViaUi(page, manager);
    await expect(page.getByRole('heading', { name: 'Olá!' })).toBeVisible();
    await expect(page.getByText('E-mails não são enviados')).toHaveCount(0);
  });

  test('a manager on /crm gets a clear no-access page, not a load error', async ({ page, request }) => {
    const manager = await createUserViaApi(request, 'restaurant_manager');
    await loginViaUi(page, manager);
    await page.goto('/crm');
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toBeVisible();
    await expect(page.getByText('O perfil Gerente de restaurante não pode abrir esta tela.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a manager learns it may not add catalogue wines before filling any form', async ({ page, request }) => {
    const manager = await createUserViaApi(request, 'restaurant_manager');
    await loginViaUi(page, manager);
    await page.goto('/catalogo');
    await expect(page.getByRole('heading', { name: 'Catálogo global' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo vinho' })).toHaveCount(0);
    await page.goto('/catalogo/novo');
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveCount(0);
  });

  test('a sommelier may add catalogue wines and edit menus but not establishments', async ({ page, request }) => {
    const sommelier = await createUserViaApi(request, 'sommelier');
    await loginViaUi(page, sommelier);
    await page.goto('/catalogo/novo');
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible();
    await page.goto('/estabelecimento/novo');
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toBeVisible();
  });
});
