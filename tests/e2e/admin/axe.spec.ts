import { seriousViolations } from '../support/axe.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { seedSampleMenu } from './admin-api.js';

test.describe('axe-core: no serious or critical violations', () => {
  test('login, home, menu edit and catálogo', async ({ page, request, admin }) => {
    // Four axe scans; the catálogo's full page of wines alone took most of a minute while the API suite ran beside it.
    test.setTimeout(150_000);
    const { menuId } = await seedSampleMenu(request);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'login').toEqual([]);

    await loginViaUi(page, admin);
    await expect(page.getByRole('heading', { name: 'Cartas' })).toBeVisible();
    await expect(page.getByTestId('header-email')).toBeVisible();
    expect(await seriousViolations(page), 'home').toEqual([]);

    await page.goto(`/carta/${menuId}/editar`);
    await expect(page.getByTestId('menu-wine').first()).toBeVisible();
    expect(await seriousViolations(page), 'menu edit').toEqual([]);

    await page.goto('/catalogo');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await seriousViolations(page), 'catálogo').toEqual([]);
  });
});
