/**
 * Issue 27 on a guest's phone (390 px): a sold-out wine reads as unavailable at a glance, on the page and on its
 * offline copy; the copy is there from the first, untouched load, and a search it cannot run says so; the table of a
 * table QR code (?mesa=N) stays in the address through searches and filters, with and without JavaScript; and the
 * menu editor's wine form previews the price line the guest will read.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const MENU = '/pedra-da-ilha/carta-de-vinhos';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' };
/** The theme's gold (--au), the colour of the prices of wines a guest can order. */
const GOLD = 'rgb(220, 182, 117)';

/** The sample data with its cellar (an admin seeds it): Veuve Clicquot sold out, Guaspari at its last bottle. */
async function seedSampleMenu(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request);
  const res = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 201], await res.text()).toContain(res.status());
}

async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled });
  return context.newPage();
}

const wineRow = (page: Page, name: string): Locator => page.locator('details', { has: page.getByRole('heading', { name, level: 3 }) });
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'Sem conexão' });

/** Looks at the three rows a guest must read right, and takes their pictures. */
async function expectCellarAtAGlance(page: Page, shot: string): Promise<void> {
  const soldOut = wineRow(page, 'Veuve Clicquot Brut Carte Jaune');
  const badge = soldOut.getByText('Esgotado', { exact: true });
  await expect(badge).toBeVisible();
  // A filled badge in the wine colour, not a line of small gold text.
  await expect(badge).toHaveCSS('background-color', 'rgb(142, 42, 67)');
  await expect(badge).toHaveCSS('color', 'rgb(255, 255, 255)');
  const soldOutPrice = soldOut.getByText(/^R\$\s890,00/);
  await expect(soldOutPrice).toHaveCSS('text-decoration-line', 'line-through');
  expect(await soldOutPrice.evaluate((el) => getComputedStyle(el).color)).not.toBe(GOLD);
  expect(await soldOut.getByRole('heading', { level: 3 }).evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(244, 235, 224)');
  await soldOut.scrollIntoViewIfNeeded();
  await snapshot(page, `${shot}-esgotado-390`);

  // A wine a guest can order keeps its gold, unstruck price.
  const lastBottle = wineRow(page, 'Guaspari Vista do Chá Syrah');
  await expect(lastBottle.getByText('Última garrafa', { exact: true })).toBeVisible();
  const lastPrice = lastBottle.getByText(/^R\$\s459,00/);
  await expect(lastPrice).toHaveCSS('color', GOLD);
  await expect(lastPrice).toHaveCSS('text-decoration-line', 'none');
  await lastBottle.scrollIntoViewIfNeeded();
  await snapshot(page, `${shot}-ultima-garrafa-390`);

  // One thing to buy, one price; a wine sold both ways, two.
  const glass = wineRow(page, 'Chandon Réserve Brut (taça)');
  await expect(glass.getByText(/^Taça\sR\$\s69,00\s*187 ml$/)).toBeVisible();
  await expect(glass.getByText(/Garrafa/)).toHaveCount(0);
  await expect(wineRow(page, 'Miolo Reserva Sauvignon Blanc').getByText(/^Taça\sR\$\s38,00\s·\sGarrafa\sR\$\s149,00/)).toBeVisible();
  await glass.scrollIntoViewIfNeeded();
  await snapshot(page, `${shot}-taca-390`);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('the guest screen tells the truth (issue 27)', () => {
  test.beforeEach(async ({ request }) => {
    await seedSampleMenu(request);
  });

  test('390 px: a sold-out wine reads as unavailable at a glance, a last bottle and a glass wine read right', async ({ browser }) => {
    const page = await phone(browser);
    expect((await page.goto(MENU))?.status()).toBe(200);
    await expectCellarAtAGlance(page, 'carta');
    await page.context().close();
  });

  test('390 px: opened and never touched, the menu reloads offline; a search or filter it cannot run says so', async ({ browser }) => {
    const page = await phone(browser);
    const context = page.context();
    expect((await page.goto(MENU))?.status()).toBe(200);
    // No scroll, no tap: the copy is kept once the page has loaded.
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href)))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(offlineNotice(page)).toHaveText(/^Sem conexão · carta de \d\d:\d\d$/);
    await expectCellarAtAGlance(page, 'offline');

    // A search typed offline, key by key: the copy cannot run it and says the whole menu is shown.
    const search = page.getByRole('searchbox', { name: 'Buscar vinho' });
    await search.tap();
    await search.pressSequentially('malbec', { delay: 20 });
    await search.press('Enter');
    await expect(page).toHaveURL(/\?q=malbec&[^#]*#vinhos$/);
    await expect(offlineNotice(page)).toHaveText(/^Sem conexão: mostrando a carta inteira · cópia das \d\d:\d\d$/);
    await expect(page.getByRole('heading', { name: 'Cave Geisse Brut Nature', level: 3 })).toBeAttached();
    await snapshot(page, 'offline-busca-390');
    expect(await seriousViolations(page)).toEqual([]);

    // A filter likewise.
    await page.getByText('Filtrar por país, uva ou preço').tap();
    await page.getByLabel('País').selectOption('Chile');
    await page.getByRole('button', { name: 'Filtrar' }).tap();
    await expect(page).toHaveURL(/[?&]pais=Chile/);
    await expect(offlineNotice(page)).toHaveText(/^Sem conexão: mostrando a carta inteira/);

    // Back to the whole menu, still offline: the plain copy, with its plain notice.
    await page.goto(MENU);
    await expect(offlineNotice(page)).toHaveText(/^Sem conexão · carta de \d\d:\d\d$/);
    await context.close();
  });

  for (const javaScript of [true, false]) {
    test(`390 px ${javaScript ? 'with' : 'without'} JavaScript: the table of ?mesa=5 stays through a search, a filter and "Limpar filtros"`, async ({
      browser,
    }) => {
      const page = await phone(browser, javaScript);
      expect((await page.goto(`${MENU}?mesa=5`))?.status()).toBe(200);
      const search = page.getByRole('searchbox', { name: 'Buscar vinho' });
      await search.tap();
      await search.pressSequentially('malbec', { delay: 20 });
      await search.press('Enter');
      await expect(page).toHaveURL(/\?mesa=5&q=malbec&[^#]*#vinhos$/);
      await expect(page.getByRole('heading', { name: 'Catena Malbec', level: 3 })).toBeVisible();

      await page.getByRole('link', { name: 'Ver todos' }).tap();
      await expect(page).toHaveURL(new RegExp(`${MENU}\\?mesa=5$`));

      await page.getByText('Filtrar por país, uva ou preço').tap();
      await page.getByLabel('País').selectOption('Argentina');
      await page.getByRole('button', { name: 'Filtrar' }).tap();
      await expect(page).toHaveURL(/\?mesa=5&q=&pais=Argentina&/);
      await expect(page.getByRole('heading', { name: 'Catena Malbec', level: 3 })).toBeVisible();

      await page.getByRole('link', { name: 'Limpar filtros' }).tap();
      await expect(page).toHaveURL(new RegExp(`${MENU}\\?mesa=5$`));
      await page.context().close();
    });
  }

  test('1280 px: the wine form says what the guest will read ("Na carta: …") and what contradicts itself', async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${await apiToken(request)}` };
    const post = async (url: string, data: object) => {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    const est = await post('/api/establishments', { name: `Bar da Taça ${Date.now()}` });
    const menu = await post('/api/wine-menus', { name: 'Carta da Noite', establishment_id: est.id });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await loginViaUi(page);
    await page.goto(`/carta/${menu.id}/editar`);
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    const form = page.getByRole('dialog', { name: 'Adicionar vinho' });
    await form.getByRole('textbox', { name: 'Nome' }).pressSequentially('Chandon Réserve Brut (taça)', { delay: 20 });
    await form.getByRole('textbox', { name: 'Preço', exact: true }).pressSequentially('69,90', { delay: 20 });
    await form.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Vinhos em Taça (187ml)' }).click();
    await expect(form.getByText('Na carta: R$ 69,90 · 750 ml')).toBeVisible();
    await form.getByRole('combobox', { name: 'Volume' }).click();
    await page.getByRole('option', { name: '187ml' }).click();
    await form.getByRole('checkbox', { name: /Vendido em taça/ }).check();
    // A 187 ml bottle pours one glass: one thing to buy, one price.
    await expect(form.getByText('Na carta: Taça R$ 69,90 · 187 ml')).toBeVisible();
    // A glass price of its own would be a second price: the form says so before saving.
    const glassPrice = form.getByRole('textbox', { name: 'Preço da taça' });
    await glassPrice.pressSequentially('39', { delay: 20 });
    await expect(form.getByRole('alert')).toContainText('Uma garrafa que serve uma só taça é vendida inteira');
    await snapshot(page, 'editor-na-carta-contradicao-1280');
    await glassPrice.press('ControlOrMeta+a');
    await glassPrice.press('Backspace');
    await expect(form.getByText('Na carta: Taça R$ 69,90 · 187 ml')).toBeVisible();
    await snapshot(page, 'editor-na-carta-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Salvar vinho' }).click();
    await expect(page.getByText('“Chandon Réserve Brut (taça)” adicionado à carta.')).toBeVisible();

    // The guest reads exactly that line.
    const guest = await phone(browser);
    expect((await guest.goto(`/${est.slug}/${menu.slug}`))?.status()).toBe(200);
    await expect(wineRow(guest, 'Chandon Réserve Brut (taça)').getByText(/^Taça\sR\$\s69,90\s*187 ml$/)).toBeVisible();
    await guest.context().close();
    await context.close();
  });
});
