/**
 * Issue 18, the menu side of the house cellar: a menu wine linked to a cellar item of its own establishment, sold by
 * the glass at a typed or computed price, and the menu's sold-out settings.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CELLAR_ITEM_NOT_IN_ESTABLISHMENT } from '../../../shared/wine-menus.js';
import { cellarItems, menuWines, wineMenus } from '../../db/schema/index.js';
import { createTeam } from '../../test-support/factories.js';
import { invalidationSpyPerFile, testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const invalidate = invalidationSpyPerFile(t);

const team = () => createTeam(t.db);

async function cellarItem(establishmentId: string, values: Partial<typeof cellarItems.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(cellarItems)
    .values({ establishmentId, name: `Adega ${randomUUID().slice(0, 6)}`, onHand: 6, ...values })
    .returning();
  if (!row) throw new Error('no cellar item');
  return row;
}

async function menuIn(establishmentId: string, body: object = {}) {
  const res = await t.call(admin, 'POST', '/api/wine-menus', { name: 'Carta da Adega', establishment_id: establishmentId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; establishment_id: string; sold_out_display: string; low_stock_threshold: number };
}

const WINE = { name: 'Catena Malbec', price: 149.9, category: 'Vinhos Tintos Médios' };

async function addWine(menuId: string, body: object = {}) {
  const res = await t.call(admin, 'POST', `/api/wine-menus/${menuId}/wines`, { ...WINE, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const wineRow = async (id: string) => (await t.db.select().from(menuWines).where(eq(menuWines.id, id)))[0];
const menuRow = async (id: string) => (await t.db.select().from(wineMenus).where(eq(wineMenus.id, id)))[0];

describe('menu settings: sold_out_display and low_stock_threshold', () => {
  it('default to show and 1, are stored when given, and a PUT that leaves them out keeps them', async () => {
    const { own } = await team();
    const plain = await menuIn(own.id);
    expect(plain).toMatchObject({ sold_out_display: 'show', low_stock_threshold: 1 });

    const menu = await menuIn(own.id, { name: 'Carta Escondida', sold_out_display: 'hide', low_stock_threshold: '3' });
    expect(menu).toMatchObject({ sold_out_display: 'hide', low_stock_threshold: 3 });
    expect(await menuRow(menu.id)).toMatchObject({ soldOutDisplay: 'hide', lowStockThreshold: 3 });

    // The menu's own form (name, description) does not send them: kept.
    const renamed = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}`, { name: 'Outro Nome', establishment_id: own.id });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Outro Nome', sold_out_display: 'hide', low_stock_threshold: 3 });

    const changed = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}`, {
      name: 'Outro Nome',
      establishment_id: own.id,
      sold_out_display: 'show',
      low_stock_threshold: 0,
    });
    expect(changed.json()).toMatchObject({ sold_out_display: 'show', low_stock_threshold: 0 });
    expect(await menuRow(menu.id)).toMatchObject({ soldOutDisplay: 'show', lowStockThreshold: 0 });
    // The list carries them too.
    const list = await t.call(admin, 'GET', `/api/wine-menus?establishment_id=${own.id}`);
    expect(list.json().find((m: { id: string }) => m.id === menu.id)).toMatchObject({ sold_out_display: 'show', low_stock_threshold: 0 });
  });

  it.each([
    [{ sold_out_display: 'sumir' }, 'sold_out_display', 'Vinhos esgotados: escolha mostrar como Esgotado ou esconder da carta.'],
    [{ low_stock_threshold: -1 }, 'low_stock_threshold', 'Aviso de últimas garrafas: informe um número inteiro de 0 a 99.'],
    [{ low_stock_threshold: 100 }, 'low_stock_threshold', 'Aviso de últimas garrafas: informe um número inteiro de 0 a 99.'],
    [{ low_stock_threshold: '2,5' }, 'low_stock_threshold', 'Aviso de últimas garrafas: informe um número inteiro de 0 a 99.'],
    [{ low_stock_threshold: 1.5 }, 'low_stock_threshold', 'Aviso de últimas garrafas: informe um número inteiro de 0 a 99.'],
  ])('refuses %j with a pt-BR 400 on the field and creates nothing', async (body, field, message) => {
    const { own } = await team();
    const res = await t.call(admin, 'POST', '/api/wine-menus', { name: 'Carta Recusada', establishment_id: own.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, own.id))).toEqual([]);
  });
});

describe('menu wine linked to a cellar item', () => {
  it('links an item of the same establishment and returns its count; GET of the menu shows it on every menu using it', async () => {
    const { own, sommelier } = await team();
    const item = await cellarItem(own.id, { name: 'Catena Malbec 2021', onHand: 4, openBottleDoses: 2 });
    const lunch = await menuIn(own.id, { name: 'Almoço' });
    const dinner = await menuIn(own.id, { name: 'Jantar' });

    const res = await t.call(sommelier, 'POST', `/api/wine-menus/${lunch.id}/wines`, { ...WINE, cellar_item_id: item.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      cellar_item_id: item.id,
      cellar: { item_id: item.id, name: 'Catena Malbec 2021', on_hand: 4, open_bottle_doses: 2 },
    });
    expect((await wineRow(res.json().id))?.cellarItemId).toBe(item.id);
    expect(invalidate).toHaveBeenCalledWith(own.id);

    // A wine on two menus of one house draws from one count.
    await addWine(dinner.id, { cellar_item_id: item.id });
    await t.db.update(cellarItems).set({ onHand: 1 }).where(eq(cellarItems.id, item.id));
    for (const menu of [lunch, dinner]) {
      const got = await t.call(sommelier, 'GET', `/api/wine-menus/${menu.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json().wines).toEqual([
        expect.objectContaining({
          cellar_item_id: item.id,
          cellar: { item_id: item.id, name: 'Catena Malbec 2021', on_hand: 1, open_bottle_doses: 2 },
        }),
      ]);
    }
  });

  it('refuses an item of another establishment, or none, with a clear 400 on cellar_item_id, and writes nothing', async () => {
    const { own, other, manager } = await team();
    const foreign = await cellarItem(other.id);
    const menu = await menuIn(own.id);
    for (const cellarItemId of [foreign.id, randomUUID()]) {
      const res = await t.call(manager, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, cellar_item_id: cellarItemId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: CELLAR_ITEM_NOT_IN_ESTABLISHMENT,
        fields: { cellar_item_id: 'Item da adega não encontrado neste estabelecimento.' },
      });
    }
    expect(await t.db.select().from(menuWines).where(eq(menuWines.menuId, menu.id))).toEqual([]);

    const wine = await addWine(menu.id);
    const put = await t.call(manager, 'PUT', `/api/wine-menus/${menu.id}/wines/${wine.id}`, {
      ...WINE,
      name: 'Mudou',
      cellar_item_id: foreign.id,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().fields.cellar_item_id).toBe(CELLAR_ITEM_NOT_IN_ESTABLISHMENT);
    expect(await wineRow(wine.id)).toMatchObject({ name: WINE.name, cellarItemId: null });

    const malformed = await t.call(manager, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, cellar_item_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.cellar_item_id).toBe('Item da adega inválido.');
  });

  it('keeps the link when a PUT leaves cellar_item_id out, and unlinks on null', async () => {
    const { own } = await team();
    const item = await cellarItem(own.id);
    const menu = await menuIn(own.id);
    const wine = await addWine(menu.id, { cellar_item_id: item.id, by_the_glass: true, glass_price: '30', glass_doses: 6 });

    // What the editor's form sent before issue 18: the wine's own fields only.
    const kept = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wine.id}`, { ...WINE, name: 'Renomeado' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renomeado', cellar_item_id: item.id, by_the_glass: true, glass_price: 30, glass_doses: 6 });
    expect(await wineRow(wine.id)).toMatchObject({ cellarItemId: item.id, byTheGlass: true, glassPrice: 30, glassDoses: 6 });

    const unlinked = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wine.id}`, { ...WINE, cellar_item_id: null });
    expect(unlinked.json()).toMatchObject({ cellar_item_id: null, cellar: null });
    expect((await wineRow(wine.id))?.cellarItemId).toBeNull();
  });

  it('unlinks the wines of a menu moved to another establishment (their item stays with the old house)', async () => {
    const { own, other } = await team();
    const item = await cellarItem(own.id);
    const menu = await menuIn(own.id);
    const wine = await addWine(menu.id, { cellar_item_id: item.id });
    const moved = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}`, { name: 'Carta da Adega', establishment_id: other.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().wines[0]).toMatchObject({ id: wine.id, cellar_item_id: null, cellar: null });
    expect((await wineRow(wine.id))?.cellarItemId).toBeNull();
    expect(await t.db.select().from(cellarItems).where(eq(cellarItems.id, item.id))).toHaveLength(1);
  });
});

describe('glass prices', () => {
  it.each([
    // [bottle price, typed glass price, glasses per bottle, markup %, what a glass costs]
    [149.9, undefined, undefined, undefined, 30], // 29.98 rounded up to whole reais
    [150, undefined, 5, 0, 30], // exactly 30: not 31
    [149.9, undefined, 5, 10, 33], // 32.978 -> 33
    [100, undefined, 3, undefined, 34], // 33.33… -> 34
    [120, undefined, 4, '12,5', 34], // 33.75 -> 34
    [89.9, '32,50', 5, 50, 32.5], // typed: kept as typed, never rounded nor marked up
    [89.9, 0, 5, undefined, 0], // typed 0 (a courtesy glass) is still typed
  ])('bottle %s, typed %j, %j glasses, markup %j -> %s', async (price, glassPrice, doses, markup, expected) => {
    const { own } = await team();
    const menu = await menuIn(own.id);
    const wine = await addWine(menu.id, {
      price,
      by_the_glass: true,
      ...(glassPrice === undefined ? {} : { glass_price: glassPrice }),
      ...(doses === undefined ? {} : { glass_doses: doses }),
      ...(markup === undefined ? {} : { glass_markup_percent: markup }),
    });
    expect(wine.effective_glass_price).toBe(expected);
    expect(wine.glass_price).toBe(glassPrice === undefined ? null : Number(String(glassPrice).replace(',', '.')));
    const got = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}`);
    expect(got.json().wines[0].effective_glass_price).toBe(expected);
  });

  it('pours floor(volume / 150 ml) glasses a bottle by default, and has no glass price unless sold by the glass', async () => {
    const { own } = await team();
    const menu = await menuIn(own.id);
    expect(await addWine(menu.id, { volume: '750ml' })).toMatchObject({ glass_doses: 5, by_the_glass: false, effective_glass_price: null });
    expect((await addWine(menu.id, { volume: '375ml' })).glass_doses).toBe(2);
    expect((await addWine(menu.id, { volume: '187ml', price: 45, by_the_glass: true })).glass_doses).toBe(1);
    expect((await addWine(menu.id, { volume: '1500ml' })).glass_doses).toBe(10);
    const glass = await addWine(menu.id, { volume: '187ml', price: 45, by_the_glass: true });
    expect(glass.effective_glass_price).toBe(45);
    // A typed price cleared with "" goes back to the computed one.
    const typed = await addWine(menu.id, { by_the_glass: true, glass_price: '40' });
    const cleared = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${typed.id}`, { ...WINE, glass_price: '' });
    expect(cleared.json()).toMatchObject({ glass_price: null, effective_glass_price: 30 });
  });

  it.each([
    [{ glass_doses: 0 }, 'glass_doses', 'Taças por garrafa: informe um número inteiro de 1 a 50.'],
    [{ glass_doses: 51 }, 'glass_doses', 'Taças por garrafa: informe um número inteiro de 1 a 50.'],
    [{ glass_doses: '2,5' }, 'glass_doses', 'Taças por garrafa: informe um número inteiro de 1 a 50.'],
    [{ glass_markup_percent: -1 }, 'glass_markup_percent', 'Acréscimo da taça: informe uma porcentagem de 0 a 1000 (ex.: 20 ou 12,5).'],
    [
      { glass_markup_percent: 'muito' },
      'glass_markup_percent',
      'Acréscimo da taça: informe uma porcentagem de 0 a 1000 (ex.: 20 ou 12,5).',
    ],
    [
      { glass_markup_percent: '10,555' },
      'glass_markup_percent',
      'Acréscimo da taça: informe uma porcentagem de 0 a 1000 (ex.: 20 ou 12,5).',
    ],
    [{ glass_markup_percent: 1001 }, 'glass_markup_percent', 'Acréscimo da taça: informe uma porcentagem de 0 a 1000 (ex.: 20 ou 12,5).'],
    [{ glass_price: 'caro' }, 'glass_price', 'Informe um preço da taça válido (ex.: 32,00).'],
    [{ glass_price: -5 }, 'glass_price', 'O preço da taça não pode ser negativo.'],
    [{ glass_price: '10,555' }, 'glass_price', 'O preço da taça deve ter no máximo 2 casas decimais.'],
    [{ by_the_glass: 'sim' }, 'by_the_glass', 'Vende em taça deve ser verdadeiro ou falso.'],
  ])('refuses %j with a pt-BR 400 on the field and adds nothing', async (body, field, message) => {
    const { own } = await team();
    const menu = await menuIn(own.id);
    const res = await t.call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, by_the_glass: true, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await t.db.select().from(menuWines).where(eq(menuWines.menuId, menu.id))).toEqual([]);
  });
});
