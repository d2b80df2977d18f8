import { randomUUID } from 'node:crypto';
import { apiToken, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';

/**
 * Longer than the search boxes' settling time (FILTER_DEBOUNCE_MS, 350 ms): a person pausing while typing. The page's
 * clock is Playwright's, so the pause runs the settling timers at once instead of waiting for them.
 */
const PAUSE_MS = 800;

test.describe('list search boxes (one settled-filter hook for every list screen)', () => {
  test('a pause after a space keeps the space, and the menu link clears the search for good', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const token = await apiToken(request);
    const res = await request.post('/api/suppliers', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Ventos ${tag} do Sul`,
        company_name: `Ventos ${tag} do Sul Importadora Ltda.`,
        email: `vendas-${tag}@ventosdosul.com.br`,
        phone: '(51) 3333-4455',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.clock.install();
    await loginViaUi(page, admin);
    await openFromNav(page, 'Compras', 'Fornecedores');
    const search = page.getByLabel('Buscar', { exact: true });

    // Typed with a pause after the space: the list filters on "ventos <tag>" and the box keeps what was typed.
    await search.pressSequentially(`ventos ${tag} `, { delay: 30 });
    await expect(page).toHaveURL(new RegExp(`search=ventos(\\+|%20)${tag}$`));
    await page.clock.runFor(PAUSE_MS);
    await search.pressSequentially('do sul', { delay: 30 });
    await expect(search).toHaveValue(`ventos ${tag} do sul`);
    await expect(page).toHaveURL(new RegExp(`search=ventos(\\+|%20)${tag}(\\+|%20)do(\\+|%20)sul$`));
    await expect(page.getByRole('row', { name: new RegExp(`Ventos ${tag} do Sul`) })).toBeVisible();

    // The menu's link to the same screen clears the search, and it stays cleared once the old text would have settled.
    await openFromNav(page, 'Compras', 'Fornecedores');
    await expect(search).toHaveValue('');
    await page.clock.runFor(PAUSE_MS);
    await expect(page).toHaveURL(/\/fornecedores$/);
    await expect(search).toHaveValue('');
  });

  test('catalogue: a pause after a space keeps it; back shows the earlier filter in the box and the list', async ({
    page,
    request,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const token = await apiToken(request);
    for (const name of [`Voltar ${tag} Tinto`, `Voltar ${tag} Branco`]) {
      const res = await request.post('/api/catalog/wines', { headers: { authorization: `Bearer ${token}` }, data: { name } });
      expect(res.status()).toBe(201);
    }
    await page.clock.install();
    await loginViaUi(page, admin);
    await page.goto('/catalogo');
    const filters = page.getByRole('search', { name: 'Filtrar catálogo' });
    const name = filters.getByLabel('Nome');
    const rows = page.getByRole('row').filter({ hasText: `Voltar ${tag}` });
    // A pause after the space: the list follows, and the box keeps the space for the next word.
    await name.pressSequentially(`voltar ${tag} `, { delay: 30 });
    await expect(rows).toHaveCount(2);
    await page.clock.runFor(PAUSE_MS);
    await name.pressSequentially('tinto', { delay: 30 });
    await expect(name).toHaveValue(`voltar ${tag} tinto`);
    await name.press('Enter');
    await expect(rows).toHaveCount(1);
    await name.clear();
    await name.pressSequentially(`voltar ${tag}`, { delay: 30 });
    await name.press('Enter');
    await expect(rows).toHaveCount(2);
    await page.goBack();
    await expect(name).toHaveValue(`voltar ${tag} tinto`);
    await expect(rows).toHaveCount(1);
    await page.clock.runFor(PAUSE_MS);
    await expect(page).toHaveURL(new RegExp(`q=voltar(\\+|%20)${tag}(\\+|%20)tinto$`));
  });
});
