import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { E2E_SUPPLIERS } from '../support/e2e-suppliers.mjs';
import { apiToken, type Credentials, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

/** A supplier user of one of the e2e suppliers, created through the admin API. */
async function supplierUser(request: APIRequestContext, supplierId: string): Promise<Credentials> {
  const token = await apiToken(request);
  const credentials = { email: `fornecedor-${randomUUID().slice(0, 8)}@adega.test`, password: 'senha-de-teste-123' };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...credentials, role: 'supplier', establishment_ids: [], supplier_id: supplierId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return credentials;
}

async function createProducts(request: APIRequestContext, who: Credentials, products: Record<string, unknown>[]) {
  const headers = { authorization: `Bearer ${await apiToken(request, who)}` };
  for (const data of products) {
    const res = await request.post('/api/products', { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const rows = (page: Page) => page.getByRole('table').getByRole('row');

test.describe('product management (/produtos/gerenciar)', () => {
  test('a supplier creates a category and a product, filters, pages and sees the low-stock flag', async ({ page, request }) => {
    // One long story (25 products, two categories, four dialogs): more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const supplier = await supplierUser(request, E2E_SUPPLIERS[0]?.id ?? '');
    const tag = randomUUID().slice(0, 4);
    // 24 products so the list has two pages of 20 (25 with the one created below).
    await createProducts(
      request,
      supplier,
      Array.from({ length: 24 }, (_, i) => ({
        name: `Lote ${tag} ${String(i + 1).padStart(2, '0')}`,
        sku: `L${tag}-${i + 1}`,
        price: 49.9 + i,
        stock_quantity: 50,
        min_stock: 5,
      })),
    );

    await loginViaUi(page, supplier);
    await page
      .getByRole('link', { name: /Produtos/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/produtos\/gerenciar$/);
    await expect(page.getByRole('heading', { name: 'Gerenciar Produtos' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total de produtos' })).toContainText('24');
    await expect(page.getByText('24 produtos · página 1 de 2')).toBeVisible({ timeout: 30_000 });

    // A category, then a subcategory under it. Categories are one shared tree: other tests may have added some.
    const categoriesCard = page.getByRole('group', { name: 'Categorias' });
    const categoriesBefore = Number(await categoriesCard.getByRole('paragraph').first().textContent());
    await page.getByRole('button', { name: 'Nova Categoria' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nova Categoria' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Informe o nome da categoria.')).toBeVisible();
    await dialog.getByLabel('Nome').fill(`Tintos ${tag}`);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(categoriesCard.getByRole('paragraph').first()).toHaveText(String(categoriesBefore + 1));
    await page.getByRole('button', { name: 'Nova Categoria' }).click();
    dialog = page.getByRole('dialog', { name: 'Nova Categoria' });
    await dialog.getByLabel('Nome').fill(`Malbec ${tag}`);
    await dialog.getByRole('combobox', { name: 'Categoria pai' }).click();
    await page.getByRole('option', { name: `Tintos ${tag}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(categoriesCard.getByRole('paragraph').first()).toHaveText(String(categoriesBefore + 2));

    // A product in the subcategory, its price typed key by key the Brazilian way; stock below the minimum.
    await page.getByRole('button', { name: 'Novo Produto' }).click();
    dialog = page.getByRole('dialog', { name: 'Novo Produto' });
    await expect(dialog.getByRole('combobox', { name: 'Fornecedor' })).toHaveCount(0);
    await dialog.getByLabel('Nome').fill(`Catena Zapata Malbec ${tag}`);
    await dialog.getByLabel('SKU').fill(`00${tag}77`);
    await dialog.getByRole('combobox', { name: 'Categoria', exact: true }).click();
    await page.getByRole('option', { name: `Tintos ${tag} › Malbec ${tag}` }).click();
    await dialog.getByLabel('Descrição').fill('Tinto argentino de altitude, 12 meses em carvalho francês.');
    await dialog.getByLabel('Preço').click();
    await page.keyboard.type('1.250,50', { delay: 40 });
    await dialog.getByLabel('Estoque', { exact: true }).fill('2');
    await dialog.getByLabel('Estoque mínimo').fill('5');
    await dialog.getByLabel('Custo').click();
    await page.keyboard.type('-3', { delay: 40 });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Custo: informe um valor em reais maior ou igual a zero, ex.: 1.250,50.')).toBeVisible();
    await dialog.getByLabel('Custo').fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('25 produtos · página 1 de 2')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Estoque baixo' })).toContainText('1');

    // The category filter includes the subcategory's product.
    await page.getByRole('combobox', { name: 'Categoria', exact: true }).click();
    await page.getByRole('option', { name: `Tintos ${tag}`, exact: true }).click();
    await expect(rows(page)).toHaveCount(2);
    const row = rows(page).nth(1);
    await expect(row).toContainText(`Catena Zapata Malbec ${tag}`);
    await expect(row).toContainText('R$ 1.250,50');
    await expect(row).toContainText(`Malbec ${tag}`);
    await expect(row.getByText('Estoque baixo')).toBeVisible();
    await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
    await snapshot(page, 'products-filtered-1280', { fullPage: true });

    // Search ignores accents and case; clearing brings every product back.
    await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
    await page.getByLabel('Buscar').fill('FRANCES');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText(`Catena Zapata Malbec ${tag}`);
    await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
    await expect(page.getByText('25 produtos · página 1 de 2')).toBeVisible();
    await expect(rows(page)).toHaveCount(21);

    // Pages: at most 5 numbered buttons; page 2 holds the last 5.
    const pager = page.getByRole('navigation', { name: 'Paginação' });
    await expect(pager.getByRole('button', { name: /^Página \d+$/ })).toHaveCount(2);
    await pager.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(6);
    await expect(pager.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    await expect(rows(page).last()).toContainText(`Lote ${tag} 24`);

    await page.getByRole('button', { name: 'Página anterior' }).click();
    await expect(page.getByRole('heading', { name: 'Gerenciar Produtos' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, 'products-1280', { fullPage: true });

    // Editing: the product becomes inactive and leaves the low-stock list when restocked.
    await page.getByRole('button', { name: `Editar ${`Catena Zapata Malbec ${tag}`}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Produto' });
    await expect(dialog.getByLabel('Preço')).toHaveValue('1.250,50');
    await dialog.getByLabel('Estoque', { exact: true }).fill('40');
    await dialog.getByRole('switch', { name: 'Ativo' }).uncheck();
    await snapshot(page, 'product-modal-1280', { fullPage: true });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    const edited = rows(page).filter({ hasText: `Catena Zapata Malbec ${tag}` });
    await expect(edited.getByText('Inativo')).toBeVisible();
    await expect(edited.getByText('Estoque baixo')).toHaveCount(0);
  });

  test('the admin edits a category: its parent choice leaves out itself and what is under it; axe; 390 px', async ({
    page,
    request,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 4);
    const headers = { authorization: `Bearer ${await apiToken(request)}` };
    const create = async (name: string, parent_id?: string) => {
      const res = await request.post('/api/products/categories', { headers, data: { name, parent_id } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).id as string;
    };
    const root = await create(`Vinhos ${tag}`);
    const brancos = await create(`Brancos ${tag}`, root);
    await create(`Chardonnay ${tag}`, brancos);
    await create(`Espumantes ${tag}`);

    await loginViaUi(page, admin);
    await page.goto(`/produtos/gerenciar?category_id=${brancos}`);
    await page.getByRole('button', { name: 'Editar categoria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Categoria' });
    await expect(dialog.getByLabel('Nome')).toHaveValue(`Brancos ${tag}`);
    await dialog.getByRole('combobox', { name: 'Categoria pai' }).click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: `Espumantes ${tag}` })).toBeVisible();
    await expect(options.filter({ hasText: `Vinhos ${tag}` })).toHaveCount(1);
    await expect(options.filter({ hasText: `Brancos ${tag}` })).toHaveCount(0);
    await expect(options.filter({ hasText: `Chardonnay ${tag}` })).toHaveCount(0);
    await options.filter({ hasText: `Espumantes ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Categoria atualizada.')).toBeVisible();
    // The admin's product dialog asks for the supplier.
    await page.getByRole('button', { name: 'Novo Produto' }).click();
    await expect(page.getByRole('dialog', { name: 'Novo Produto' }).getByRole('combobox', { name: 'Fornecedor' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use(PHONE);
    test('the screen and the product dialog fit 390 px', async ({ page, request }) => {
      const supplier = await supplierUser(request, E2E_SUPPLIERS[1]?.id ?? '');
      await createProducts(request, supplier, [
        { name: 'Espumante Brut Rosé', sku: 'ATL-001', price: '89,90', stock_quantity: 3, min_stock: 6, unit: 'garrafa' },
        { name: 'Vinho Verde Alvarinho', sku: 'ATL-002', price: '119,00', stock_quantity: 30, min_stock: 6, unit: 'garrafa' },
      ]);
      await loginViaUi(page, supplier);
      await page.goto('/produtos/gerenciar');
      await expect(page.getByText('2 produtos')).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, 390);
      await snapshot(page, 'products-390', { fullPage: true });
      await page.getByRole('button', { name: 'Novo Produto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
      await dialog.getByLabel('Nome').fill('Tinto do Porto');
      await dialog.getByLabel('Preço').click();
      await page.keyboard.type('1.250,50', { delay: 40 });
      await expectNoSidewaysScroll(page, 390);
      await snapshot(page, 'product-modal-390', { fullPage: true });
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('3 produtos')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
