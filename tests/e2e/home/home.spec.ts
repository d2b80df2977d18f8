import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createEstablishmentAndMenu } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { E2E_ADMIN, E2E_PORT } from '../support/constants.js';
import { E2E_SUPPLIERS } from '../support/e2e-suppliers.mjs';
import { apiToken, type Credentials, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { serverWithoutPublicBaseUrl } from '../support/server-without-base-url.js';
import { snapshot } from '../support/shots.js';

const STAFF_CARDS = ['/adega', '/insights', '/analytics', '/catalogo', '/fornecedores', '/pedidos', '/produtos/gerenciar'];
const CARDS: Record<'admin' | 'restaurant_manager' | 'sommelier' | 'supplier', string[]> = {
  admin: [
    '/adega',
    '/insights',
    '/analytics',
    '/catalogo',
    '/fornecedores',
    '/pedidos',
    '/onboarding/cadastros',
    '/produtos/gerenciar',
    '/produtos/importar',
    '/crm',
  ],
  restaurant_manager: STAFF_CARDS,
  sommelier: STAFF_CARDS,
  supplier: ['/analytics', '/catalogo', '/fornecedores', '/pedidos', '/produtos/gerenciar', '/produtos/importar'],
};

const shortcuts = (page: Page) => page.getByRole('navigation', { name: 'Atalhos' }).getByRole('link');

/** A user of `role` linked to an establishment of its own (staff) or to a supplier (supplier), as people really are. */
async function userOf(request: Parameters<typeof createUserViaApi>[0], role: keyof typeof CARDS): Promise<Credentials> {
  if (role === 'admin') return E2E_ADMIN;
  if (role !== 'supplier') {
    const { establishmentId } = await createEstablishmentAndMenu(request, `Casa Início ${randomUUID().slice(0, 6)}`, 'Carta');
    return createUserViaApi(request, role, [establishmentId]);
  }
  const credentials = { email: `fornecedor-${randomUUID().slice(0, 8)}@adega.test`, password: 'senha-de-teste-123' };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { ...credentials, role, establishment_ids: [], supplier_id: E2E_SUPPLIERS[0]?.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return credentials;
}

test.describe('the home cards are the screens the role can open', () => {
  for (const role of Object.keys(CARDS) as (keyof typeof CARDS)[]) {
    test(`${role}: one card per screen it may open, and each opens`, async ({ page, request }) => {
      await loginViaUi(page, await userOf(request, role));
      await expect(shortcuts(page)).toHaveCount(CARDS[role].length);
      expect(await shortcuts(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(CARDS[role]);
      for (const href of CARDS[role]) {
        await page.goto('/');
        await shortcuts(page)
          .and(page.locator(`[href="${href}"]`))
          .click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        // The screen's own title, never "Sem acesso".
        await expect.poll(() => page.title()).toMatch(/ · Adega$/);
        await expect.poll(() => page.title()).not.toMatch(/^(Início|Sem acesso) · Adega$/);
        await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toHaveCount(0);
      }
    });
  }

  test("the sommelier's home at 390 and 1280 px: Adega da casa and Insights da carta first, no serious axe finding", async ({
    page,
    request,
  }) => {
    const sommelier = await userOf(request, 'sommelier');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await loginViaUi(page, sommelier);
      else await page.reload();
      await expect(page.getByRole('main').getByRole('link', { name: /^Adega da casa/ })).toHaveAttribute('href', '/adega');
      await expect(page.getByRole('main').getByRole('link', { name: /^Insights da carta/ })).toHaveAttribute('href', '/insights');
      await expect(shortcuts(page).first()).toContainText('Adega da casa');
      await expect(shortcuts(page).nth(1)).toContainText('Insights da carta');
      await expect(page.getByRole('heading', { name: 'Cartas' })).toBeVisible();
      await snapshot(page, `home-sommelier-${width}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('with PUBLIC_BASE_URL set, the home says nothing about the address of links', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await expect(page.getByText('E-mails não são enviados')).toBeVisible();
    await expect(page.getByText('Os links dos e-mails usam o endereço deste acesso')).toHaveCount(0);
  });

  test.describe('without PUBLIC_BASE_URL', () => {
    const port = E2E_PORT + 1010;
    const base = serverWithoutPublicBaseUrl(port);

    test("the admin's home says once that e-mail links take the address it was opened on", async ({ page }) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        if (width === 1280) {
          await page.goto(`${base}/login`);
          await loginViaUi(page, E2E_ADMIN);
        } else await page.reload();
        const note = page.getByRole('alert').filter({ hasText: 'Os links dos e-mails usam o endereço deste acesso' });
        await expect(note).toHaveCount(1);
        await expect(note).toContainText('PUBLIC_BASE_URL');
        await expect(note.getByText(`127.0.0.1:${port}`, { exact: true })).toBeVisible();
        await snapshot(page, `home-admin-link-note-${width}`, { fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  });
});
