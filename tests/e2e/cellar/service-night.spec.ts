import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, type Credentials, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { type CellarWorld, callApi, makeCellarWorld } from './cellar-api.js';

// Issue 27, the cellar during service: one tap per bottle on the cellar's rows, a recount far from the system asks
// first, and "Marcar como entregue" says what enters the cellar before it does.

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' } as const;

async function session(browser: Browser, who: Credentials, device: object = PHONE) {
  const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', ...device });
  const page = await context.newPage();
  await loginViaUi(page, who);
  return { context, page };
}

const cellarRow = (page: Page, name: string) => page.getByTestId('cellar-item').filter({ hasText: name });

interface Item {
  id: string;
  name: string;
  on_hand: number;
  open_bottle_doses: number;
  par_level: number;
  menu_wines: { id: string }[];
}

const cellarOf = (request: APIRequestContext, w: CellarWorld) =>
  callApi<Item[]>(request, 'get', `/api/establishments/${w.establishmentId}/cellar`, undefined, w.manager);
const movementsOf = (request: APIRequestContext, w: CellarWorld, itemId: string) =>
  callApi<{ reason: string; delta: number }[]>(request, 'get', `/api/cellar/${itemId}/movements`, undefined, w.manager);

async function newItem(request: APIRequestContext, w: CellarWorld, name: string, onHand: number): Promise<Item> {
  return callApi<Item>(request, 'post', `/api/establishments/${w.establishmentId}/cellar`, { name, on_hand: onHand }, w.manager);
}

