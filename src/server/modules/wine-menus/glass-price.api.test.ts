/**
 * Issue 27: one price when there is one thing to buy. A bottle that pours one glass (187 ml) is sold whole, at one
 * price; a wine sold both ways has a glass cheaper than its bottle; input that contradicts either is a pt-BR 400 and
 * writes nothing (shared/glass-price.ts, decision 0081).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuWines } from '../../db/schema/index.js';
import { createEstablishmentRow } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const WINE = { name: 'Chandon Réserve Brut (taça)', price: 69.9, category: 'Vinhos em Taça (187ml)', volume: '187ml' };
const ONE_GLASS_PRICE =
  'Uma garrafa que serve uma só taça é vendida inteira, por um preço só: deixe o preço da taça em branco (vale o da garrafa, R$\u00a069,90).';
const ONE_GLASS_MARKUP = 'Uma garrafa que serve uma só taça é vendida inteira, pelo preço da garrafa: deixe o acréscimo da taça em branco.';

async function newMenu() {
  const est = await createEstablishmentRow(t.db);
  const res = await t.call(admin, 'POST', '/api/wine-menus', { name: 'Carta da Casa', establishment_id: est.id });
  expect(res.statusCode, res.body).toBe(201);
  const menu = res.json() as { id: string; slug: string };
  return { ...menu, page: `/${est.slug}/${menu.slug}` };
}

const addWine = (menuId: string, body: object) => t.call(admin, 'POST', `/api/wine-menus/${menuId}/wines`, { ...WINE, ...body });

/** The price cell of the wine's row on the public page, as text. */
async function priceOnPage(page: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: page });
  expect(res.statusCode).toBe(200);
  const cell = /<span class="p[^"]*">([^<]*)<small>([^<]*)<\/small><\/span>/.exec(res.body);
  return `${cell?.[1]} | ${cell?.[2]}`.replaceAll('\u00a0', ' ');
}

describe('one price when there is one thing to buy', () => {
  it.each([
    // [volume, bottle price, what the guest reads]: the default glasses per bottle (150 ml each), no markup
    ['187ml', 69.9, 'Taça R$ 69,90 | 187 ml'],
    ['375ml', 169, 'Taça R$ 85,00 · Garrafa R$ 169,00 | 375 ml'],
    ['750ml', 149.9, 'Taça R$ 30,00 · Garrafa R$ 149,90 | 750 ml'],
    ['1500ml', 989, 'Taça R$ 99,00 · Garrafa R$ 989,00 | 1,5 L'],
  ])('a %s bottle of %s sold by the glass reads "%s"', async (volume, price, reads) => {
    const menu = await newMenu();
    const res = await addWine(menu.id, { volume, price, by_the_glass: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await priceOnPage(menu.page)).toBe(reads);
  });

  it('a one-glass bottle costs its bottle price to the cent, not rounded up to whole reais', async () => {
    const menu = await newMenu();
    const res = await addWine(menu.id, { by_the_glass: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ glass_doses: 1, glass_price: null, effective_glass_price: 69.9 });
    // Typing the bottle's own price is no contradiction.
    const same = await addWine(menu.id, { by_the_glass: true, glass_price: '69,90' });
    expect(same.statusCode, same.body).toBe(201);
  });

  it.each([
    ['a one-glass bottle with a glass price of its own', { glass_price: '39' }, 'glass_price', ONE_GLASS_PRICE],
    ['a one-glass bottle with a glass markup', { glass_markup_percent: '20' }, 'glass_markup_percent', ONE_GLASS_MARKUP],
    [
      'a 750 ml bottle whose glass costs as much as the bottle',
      { volume: '750ml', glass_price: '69,90' },
      'glass_price',
      'A taça (R$\u00a069,90) deve custar menos que a garrafa (R$\u00a069,90), que serve 5 taças.',
    ],
    [
      'a 375 ml bottle whose markup makes the glass dearer than the bottle',
      { volume: '375ml', glass_markup_percent: '150' },
      'glass_markup_percent',
      'A taça (R$\u00a088,00) deve custar menos que a garrafa (R$\u00a069,90), que serve 2 taças.',
    ],
  ])('refuses %s with a pt-BR 400 on the field and adds nothing', async (_case, body, field, message) => {
    const menu = await newMenu();
    const res = await addWine(menu.id, { by_the_glass: true, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, fields: { [field]: message } });
    expect(await t.db.select().from(menuWines).where(eq(menuWines.menuId, menu.id))).toEqual([]);
  });

  it('refuses a PUT that makes a stored glass price contradict the bottle, and keeps the wine as it was', async () => {
    const menu = await newMenu();
    const added = await addWine(menu.id, { volume: '750ml', price: 149.9, by_the_glass: true, glass_price: '35' });
    expect(added.statusCode, added.body).toBe(201);
    const wineId = added.json().id as string;
    // One glass a bottle now, with the typed 35 left as stored: two prices for one thing.
    const put = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wineId}`, {
      ...WINE,
      volume: '750ml',
      price: 149.9,
      glass_doses: 1,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().fields.glass_price).toMatch(/^Uma garrafa que serve uma só taça é vendida inteira/);
    const [row] = await t.db.select().from(menuWines).where(eq(menuWines.id, wineId));
    expect(row).toMatchObject({ glassDoses: 5, glassPrice: 35, price: 149.9 });
    expect(await priceOnPage(menu.page)).toBe('Taça R$ 35,00 · Garrafa R$ 149,90 | 750 ml');
  });
});
