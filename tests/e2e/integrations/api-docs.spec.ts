/** Issue 31: the API reference a till's developer reads, served by Adega itself (no CDN) under its strict CSP. */
import { expect, test } from '../support/fixtures.js';

test('the API reference at /api/docs lists the routes a key may call, by scope', async ({ page }) => {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Adega — API para integrações/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'cellar:sales' })).toBeVisible();
  await expect(page.getByText('/api/cellar/{id}/movements').first()).toBeVisible();
  expect(failures).toEqual([]);
});
