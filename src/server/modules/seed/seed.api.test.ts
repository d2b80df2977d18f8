import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogWines, establishments, menuWines, userEstablishments, wineMenus } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { catalogSearchText } from '../catalog/search-text.js';
import { CATALOG_WINES } from './catalog-data.js';
import { PEDRA_DA_ILHA_ESTABLISHMENT, PEDRA_DA_ILHA_MENU, PEDRA_DA_ILHA_WINES } from './pedra-da-ilha-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seed = (user: TestUser) => t.as(user.token, { method: 'POST', url: '/api/seed/pedra-da-ilha' });
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const uploads = () => readdirSync(uploadsDir()).sort();
const SKUS = CATALOG_WINES.map((w) => w.sku_code);

async function snapshot() {
  const ests = await t.db.select().from(establishments).where(eq(establishments.slug, 'pedra-da-ilha'));
  const menus = ests[0] ? await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, ests[0].id)) : [];
  const wines = menus[0]
    ? await t.db.select().from(menuWines).where(eq(menuWines.menuId, menus[0].id)).orderBy(asc(menuWines.position))
    : [];
  const catalog = await t.db.select().from(catalogWines).where(inArray(catalogWines.skuCode, SKUS));
  return { ests, menus, wines, catalog };
}

// One database for the whole file: these tests run in order and build on each other.
describe('POST /api/seed/pedra-da-ilha', () => {
  let manager: TestUser;
  let admin: TestUser;
  let first: { establishment_id: string; menu_id: string; wines: number; catalog_wines: number };

  it('refuses sommeliers and suppliers (403) and creates nothing', async () => {
    for (const role of ['sommelier', 'supplier'] as const) {
      const res = await seed(await createUser(t.db, role));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas administradores e gerentes de restaurante podem criar os dados de exemplo.');
    }
    const { ests, catalog } = await snapshot();
    expect(ests).toHaveLength(0);
    expect(catalog).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha' })).statusCode).toBe(401);
  });

  it('creates the establishment and its menu in order (201), linking the manager who asked, and leaves the catalogue alone', async () => {
    manager = await createUser(t.db, 'restaurant_manager');
    const res = await seed(manager);
    expect(res.statusCode).toBe(201);
    first = res.json();
    expect(first).toEqual({
      establishment_id: expect.any(String),
      menu_id: expect.any(String),
      wines: PEDRA_DA_ILHA_WINES.length,
      catalog_wines: 0,
    });
    const { ests, menus, wines, catalog } = await snapshot();
    expect(ests).toHaveLength(1);
    expect(ests[0]).toMatchObject({
      ...PEDRA_DA_ILHA_ESTABLISHMENT,
      id: first.establishment_id,
      logo: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    });
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ ...PEDRA_DA_ILHA_MENU, id: first.menu_id });
    expect(wines.map((w) => w.name)).toEqual(PEDRA_DA_ILHA_WINES.map((w) => w.name));
    expect(wines.map((w) => w.position)).toEqual(PEDRA_DA_ILHA_WINES.map((_, i) => i));
    // DESIGN.md "Roles": a manager only reads the shared catalogue.
    expect(catalog).toHaveLength(0);
    expect(await t.db.select().from(catalogWines)).toHaveLength(0);
    // Only the logo and one bottle per style of the menu were stored.
    expect(uploads()).toHaveLength(new Set(PEDRA_DA_ILHA_WINES.map((w) => w.wine_style)).size + 1);
    const links = await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, manager.id));
    expect(links.map((l) => l.establishmentId)).toEqual([first.establishment_id]);
    expect((await t.as(manager.token, { method: 'GET', url: '/api/establishments' })).json().map((e: { id: string }) => e.id)).toEqual([
      first.establishment_id,
    ]);
  });

  it("an admin's seed adds the sample catalogue (200, same establishment and menu), without linking the admin", async () => {
    admin = await createUser(t.db, 'admin');
    const before = await snapshot();
    const res = await seed(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...first, catalog_wines: CATALOG_WINES.length });
    const after = await snapshot();
    expect(after.ests).toEqual(before.ests);
    expect(after.menus).toEqual(before.menus);
    expect(after.wines.map((w) => w.id)).toEqual(before.wines.map((w) => w.id));
    expect(after.catalog.map((w) => w.skuCode).sort()).toEqual([...SKUS].sort());
    expect(await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, admin.id))).toHaveLength(0);
  });

  it('fills every field of every wine, image included, with one stored WebP bottle per style', async () => {
    const { ests, wines, catalog } = await snapshot();
    for (const wine of [...wines, ...catalog]) {
      for (const [key, value] of Object.entries(wine)) {
        if (key === 'vintage' && wine.name && 'skuCode' in wine && wine.skuCode?.endsWith('-NV')) continue;
        // A menu wine has an origin only when the sample catalogue has the same wine (checked below).
        if (!('skuCode' in wine) && ['region', 'producer', 'vintage'].includes(key)) continue;
        expect(value, `${wine.name}: ${key}`).not.toBeNull();
        expect(value, `${wine.name}: ${key}`).not.toBe('');
      }
      expect(wine.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/);
    }
    const data = PEDRA_DA_ILHA_WINES[0]!;
    expect(wines[0]).toMatchObject({
      name: data.name,
      price: data.price,
      category: data.category,
      grapeVariety: data.grape_variety,
      available: true,
    });
    expect(wines.filter((w) => !w.available)).toHaveLength(2);
    // Producer, vintage and region come from the sample catalogue wine of the same name, glass or half bottle included.
    expect(wines.find((w) => w.name === 'Catena Malbec')).toMatchObject({
      producer: 'Bodega Catena Zapata',
      vintage: 2021,
      region: 'Mendoza',
    });
    const glass = wines.find((w) => w.name === 'Chandon Réserve Brut (taça)');
    const glassSource = CATALOG_WINES.find((w) => w.name === 'Chandon Réserve Brut');
    expect(glass).toMatchObject({ producer: glassSource?.producer, region: glassSource?.region, vintage: glassSource?.vintage });
    const byName = new Map(CATALOG_WINES.map((w) => [w.name, w]));
    for (const w of wines.filter((x) => byName.has(x.name))) {
      const c = byName.get(w.name);
      expect({ producer: w.producer, vintage: w.vintage, region: w.region }, w.name).toEqual({
        producer: c?.producer,
        vintage: c?.vintage,
        region: c?.region,
      });
    }
    expect(wines.filter((w) => w.producer).length).toBeGreaterThan(wines.length / 2);
    // Within each seeded part (menu by the manager, catalogue by the admin): same style, same image; different
    // styles, different images. Nothing else was stored.
    const imageUrls = new Set<string>();
    for (const part of [wines, catalog]) {
      const byStyle = new Map<string, Set<string>>();
      for (const w of part) byStyle.set(w.wineStyle!, (byStyle.get(w.wineStyle!) ?? new Set()).add(w.imageUrl!));
      for (const [style, urls] of byStyle) expect(urls.size, style).toBe(1);
      const partUrls = new Set([...byStyle.values()].map((s) => [...s][0]!));
      expect(partUrls.size).toBe(byStyle.size);
      for (const url of partUrls) imageUrls.add(url);
    }
    const files = uploads();
    expect(files).toHaveLength(imageUrls.size + 1);
    for (const url of [...imageUrls, ests[0]!.logo!]) {
      const bytes = readFileSync(path.join(uploadsDir(), path.basename(url!)));
      expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
      expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    }
    const served = await t.app.inject({ method: 'GET', url: [...imageUrls][0]! });
    expect(served.statusCode).toBe(200);
  });

  it('stores catalogue search text (accent-folded name, producer, region, grape)', async () => {
    const { catalog } = await snapshot();
    for (const wine of catalog) expect(wine.searchText).toBe(catalogSearchText(wine));
    const accented = catalog.find((w) => /[áéíóúãõçâêô]/i.test(`${w.name}${w.region}${w.producer}`));
    expect(accented).toBeDefined();
    expect(accented!.searchText).not.toMatch(/[áéíóúãõçâêô]/);
    expect(accented!.searchText).toBe(accented!.searchText.toLowerCase());
  });

  it('is idempotent: calling again answers 200 with the same ids and creates nothing (no new files either)', async () => {
    const before = await snapshot();
    const filesBefore = uploads();
    for (const user of [manager, admin, await createUser(t.db, 'admin')]) {
      const res = await seed(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...first, catalog_wines: user.role === 'admin' ? CATALOG_WINES.length : 0 });
    }
    const after = await snapshot();
    expect(after.ests).toHaveLength(1);
    expect(after.menus).toHaveLength(1);
    expect(after.wines.map((w) => w.id)).toEqual(before.wines.map((w) => w.id));
    expect(after.catalog).toHaveLength(CATALOG_WINES.length);
    expect(uploads()).toEqual(filesBefore);
  });

  it("does not hand the sample establishment to another team's manager (409)", async () => {
    const other = await createUser(t.db, 'restaurant_manager');
    const res = await seed(other);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Os dados de exemplo "Pedra da Ilha" já existem e pertencem a outra equipe.');
    expect(await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, other.id))).toHaveLength(0);
  });

  it('recreates only what is missing: a deleted menu comes back; catalogue wines only come back for an admin', async () => {
    expect((await t.as(manager.token, { method: 'DELETE', url: `/api/wine-menus/${first.menu_id}` })).statusCode).toBe(204);
    const [gone] = await t.db.delete(catalogWines).where(eq(catalogWines.skuCode, SKUS[0]!)).returning();
    const res = await seed(manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      establishment_id: first.establishment_id,
      wines: PEDRA_DA_ILHA_WINES.length,
      catalog_wines: 0,
    });
    expect(body.menu_id).not.toBe(first.menu_id);
    const { menus, wines, catalog } = await snapshot();
    expect(menus).toHaveLength(1);
    expect(wines).toHaveLength(PEDRA_DA_ILHA_WINES.length);
    expect(catalog.map((w) => w.skuCode).sort()).toEqual(SKUS.filter((sku) => sku !== gone!.skuCode).sort());

    const byAdmin = await seed(admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ ...body, catalog_wines: CATALOG_WINES.length });
    const after = await snapshot();
    expect(after.menus.map((m) => m.id)).toEqual([body.menu_id]);
    expect(after.catalog.map((w) => w.skuCode).sort()).toEqual([...SKUS].sort());
  });

  it('answers concurrent first calls with one establishment', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await createUser(fresh.db, 'admin');
      const call = () => fresh.as(admin.token, { method: 'POST', url: '/api/seed/pedra-da-ilha' });
      const results = await Promise.all([call(), call()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(results[0]!.json().establishment_id).toBe(results[1]!.json().establishment_id);
      for (const r of results) expect(r.json().catalog_wines).toBe(CATALOG_WINES.length);
      expect(await fresh.db.select().from(establishments)).toHaveLength(1);
      expect(await fresh.db.select().from(wineMenus)).toHaveLength(1);
      expect(await fresh.db.select().from(catalogWines)).toHaveLength(CATALOG_WINES.length);
    } finally {
      await fresh.close();
    }
  });
});
