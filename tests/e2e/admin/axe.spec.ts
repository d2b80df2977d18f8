import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { seedSampleMenu } from './admin-api.js';

/** Serious and critical WCAG A/AA violations, summarised so a failure names the rule and the elements. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('axe-core: no serious or critical violations', () => {
  test('login, home, menu edit and catálogo', async ({ page, request, admin }) => {
    const { menuId } = await seedSampleMenu(request);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
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
