/**
 * Issue 18 on a guest's screen: the public menu says what the house cellar says ("Esgotado", "Última garrafa"),
 * shows both prices of a wine by the glass and filters "Por taça" — with and without JavaScript, at 390 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken, expect, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' };
const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' };

interface CellarMenu {
  path: string;
  lastBottleItem: string;
  headers: Record<string, string>;
}

/** A house with a menu drawing on its cellar: sold out, last bottle, a wine by the glass and one without a count. */
async function cellarMenu(request: APIRequestContext): Promise<CellarMenu> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const est = await post('/api/establishments', { name: `Adega da Praia ${randomUUID().slice(0, 6)}` });
  const menu = await post('/api/wine-menus', { name: 'Carta da Adega', establishment_id: est.id });
  const wine = async (name: string, onHand: number | null, fields: object = {}) => {
    const item = onHand === null ? null : await post(`/api/establishments/${est.id}/cellar`, { name, on_hand: onHand });
    await post(`/api/wine-menus/${menu.id}/wines`, {
      name,
      price: 149.9,
      category: 'Vinhos Tintos Médios',
      country: 'Argentina',
      cellar_item_id: item?.id ?? null,
      ...fields,
    });
    return item?.id as string;
  };
  await wine('Malbec Esgotado', 0);
  const lastBottleItem = await wine('Cabernet da Última Garrafa', 1);
  await wine('Pinot Noir em Taça', 8, { by_the_glass: true, category: 'Vinhos Tintos Leves' });
  await wine('Tannat da Casa', null, { price: 99 });
  return { path: `/${est.slug}/${menu.slug}`, lastBottleItem, headers };
}

async function guest(browser: Browser, device: object, javaScriptEnabled: boolean, path: string): Promise<Page> {
  const context = await browser.newContext({ ...device, javaScriptEnabled });
  const page = await context.newPage();
  expect((await page.goto(path))?.status()).toBe(200);
  return page;
}

const wineRow = (page: Page, name: string): Locator => page.locator('details', { has: page.getByRole('heading', { name, level: 3 }) });

async function expectCellarWords(page: Page): Promise<void> {
  await expect(wineRow(page, 'Malbec Esgotado').getByText('Esgotado', { exact: true })).toBeVisible();
  await expect(wineRow(page, 'Cabernet da Última Garrafa').getByText('Última garrafa', { exact: true })).toBeVisible();
  // 149,90 / 5 glasses = 29,98: R$ 30,00 a glass.
  await expect(wineRow(page, 'Pinot Noir em Taça').getByText('Taça R$ 30,00 · Garrafa R$ 149,90')).toBeVisible();
  await expect(wineRow(page, 'Tannat da Casa').getByText(/Esgotado|garrafa|Taça/)).toHaveCount(0);
}

/** The filter form, as a guest uses it: open it, tick "Por taça", submit. */
async function filterByTheGlass(page: Page, tap: boolean): Promise<void> {
  const open = page.getByText('Filtrar por país, uva ou preço');
  const box = page.getByRole('checkbox', { name: 'Por taça' });
  const submit = page.getByRole('button', { name: 'Filtrar' });
  if (tap) {
    await open.tap();
    await box.tap();
    await submit.tap();
  } else {
    await open.click();
    await box.check();
    await submit.click();
  }
  await expect(page).toHaveURL(/[?&]taca=on(&[^#]*)?#vinhos$/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Pinot Noir em Taça']);
  await expect(page.getByRole('status')).toContainText('Mostrando 1 de 4 vinhos.');
  await expect(page.getByRole('checkbox', { name: 'Por taça' })).toBeChecked();
}

async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('public menu following the house cellar', () => {
  test('on a phone without JavaScript: the cellar words, both prices of a glass and the "Por taça" filter', async ({
    browser,
    request,
  }) => {
    const menu = await cellarMenu(request);
    const page = await guest(browser, PHONE, false, menu.path);
    await expectCellarWords(page);
    // Both prices fit the row on a phone: the name keeps most of the width, the prices break after the dot.
    const name = await wineRow(page, 'Pinot Noir em Taça').getByRole('heading', { level: 3 }).boundingBox();
    expect(name?.width ?? 0).toBeGreaterThan(150);
    await snapshot(page, 'cellar-menu-390');
    await filterByTheGlass(page, true);
    await snapshot(page, 'cellar-menu-por-taca-390');
    await page.context().close();
  });

  test('at 1280 px with JavaScript: the same words, the filter, and a sale shows "Esgotado" on the next visit', async ({
    browser,
    request,
  }) => {
    const menu = await cellarMenu(request);
    const page = await guest(browser, LAPTOP, true, menu.path);
    await expectCellarWords(page);
    await snapshot(page, 'cellar-menu-1280');
    await filterByTheGlass(page, false);

    const sale = await request.post(`/api/cellar/${menu.lastBottleItem}/movements`, {
      headers: menu.headers,
      data: { reason: 'sale', delta: -1 },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    await page.goto(menu.path);
    await expect(wineRow(page, 'Cabernet da Última Garrafa').getByText('Esgotado', { exact: true })).toBeVisible();
    await page.context().close();
  });

  // axe-core runs inside the page: it needs JavaScript, the markup is the same without it.
  for (const [label, device] of [
    ['390', PHONE],
    ['1280', LAPTOP],
  ] as const) {
    test(`axe-core finds no serious or critical violation at ${label} px, filters open`, async ({ browser, request }) => {
      const menu = await cellarMenu(request);
      const page = await guest(browser, device, true, menu.path);
      await page.getByText('Filtrar por país, uva ou preço').click();
      await expect(page.getByRole('checkbox', { name: 'Por taça' })).toBeVisible();
      await snapshot(page, `cellar-menu-filters-${label}`);
      await expectNoSeriousAxeViolation(page);
      await page.context().close();
    });
  }
});