test.describe('the cellar during service', () => {
  test('"−1 garrafa" and "−1 taça" on the cellar row: each tap one sale, the count at once, a refused tap said so', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = await makeCellarWorld(request);
    const byGlass = await newItem(request, w, `Pinot da Taça ${w.tag}`, 4);
    const byBottle = await newItem(request, w, `Tannat Só Garrafa ${w.tag}`, 1);
    await callApi(request, 'post', `/api/wine-menus/${w.menuId}/wines`, {
      name: byGlass.name,
      price: 150,
      category: 'Vinhos Tintos Leves',
      cellar_item_id: byGlass.id,
      by_the_glass: true,
      glass_doses: 5,
    });

    const { context, page } = await session(browser, w.sommelier);
    await page.goto(`/adega?establishment_id=${w.establishmentId}`);
    const row = cellarRow(page, byGlass.name);
    const count = row.getByTestId('cellar-on-hand');
    await expect(count).toHaveText('4');
    const bottle = row.getByRole('button', { name: `−1 garrafa de ${byGlass.name}` });
    const glass = row.getByRole('button', { name: `−1 taça de ${byGlass.name}` });
    // The history stays one tap away; the wine sold only by the bottle has no glass button.
    await expect(row.getByRole('button', { name: `Histórico ${byGlass.name}` })).toBeVisible();
    const other = cellarRow(page, byBottle.name);
    await expect(other.getByRole('button', { name: `−1 garrafa de ${byBottle.name}` })).toBeVisible();
    await expect(other.getByRole('button', { name: /−1 taça/ })).toHaveCount(0);
    for (const target of [bottle, glass])
      expect((await target.boundingBox())?.height ?? 0, 'a thumb-sized target').toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), '/adega at 390 px').toEqual([]);
    await snapshot(page, 'service-cellar-stock-390', { fullPage: true });

    // The count drops before the server answers: the first sale is held on its way until the screen has changed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/cellar/*/movements',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
      { times: 1 },
    );
    await bottle.tap();
    await expect(count).toHaveText('3');
    await expect(row).toContainText('3 garrafas');
    expect(await movementsOf(request, w, byGlass.id), 'not recorded yet').toHaveLength(1);
    release();
    await expect.poll(async () => (await movementsOf(request, w, byGlass.id)).length).toBe(2);
    await expect(count).toHaveText('3');
    // A glass opens a bottle of 5: one bottle leaves the shelf, 4 glasses stay in the open one.
    await glass.tap();
    await expect(count).toHaveText('2');
    await expect(row.getByTestId('cellar-open-bottle')).toHaveText('+ garrafa aberta (4 taças)');
    // A double tap during service is two bottles: both land.
    await bottle.tap();
    await bottle.tap();
    await expect(count).toHaveText('0');
    await expect(row).toContainText('0 garrafas');
    await expect
      .poll(async () => (await movementsOf(request, w, byGlass.id)).map((m) => m.reason))
      .toEqual(['sale', 'sale', 'glass_sale', 'sale', 'count']);

    // The last Tannat, tapped twice: the first sells it, the second is refused, and the screen says so.
    const otherCount = other.getByTestId('cellar-on-hand');
    const sellOther = other.getByRole('button', { name: `−1 garrafa de ${byBottle.name}` });
    await sellOther.tap();
    await sellOther.tap();
    await expect(page.getByText(`A garrafa de ${byBottle.name} não foi registrada`)).toBeVisible();
    await expect(page.getByText('Sem estoque suficiente')).toBeVisible();
    await expect(otherCount).toHaveText('0');
    await expect(other).toContainText('Esgotado');
    expect((await movementsOf(request, w, byBottle.id)).map((m) => [m.reason, m.delta])).toEqual([
      ['sale', -1],
      ['count', 1],
    ]);
    await snapshot(page, 'service-cellar-after-taps-390', { fullPage: true });
    await context.close();

    // The same row on a laptop: the buttons sit in their own column, the table still fits.
    const laptop = await session(browser, w.manager, LAPTOP);
    await laptop.page.goto(`/adega?establishment_id=${w.establishmentId}`);
    const wide = cellarRow(laptop.page, byGlass.name);
    await expect(wide.getByRole('button', { name: `−1 garrafa de ${byGlass.name}` })).toBeVisible();
    await expect(wide.getByRole('button', { name: `−1 taça de ${byGlass.name}` })).toBeVisible();
    // The summary speaks of one sold-out wine in the singular.
    await expect(laptop.page.getByRole('group', { name: 'Esgotado', exact: true })).toContainText('1');
    expect(await seriousViolations(laptop.page), '/adega at 1280 px').toEqual([]);
    await snapshot(laptop.page, 'service-cellar-stock-1280', { fullPage: true });
    await laptop.context.close();
  });

  test('a recount far from the system asks first; Esc and Cancelar keep the typed number to correct it', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const w = await makeCellarWorld(request);
    const first = await newItem(request, w, `A Cabernet ${w.tag}`, 14);
    const second = await newItem(request, w, `B Merlot ${w.tag}`, 14);
    const { context, page } = await session(browser, w.sommelier);
    await page.goto(`/adega/recontagem?establishment_id=${w.establishmentId}`);
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Garrafas na prateleira' });
    await expect(field).toBeFocused();
    await expect(page.getByText('0 contados')).toBeVisible();

    // "4" for "14": the count is far off, so it asks; Esc leaves the 4 in the field, focused, and saves nothing.
    await page.keyboard.type('4', { delay: 40 });
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: `Contagem de ${first.name}` });
    await expect(ask).toContainText('O sistema tem 14, você contou 4. Confirmar?');
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), 'the far-off count dialog at 390 px').toEqual([]);
    await snapshot(page, 'service-recount-ask-390');
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(field).toHaveValue('4');
    await expect(field).toBeFocused();
    await expect(page.getByText('Vinho 1 de 2')).toBeVisible();
    // Cancelar does the same.
    await page.getByRole('button', { name: 'Salvar e próximo' }).click();
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toBeHidden();
    await expect(field).toHaveValue('4');
    expect((await cellarOf(request, w)).map((i) => i.on_hand)).toEqual([14, 14]);
    expect(await movementsOf(request, w, first.id)).toHaveLength(1);

    // Corrected to 13 (one bottle apart): saved without asking.
    await field.press('Backspace');
    await field.pressSequentially('13', { delay: 40 });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Vinho 2 de 2')).toBeVisible();
    await expect(page.getByText('1 contado', { exact: true })).toBeVisible();

    // Really 4 of the Merlot: confirmed, it is saved.
    await page.keyboard.type('4', { delay: 40 });
    await page.getByRole('button', { name: 'Salvar e concluir' }).click();
    const askSecond = page.getByRole('dialog', { name: `Contagem de ${second.name}` });
    await expect(askSecond).toContainText('O sistema tem 14, você contou 4. Confirmar?');
    await askSecond.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('heading', { name: 'Recontagem concluída' })).toBeVisible();
    await expect(page.getByText('2 de 2 vinhos contados')).toBeVisible();
    await expect(page.getByText('2 vinhos ajustados')).toBeVisible();
    await expect(page.getByText(`${first.name}: 14 → 13`)).toBeVisible();
    await expect(page.getByText(`${second.name}: 14 → 4`)).toBeVisible();
    expect((await cellarOf(request, w)).map((i) => i.on_hand)).toEqual([13, 4]);
    await context.close();
  });

  test('"Marcar como entregue" shows what enters the cellar; Esc and Cancelar change nothing; confirmed, the cellar fills', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = await makeCellarWorld(request);
    // The menu already lists the new wine (imported from the catalogue, so same name, producer and vintage).
    await callApi(request, 'post', `/api/wine-menus/${w.menuId}/wines`, {
      name: w.wineName,
      producer: 'Vinícola Altos do Sul',
      vintage: 2021,
      price: 189.9,
      category: 'Vinhos Tintos Encorpados',
      by_the_glass: true,
    });
    // A wine the house already keeps, and one whose catalogue entry is deleted after the order.
    const kept = await callApi<{ id: string; name: string }>(request, 'post', '/api/catalog/wines', {
      name: `Espumante Guardado ${w.tag}`,
      country: 'Brasil',
      price_reference: 80,
    });
    const gone = await callApi<{ id: string; name: string }>(request, 'post', '/api/catalog/wines', {
      name: `Rosé Descontinuado ${w.tag}`,
      country: 'Brasil',
      price_reference: 60,
    });
    await callApi(
      request,
      'post',
      `/api/establishments/${w.establishmentId}/cellar`,
      { name: kept.name, catalog_wine_id: kept.id, on_hand: 2, par_level: 10 },
      w.manager,
    );
    const order = await callApi<{ id: string }>(
      request,
      'post',
      '/api/orders',
      {
        establishment_id: w.establishmentId,
        supplier_id: w.supplierId,
        items: [
          { wine_id: w.wineId, quantity: 4, price: 98.5 },
          { wine_id: kept.id, quantity: 6, price: 80 },
          { wine_id: w.wineId, quantity: 2, price: 98.5 },
          { wine_id: gone.id, quantity: 1, price: 60 },
        ],
      },
      w.manager,
    );
    for (const status of ['confirmed', 'shipped'])
      await callApi(request, 'patch', `/api/orders/${order.id}/status`, { status }, w.supplierUser);
    const removed = await request.delete(`/api/catalog/wines/${gone.id}`, {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    const statusNow = async () =>
      (await callApi<{ status: string }>(request, 'get', `/api/orders/${order.id}`, undefined, w.manager)).status;

    const { context, page } = await session(browser, w.manager);
    await page.goto(`/pedidos/${order.id}`);
    const deliver = page.getByRole('button', { name: 'Marcar como entregue' });
    await deliver.click();
    const ask = page.getByRole('dialog', { name: 'Marcar como entregue' });
    const list = ask.getByRole('list', { name: 'Entram na adega' });
    // One line per wine (the two lines of the new wine summed), in the order's order.
    await expect(list.getByRole('listitem')).toHaveText([
      `${kept.name}: 6 garrafas`,
      `${w.wineName}: 6 garrafas`,
      `${gone.name}: 1 garrafa (fora do catálogo: entra pelo nome, sem ligar à carta)`,
    ]);
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), 'the delivery dialog at 390 px').toEqual([]);
    await snapshot(page, 'service-delivery-ask-390');
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await deliver.click();
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toBeHidden();
    expect(await statusNow()).toBe('shipped');
    expect((await cellarOf(request, w)).map((i) => [i.name, i.on_hand])).toEqual([[kept.name, 2]]);

    await deliver.click();
    await ask.getByRole('button', { name: 'Marcar como entregue' }).click();
    await expect(page.getByText('Pedido marcado como entregue.')).toBeVisible();
    expect(await statusNow()).toBe('delivered');

    // The new wine entered with the bottles ordered as its par, drawing the menu's wine (so it sells by the glass).
    await page.goto(`/adega?establishment_id=${w.establishmentId}`);
    const fresh = cellarRow(page, w.wineName);
    await expect(fresh.getByTestId('cellar-on-hand')).toHaveText('6');
    await expect(fresh.getByRole('button', { name: `−1 taça de ${w.wineName}` })).toBeVisible();
    await expect(cellarRow(page, kept.name).getByTestId('cellar-on-hand')).toHaveText('8');
    await expect(cellarRow(page, gone.name).getByTestId('cellar-on-hand')).toHaveText('1');
    const items = await cellarOf(request, w);
    expect(items.map((i) => [i.name, i.on_hand, i.par_level, i.menu_wines.length])).toEqual([
      [kept.name, 8, 10, 0],
      [w.wineName, 6, 6, 1],
      [gone.name, 1, 1, 0],
    ]);
    await context.close();
  });
});
