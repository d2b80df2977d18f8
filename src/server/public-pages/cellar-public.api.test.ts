/**
 * Issue 18 on the public menu: linked wines say "Esgotado", "Última garrafa", "Últimas N garrafas" (or leave the page),
 * come back by themselves when bottles arrive, and wines by the glass show both prices and answer the "Por taça" filter.
 * The page is cached: every movement through the API must drop it, so each check reads the page right after one.
 */
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PublicMenuResponse } from '../../shared/public-menu.js';
import { createEstablishmentRow, createUser, type TestUser } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { pdfText } from '../test-support/pdf-text.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

/** Intl's and our no-break spaces as plain ones: what a guest reads. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

async function page(url: string) {
  // A browser's request: brotli, the cached body.
  const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  expect(res.statusCode, url).toBe(200);
  return { etag: String(res.headers.etag), html: plain(brotliDecompressSync(res.rawPayload).toString('utf8')) };
}

/** The <details> row of one wine on the page, or undefined when the wine is not there. */
function row(html: string, name: string): string | undefined {
  const start = html.indexOf(`<h3>${name}</h3>`);
  if (start < 0) return undefined;
  return html.slice(html.lastIndexOf('<details', start), html.indexOf('</details>', start));
}

/** The words under a wine's name: "Esgotado", "Última garrafa"…, or null. */
function stockWord(html: string, name: string): string | null | undefined {
  const r = row(html, name);
  if (r === undefined) return undefined;
  return /<span class="b">([^<]*)<\/span>/.exec(r)?.[1] ?? null;
}

interface House {
  manager: TestUser;
  menuId: string;
  url: string;
  establishmentId: string;
}

async function house(menuSettings: object = {}): Promise<House> {
  const est = await createEstablishmentRow(t.db);
  const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [est.id] });
  const menu = await t.call(manager, 'POST', '/api/wine-menus', { name: 'Carta da Casa', establishment_id: est.id, ...menuSettings });
  expect(menu.statusCode, menu.body).toBe(201);
  return { manager, menuId: menu.json().id, url: `/${est.slug}/${menu.json().slug}`, establishmentId: est.id };
}

/** A cellar item with `onHand` bottles (through the API: a count movement) and a menu wine drawing from it. */
async function linkedWine(h: House, name: string, onHand: number, wine: object = {}): Promise<{ itemId: string; wineId: string }> {
  const item = await t.call(h.manager, 'POST', `/api/establishments/${h.establishmentId}/cellar`, { name, on_hand: onHand });
  expect(item.statusCode, item.body).toBe(201);
  const added = await t.call(h.manager, 'POST', `/api/wine-menus/${h.menuId}/wines`, {
    name,
    price: 149.9,
    category: 'Vinhos Tintos Médios',
    cellar_item_id: item.json().id,
    ...wine,
  });
  expect(added.statusCode, added.body).toBe(201);
  return { itemId: item.json().id, wineId: added.json().id };
}

