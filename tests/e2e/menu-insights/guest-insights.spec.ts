import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, createUserViaApi, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// Headless Chromium names itself "HeadlessChrome", which the counting takes for a bot: the guest uses a phone's own.
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function guestPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, userAgent: PHONE_BROWSER });
  return context.newPage();
}

test('a guest scans table 7, searches what the menu lacks and opens a wine; the sommelier sees all three', async ({ browser, request }) => {
  const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
  const place = await createEstablishmentAndMenu(request, `Bistrô Insights ${tag}`, 'Carta da Noite');
  await addMenuWine(request, place.menuId, {
    name: `Tinto da Mesa ${tag}`,
    price: 120,
    category: 'Vinhos Tintos Médios',
    country: 'Chile',
  });
  await addMenuWine(request, place.menuId, { name: 'Branco da Casa', price: 98, category: 'Vinhos Brancos Leves' });
  const sommelier = await createUserViaApi(request, 'sommelier', [place.establishmentId]);
  const missing = `amarone${tag}`;

  // The guest: the table's QR code, a search that finds nothing, then back to the list to open a wine.
  const guest = await guestPhone(browser);
  const menuPath = `/${place.establishmentSlug}/${place.menuSlug}`;
  expect((await guest.goto(`${menuPath}?mesa=7`))?.status()).toBe(200);
  const search = guest.getByRole('searchbox', { name: 'Buscar vinho' });
  await search.pressSequentially(missing, { delay: 30 });
  await search.press('Enter');
  await expect(guest).toHaveURL(new RegExp(`q=${missing}`));
  await expect(guest.getByRole('heading', { name: `Tinto da Mesa ${tag}`, level: 3 })).toHaveCount(0);
  await guest.goto(`${menuPath}?mesa=7`);
  const beacon = guest.waitForResponse((res) => res.url().endsWith('/api/public/events') && res.request().method() === 'POST');
  await guest.getByRole('heading', { name: `Tinto da Mesa ${tag}`, level: 3 }).tap();
  expect((await beacon).status()).toBe(204);
  await guest.context().close();

  // The counts are written in batches every 5 s (decision 0064): wait until the sommelier's insights hold all three.
  const token = await apiToken(request, sommelier);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/establishments/${place.establishmentId}/menu-insights?days=30`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await res.json();
        return {
          table7: body.tables?.find((t: { table: number }) => t.table === 7)?.views ?? 0,
          notFound: body.searches?.not_found.some((s: { words: string }) => s.words === missing) ?? false,
          opened: body.opened_wines?.some((w: { name: string }) => w.name === `Tinto da Mesa ${tag}`) ?? false,
        };
      },
      { timeout: 60_000 },
    )
    .toEqual({ table7: 1, notFound: true, opened: true });

  // The sommelier, at a laptop's width, opens the screen from the header.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/login');
  await loginViaUi(page, sommelier);
  await openFromNav(page, 'Cartas', 'Insights da carta');
  await expect(page.getByRole('heading', { name: 'Insights da carta', level: 1 })).toBeVisible();
  const tables = page.getByRole('region', { name: 'Leituras por mesa' });
  const notFound = page.getByRole('region', { name: 'Procurados e não encontrados' });
  const opened = page.getByRole('region', { name: 'Vinhos mais abertos' });
  await expect(tables.getByRole('cell', { name: 'Mesa 7' })).toBeVisible({ timeout: 30_000 });
  await expect(notFound.getByRole('cell', { name: missing })).toBeVisible();
  await expect(opened.getByText(`Tinto da Mesa ${tag}`)).toBeVisible();
  // One visit from table 7 (the guest's second page came within 30 minutes), one open, one search that found nothing.
  await expect(
    tables
      .getByRole('row', { name: /Mesa 7/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(opened.getByRole('row', { name: new RegExp(`Tinto da Mesa ${tag}`) })).toContainText('Disponível');
  await expect(page.getByRole('region', { name: 'Mais buscados' }).getByText(missing)).toBeVisible();
  await expect(page.getByRole('img', { name: /visitas por dia/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, 'insights-1280', { fullPage: true });

  // The period selector asks again for 90 days.
  await page.getByText('90 dias').click();
  await expect(page).toHaveURL(/dias=90/);
  await expect(notFound.getByRole('cell', { name: missing })).toBeVisible();

  // At a phone's width: no sideways scroll, nothing serious for axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await expect(opened.getByText(`Tinto da Mesa ${tag}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, 'insights-390', { fullPage: true });
  await context.close();
});
