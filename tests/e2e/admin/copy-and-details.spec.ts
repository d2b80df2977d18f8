import { randomUUID } from 'node:crypto';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { seedSampleMenu } from './admin-api.js';

test.describe('copy and details', () => {
  test('every admin screen names the browser tab; labels in sentence case and Portuguese', async ({ page, request, admin }) => {
    const { menuId, establishmentId } = await seedSampleMenu(request);
    await loginViaUi(page, admin);
    await expect(page).toHaveTitle('Início · Adega');
    await expect(page.getByRole('main').getByText('Indicadores', { exact: true })).toBeVisible();
    await expect(page.getByText('Analytics')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ver cartas' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'QR code' }).first()).toBeVisible();
    for (const [path, title] of [
      ['/cartas', 'Cartas · Adega'],
      [`/cartas?establishment_id=${establishmentId}`, 'Cartas de Pedra da Ilha · Adega'],
      ['/usuarios', 'Usuários · Adega'],
      ['/catalogo', 'Catálogo global · Adega'],
      ['/catalogo/novo', 'Novo vinho no catálogo · Adega'],
      [`/carta/${menuId}/qr`, 'QR code · Adega'],
      [`/carta/${menuId}/idiomas`, 'Idiomas da carta · Adega'],
      ['/carta/nova', 'Nova carta · Adega'],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    await page.goto(`/carta/${menuId}/editar`);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page).toHaveTitle(`${heading} · Adega`);
  });

  test('a toast does not cover the header buttons', async ({ page, request, admin }) => {
    const { menuId } = await seedSampleMenu(request);
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/editar`);
    const description = page.getByLabel('Descrição');
    await description.click();
    await page.keyboard.type(' ', { delay: 30 });
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const toast = page.getByText('Dados da carta salvos.');
    await expect(toast).toBeVisible();
    const [toastBox, logout] = [await toast.boundingBox(), await page.getByRole('button', { name: 'Sair' }).boundingBox()];
    if (!toastBox || !logout) throw new Error('not laid out');
    const overlaps =
      toastBox.x < logout.x + logout.width &&
      logout.x < toastBox.x + toastBox.width &&
      toastBox.y < logout.y + logout.height &&
      logout.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('catalogue filters apply as they are typed, without a Filtrar button', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const token = await apiToken(request);
    for (const [name, country] of [
      [`Debounce ${tag} Um`, 'Chile'],
      [`Debounce ${tag} Dois`, 'Portugal'],
    ]) {
      const res = await request.post('/api/catalog/wines', { headers: { authorization: `Bearer ${token}` }, data: { name, country } });
      expect(res.status()).toBe(201);
    }
    await loginViaUi(page, admin);
    await page.goto('/catalogo');
    const filters = page.getByRole('search', { name: 'Filtrar catálogo' });
    await expect(filters.getByRole('button', { name: 'Filtrar' })).toHaveCount(0);
    await filters.getByLabel('Nome').pressSequentially(`debounce ${tag}`, { delay: 30 });
    const rows = page.getByRole('row').filter({ hasText: `Debounce ${tag}` });
    await expect(rows).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`q=debounce(\\+|%20)${tag}`));
    await filters.getByRole('combobox', { name: 'País' }).click();
    await page.getByRole('option', { name: 'Chile' }).click();
    await expect(rows).toHaveCount(1);
    await filters.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(filters.getByLabel('Nome')).toHaveValue('');
  });
});