async function move(h: House, itemId: string, body: object) {
  const res = await t.call(h.manager, 'POST', `/api/cellar/${itemId}/movements`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { on_hand: number; open_bottle_doses: number };
}

describe('stock words on the public menu page (the HTML itself: what a guest without JavaScript gets)', () => {
  it('says Esgotado at 0, Última garrafa at 1, Últimas 2 garrafas at the threshold 2, nothing above it or for unlinked wines', async () => {
    const h = await house({ low_stock_threshold: 2 });
    await linkedWine(h, 'Zero Garrafas', 0);
    await linkedWine(h, 'Uma Garrafa', 1);
    await linkedWine(h, 'Duas Garrafas', 2);
    await linkedWine(h, 'Três Garrafas', 3);
    const unlinked = await t.call(h.manager, 'POST', `/api/wine-menus/${h.menuId}/wines`, {
      name: 'Sem Adega',
      price: 80,
      category: 'Vinhos Tintos Médios',
    });
    expect(unlinked.statusCode).toBe(201);

    const { html } = await page(h.url);
    expect(stockWord(html, 'Zero Garrafas')).toBe('Esgotado');
    expect(row(html, 'Zero Garrafas')).toContain('<details class="wine x">');
    expect(stockWord(html, 'Uma Garrafa')).toBe('Última garrafa');
    expect(stockWord(html, 'Duas Garrafas')).toBe('Últimas 2 garrafas');
    expect(stockWord(html, 'Três Garrafas')).toBeNull();
    expect(stockWord(html, 'Sem Adega')).toBeNull();
    expect(row(html, 'Sem Adega')).toContain('<details class="wine">');
    // The sold-out wine still counts among the menu's wines (it is shown).
    expect(html).toContain('Carta da Casa · 5 vinhos');

    // The guests' JSON says the same, and nothing of the cellar but that.
    const json = (await t.app.inject({ method: 'GET', url: `/api/public/carta${h.url}` })).json() as PublicMenuResponse;
    const byName = Object.fromEntries(json.menu.wines.map((w) => [w.name, w.stock]));
    expect(byName).toEqual({
      'Zero Garrafas': { state: 'sold_out', bottles: 0 },
      'Uma Garrafa': { state: 'low', bottles: 1 },
      'Duas Garrafas': { state: 'low', bottles: 2 },
      'Três Garrafas': null,
      'Sem Adega': null,
    });
    expect(JSON.stringify(json)).not.toContain('cellar_item_id');
  });

  it('drops the cached page on every movement: a sale to 0 says Esgotado, a delivery brings the wine back, a recount sets the words', async () => {
    const h = await house();
    const { itemId } = await linkedWine(h, 'Catena Malbec', 1);
    const first = await page(h.url);
    expect(stockWord(first.html, 'Catena Malbec')).toBe('Última garrafa');
    // Cached: the same representation until something changes.
    expect((await page(h.url)).etag).toBe(first.etag);

    await move(h, itemId, { reason: 'sale', delta: -1 });
    const soldOut = await page(h.url);
    expect(soldOut.etag).not.toBe(first.etag);
    expect(stockWord(soldOut.html, 'Catena Malbec')).toBe('Esgotado');

    await move(h, itemId, { reason: 'delivery', delta: 6 });
    expect(stockWord((await page(h.url)).html, 'Catena Malbec')).toBeNull();

    await move(h, itemId, { reason: 'count', counted: 1 });
    expect(stockWord((await page(h.url)).html, 'Catena Malbec')).toBe('Última garrafa');

    await move(h, itemId, { reason: 'count', counted: 0 });
    expect(stockWord((await page(h.url)).html, 'Catena Malbec')).toBe('Esgotado');
  });

  it('leaves a sold-out wine out when the menu hides them, and brings it back when bottles arrive', async () => {
    const h = await house({ sold_out_display: 'hide' });
    const { itemId } = await linkedWine(h, 'Vinho Escondido', 0);
    await linkedWine(h, 'Vinho Presente', 4);
    const hidden = await page(h.url);
    expect(row(hidden.html, 'Vinho Escondido')).toBeUndefined();
    expect(hidden.html).not.toContain('Vinho Escondido');
    expect(hidden.html).not.toContain('Esgotado');
    expect(hidden.html).toContain('Carta da Casa · 1 vinho');
    // Nor in the guests' JSON, the PDF or the establishment page's count.
    const json = (await t.app.inject({ method: 'GET', url: `/api/public/carta${h.url}` })).json() as PublicMenuResponse;
    expect(json.menu.wines.map((w) => w.name)).toEqual(['Vinho Presente']);
    expect(pdfText((await t.app.inject({ method: 'GET', url: `${h.url}.pdf` })).rawPayload)).not.toContain('Vinho Escondido');
    expect((await page(h.url.slice(0, h.url.lastIndexOf('/')))).html).toContain('1 vinho');

    await move(h, itemId, { reason: 'delivery', delta: 12 });
    const back = await page(h.url);
    expect(stockWord(back.html, 'Vinho Escondido')).toBeNull();
    expect(back.html).toContain('Carta da Casa · 2 vinhos');

    // Switching the menu to "show" shows it as Esgotado once it runs out again.
    await move(h, itemId, { reason: 'count', counted: 0 });
    expect(row((await page(h.url)).html, 'Vinho Escondido')).toBeUndefined();
    const shown = await t.call(h.manager, 'PUT', `/api/wine-menus/${h.menuId}`, {
      name: 'Carta da Casa',
      establishment_id: h.establishmentId,
      sold_out_display: 'show',
    });
    expect(shown.statusCode).toBe(200);
    expect(stockWord((await page(h.url)).html, 'Vinho Escondido')).toBe('Esgotado');
  });
});

describe('wines by the glass on the public menu', () => {
  it('shows "Taça R$ X · Garrafa R$ Y" (computed and typed), and ?taca filters them without JavaScript', async () => {
    const h = await house();
    await linkedWine(h, 'Malbec em Taça', 10, { by_the_glass: true }); // 149,90 / 5 = 29,98 -> R$ 30
    await linkedWine(h, 'Espumante em Taça', 10, { price: 219, by_the_glass: true, glass_price: '42,50' });
    await linkedWine(h, 'Só Garrafa', 10);

    const { html } = await page(h.url);
    expect(row(html, 'Malbec em Taça')).toContain('Taça R$ 30,00 · Garrafa R$ 149,90');
    expect(row(html, 'Espumante em Taça')).toContain('Taça R$ 42,50 · Garrafa R$ 219,00');
    expect(row(html, 'Só Garrafa')).toContain('<span class="p">R$ 149,90');
    expect(row(html, 'Só Garrafa')).not.toContain('Taça');
    expect(html).toContain('<input type="checkbox" name="taca"/>Por taça</label>');

    // The checkbox submits taca=on: a plain GET, the same page with or without JavaScript.
    const filtered = await page(`${h.url}?taca=on`);
    expect(row(filtered.html, 'Malbec em Taça')).toBeDefined();
    expect(row(filtered.html, 'Espumante em Taça')).toBeDefined();
    expect(row(filtered.html, 'Só Garrafa')).toBeUndefined();
    expect(filtered.html).toContain('<input type="checkbox" name="taca" checked=""/>');
    expect(filtered.html).toContain('Mostrando 2 de 3 vinhos.');
    // Cached per filter: "1" and "on" are one variant, distinct from the whole menu.
    expect((await page(`${h.url}?taca=1`)).etag).toBe(filtered.etag);
    expect(filtered.etag).not.toBe((await page(h.url)).etag);
    // Combined with the other filters.
    expect(row((await page(`${h.url}?taca=on&preco=200-400`)).html, 'Malbec em Taça')).toBeUndefined();
  });

  it('sells glasses from the open bottle: no closed bottle left says Só em taça (glass price only), the last glass says Esgotado', async () => {
    const h = await house();
    const { itemId, wineId } = await linkedWine(h, 'Pinot da Taça', 1, { by_the_glass: true, glass_doses: 2, price: 100 });
    expect(stockWord((await page(h.url)).html, 'Pinot da Taça')).toBe('Última garrafa');

    // The first glass opens the last bottle: 0 closed, 1 glass left in the open one.
    expect(await move(h, itemId, { reason: 'glass_sale', menu_wine_id: wineId })).toMatchObject({ on_hand: 0, open_bottle_doses: 1 });
    const glassOnly = (await page(h.url)).html;
    expect(stockWord(glassOnly, 'Pinot da Taça')).toBe('Só em taça');
    expect(row(glassOnly, 'Pinot da Taça')).toContain('<span class="p t">Taça R$ 50,00<small>');
    expect(row(glassOnly, 'Pinot da Taça')).not.toContain('Garrafa R$');

    expect(await move(h, itemId, { reason: 'glass_sale', menu_wine_id: wineId })).toMatchObject({ on_hand: 0, open_bottle_doses: 0 });
    expect(stockWord((await page(h.url)).html, 'Pinot da Taça')).toBe('Esgotado');
  });

  it('prints the glass prices and the stock words in the menu PDF, dropped with the page', async () => {
    const h = await house();
    const { itemId } = await linkedWine(h, 'Malbec em Taça', 1, { by_the_glass: true });
    const pdf = async () => plain(pdfText((await t.app.inject({ method: 'GET', url: `${h.url}.pdf` })).rawPayload)).replace(/\s+/g, ' ');
    const before = await pdf();
    expect(before).toContain('Taça R$ 30,00');
    expect(before).toContain('Garrafa R$ 149,90');
    expect(before).toContain('Última garrafa');
    await move(h, itemId, { reason: 'breakage', delta: -1 });
    expect(await pdf()).toContain('Esgotado');
  });
});

describe('scope', () => {
  it('a manager of another house cannot link, and a supplier cannot move, what the page shows', async () => {
    const h = await house();
    const { itemId } = await linkedWine(h, 'Vinho da Casa', 3);
    const stranger = await createUser(t.db, 'restaurant_manager', { establishmentIds: [(await createEstablishmentRow(t.db)).id] });
    const supplier = await createUser(t.db, 'supplier');
    expect((await t.call(stranger, 'POST', `/api/cellar/${itemId}/movements`, { reason: 'sale', delta: -3 })).statusCode).toBe(404);
    expect((await t.call(supplier, 'POST', `/api/cellar/${itemId}/movements`, { reason: 'sale', delta: -3 })).statusCode).toBe(403);
    expect(stockWord((await page(h.url)).html, 'Vinho da Casa')).toBeNull();
    // The admin may, like any write to the house.
    expect((await t.call(admin, 'POST', `/api/cellar/${itemId}/movements`, { reason: 'sale', delta: -3 })).statusCode).toBe(201);
    expect(stockWord((await page(h.url)).html, 'Vinho da Casa')).toBe('Esgotado');
  });
});
