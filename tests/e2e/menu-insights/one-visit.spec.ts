import { randomUUID } from 'node:crypto';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { createUserViaApi, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// Headless Chromium names itself "HeadlessChrome", which the counting takes for a bot: the guest uses a phone's own.
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test("one guest at table 5 who searches twice and filters twice is one visit from Mesa 5 on the owner's insights", async ({
  browser,
  request,
}) => {
  const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
  const place = await createEstablishmentAndMenu(request, `Cantina Visita ${tag}`, 'Carta do Salão');
  await addMenuWine(request, place.menuId, {
    name: `Carménère da Serra ${tag}`,
    price: 140,
    category: 'Vinhos Tintos Médios',
    country: 'Chile',
    grape_variety: 'Carménère',
    by_the_glass: true,
  });
  await addMenuWine(request, place.menuId, {
    name: `Branco do Vale ${tag}`,
    price: 98,
    category: 'Vinhos Brancos Leves',
    country: 'Portugal',
  });
  const manager = await createUserViaApi(request, 'restaurant_manager', [place.establishmentId]);

  // The guest, at a phone's width, from table 5's QR code.
  const context = await browser.newContext({ ...PHONE, userAgent: PHONE_BROWSER });
  const guest = await context.newPage();
  expect((await guest.goto(`/${place.establishmentSlug}/${place.menuSlug}?mesa=5`))?.status()).toBe(200);
  const search = guest.getByRole('searchbox', { name: 'Buscar vinho' });
  for (const words of ['serra', 'vale']) {
    await search.fill('');
    await search.pressSequentially(words, { delay: 20 });
    await search.press('Enter');
    await expect(guest).toHaveURL(new RegExp(`q=${words}`));
  }
  await search.fill('');
  await guest.getByText('Filtrar por país, uva ou preço').tap();
  await guest.getByLabel('País').selectOption('Chile');
  await guest.getByRole('button', { name: 'Filtrar' }).tap();
  await expect(guest).toHaveURL(/pais=Chile/);
  await expect(guest.getByRole('heading', { name: `Branco do Vale ${tag}`, level: 3 })).toHaveCount(0);
  // With a filter on, the page comes with the filters open.
  await guest.getByRole('checkbox', { name: 'Por taça' }).check();
  await guest.getByRole('button', { name: 'Filtrar' }).tap();
  await expect(guest).toHaveURL(/taca=on/);
  await context.close();

  // The manager at a laptop: one visit, from Mesa 5, and the filters used with "Por taça" among them.
  const owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  const page = await owner.newPage();
  await page.goto('/login');
  await loginViaUi(page, manager);
  await openFromNav(page, 'Cartas', 'Insights da carta');
  await expect(page.getByRole('heading', { name: 'Insights da carta', level: 1 })).toBeVisible();
  const tables = page.getByRole('region', { name: 'Leituras por mesa' });
  const filters = page.getByRole('region', { name: 'Filtros usados' });
  // The counts are written every 5 seconds (decision 0064), the last page's filters perhaps one write after the
  // visit's: reload until both are there.
  await expect(async () => {
    await page.reload();
    await expect(tables.getByRole('cell', { name: 'Mesa 5' })).toBeVisible({ timeout: 2_000 });
    await expect(filters.getByText('Por taça · 1 vez')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    tables
      .getByRole('row', { name: /Mesa 5/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(tables.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Visitas' }).getByText('1', { exact: true })).toBeVisible();
  await expect(page.getByText(/Uma visita é um cliente que abre a carta/)).toBeVisible();
  await expect(filters.getByText('Por taça · 1 vez')).toBeVisible();
  await expect(filters.getByText(/País: Chile · \d vez/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mais buscados' }).getByText('serra', { exact: true })).toBeVisible();
  // The guest read the menu in Portuguese: the one language listed, with every search and filter of the visit.
  const languages = page.getByRole('region', { name: 'Idiomas dos clientes' });
  await expect(languages.getByText('100 % das visitas em português')).toBeVisible();
  await expect(languages.getByRole('row')).toHaveCount(2);
  await expect(
    languages
      .getByRole('row', { name: /Português/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('2');
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, 'one-visit-insights-1280', { fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  // On a phone the language's searches and filters move under its name.
  await expect(languages.getByText('2 buscas · 3 filtros')).toBeVisible();
  await expect(filters.getByText('Por taça · 1 vez')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, 'one-visit-insights-390', { fullPage: true });
  await owner.close();
});
