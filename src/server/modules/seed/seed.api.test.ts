import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeedResult } from '../../../shared/wine-menus.js';
import { toColumns } from '../../db/row-mapping.js';
import {
  catalogWines,
  establishments,
  menuWines,
  orderItems,
  orderStatusHistory,
  orders,
  suppliers,
  userEstablishments,
  wineMenus,
} from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { catalogSearchText } from '../catalog/search-text.js';
import { loadSampleData, type SampleData } from './sample-data.js';

const sampleSupplierNames: string[] = JSON.parse(readFileSync(new URL('./samples/suppliers.json', import.meta.url), 'utf8')).map(
  (s: { company_name: string }) => s.company_name,
);

const t = testAppPerFile();
let sample: SampleData;
beforeAll(async () => {
  sample = await loadSampleData();
});

// Every test starts without the sample data and without stored files, and seeds what it needs itself.
beforeEach(async () => {
  const [est] = await t.db.select().from(establishments).where(eq(establishments.slug, sample.establishment.slug));
  if (est) await t.db.delete(orders).where(eq(orders.establishmentId, est.id));
  await t.db.delete(suppliers).where(inArray(suppliers.companyName, sampleSupplierNames));
  await t.db.delete(establishments).where(eq(establishments.slug, sample.establishment.slug));
  await t.db.delete(catalogWines).where(inArray(catalogWines.skuCode, sample.catalogSkus));
  rmSync(uploadsDir(), { recursive: true, force: true });
});

const seed = (user: TestUser) => t.call(user, 'POST', '/api/seed/pedra-da-ilha');
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const uploads = () => readdirSync(uploadsDir()).sort();
const styleCount = (wines: readonly { wine_style: string }[]) => new Set(wines.map((w) => w.wine_style)).size;

/** Seeds as each user in turn (all must succeed); answers the first result. */
async function seededBy(...roles: ('admin' | 'restaurant_manager')[]): Promise<{ result: SeedResult; users: TestUser[] }> {
  const users: TestUser[] = [];
  let result: SeedResult | undefined;
  for (const role of roles) {
    const user = await createUser(t.db, role);
    const res = await seed(user);
    expect(res.statusCode).toBeLessThan(300);
    result ??= res.json();
    users.push(user);
  }
  return { result: result!, users };
}

async function snapshot() {
  const ests = await t.db.select().from(establishments).where(eq(establishments.slug, sample.establishment.slug));
  const menus = ests[0] ? await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, ests[0].id)) : [];
  const wines = menus[0]
    ? await t.db.select().from(menuWines).where(eq(menuWines.menuId, menus[0].id)).orderBy(asc(menuWines.position))
    : [];
  const catalog = await t.db.select().from(catalogWines).where(inArray(catalogWines.skuCode, sample.catalogSkus));
  return { ests, menus, wines, catalog };
}

describe('POST /api/seed/pedra-da-ilha', () => {
  it('refuses sommeliers and suppliers (403) and anonymous callers (401), and creates nothing', async () => {
    for (const role of ['sommelier', 'supplier'] as const) {
      const res = await seed(await createUser(t.db, role));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas administradores e gerentes de restaurante podem criar os dados de exemplo.');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha' })).statusCode).toBe(401);
    const { ests, catalog } = await snapshot();
    expect(ests).toHaveLength(0);
    expect(catalog).toHaveLength(0);
  });

  it('creates the establishment and its menu in order (201), linking the manager who asked, and leaves the catalogue alone', async () => {
    const manager = await createUser(t.db, 'restaurant_manager');
    const res = await seed(manager);
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toEqual({
      establishment_id: expect.any(String),
      menu_id: expect.any(String),
      wines: sample.wines.length,
      catalog_wines: 0,
    });
    const { ests, menus, wines, catalog } = await snapshot();
    expect(ests).toHaveLength(1);
    expect(ests[0]).toMatchObject({
      ...toColumns(sample.establishment),
      id: first.establishment_id,
      logo: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    });
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ ...sample.menu, id: first.menu_id });
    expect(wines.map((w) => w.name)).toEqual(sample.wines.map((w) => w.name));
    expect(wines.map((w) => w.position)).toEqual(sample.wines.map((_, i) => i));
    // docs/product.md "Roles": a manager only reads the shared catalogue.
    expect(catalog).toHaveLength(0);
    // Only the logo and one bottle per style of the menu were stored.
    expect(uploads()).toHaveLength(styleCount(sample.wines) + 1);
    const links = await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, manager.id));
    expect(links.map((l) => l.establishmentId)).toEqual([first.establishment_id]);
    const listed = await t.call(manager, 'GET', '/api/establishments');
    expect(listed.json().map((e: { id: string }) => e.id)).toEqual([first.establishment_id]);
  });

  it("an admin's seed after a manager's adds the sample catalogue (200, same establishment and menu), without linking the admin", async () => {
    const { result: first } = await seededBy('restaurant_manager');
    const before = await snapshot();
    const admin = await createUser(t.db, 'admin');
    const res = await seed(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...first, catalog_wines: sample.catalog.length });
    const after = await snapshot();
    expect(after.ests).toEqual(before.ests);
    expect(after.menus).toEqual(before.menus);
    expect(after.wines.map((w) => w.id)).toEqual(before.wines.map((w) => w.id));
    expect(after.catalog.map((w) => w.skuCode).sort()).toEqual([...sample.catalogSkus].sort());
    expect(await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, admin.id))).toHaveLength(0);
  });

  it("an admin's seed adds six suppliers and six months of orders in every status, priced in cents; again adds nothing", async () => {
    const now = Date.now();
    const { result } = await seededBy('admin', 'admin');
    const sampleSuppliers = await t.db.select().from(suppliers).where(inArray(suppliers.companyName, sampleSupplierNames));
    expect(sampleSuppliers).toHaveLength(6);
    const endingSoon = sampleSuppliers.filter((s) => s.contractEndDate && Date.parse(s.contractEndDate) - now < 30 * 86_400_000);
    expect(endingSoon.length).toBeGreaterThanOrEqual(1);
    const list = await t.db.select().from(orders).where(eq(orders.establishmentId, result.establishment_id));
    // 150 of the marketplace, and the delivery that filled the sample cellar a month ago (issue 18).
    expect(list).toHaveLength(151);
    expect(new Set(list.map((o) => o.status))).toEqual(new Set(['pending', 'confirmed', 'shipped', 'delivered', 'cancelled']));
    expect(new Set(list.map((o) => o.supplierId)).size).toBe(6);
    const oldest = Math.min(...list.map((o) => o.orderDate.getTime()));
    expect(now - oldest).toBeGreaterThan(170 * 86_400_000);
    expect(list.some((o) => o.status === 'pending' && now - o.orderDate.getTime() > 7 * 86_400_000)).toBe(true);
    // Each total is the sum of its lines, and the commission the supplier's rate of it, to the cent.
    const order = list[40];
    if (!order) throw new Error('no order');
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const toCents = (v: string) => Math.round(Number(v) * 100);
    expect(lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0)).toBe(toCents(order.totalAmount));
    expect(toCents(order.commissionAmount)).toBe(Math.round((toCents(order.totalAmount) * Number(order.commissionRate)) / 100));
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.status).at(-1)).toBe(order.status);
  });

  it('fills every field of every wine, image included, with one stored WebP bottle per style', async () => {
    await seededBy('admin');
    const { ests, wines, catalog } = await snapshot();
    for (const wine of [...wines, ...catalog]) {
      for (const [key, value] of Object.entries(wine)) {
        if (key === 'vintage' && wine.name && 'skuCode' in wine && wine.skuCode?.endsWith('-NV')) continue;
        // A menu wine has an origin only when the sample catalogue has the same wine (checked below).
        if (!('skuCode' in wine) && ['region', 'producer', 'vintage'].includes(key)) continue;
        // Issue 18: a menu wine's cellar link and typed glass price and markup are optional (null: unlinked, computed).
        if (!('skuCode' in wine) && ['cellarItemId', 'glassPrice', 'glassMarkupPercent'].includes(key)) continue;
        expect(value, `${wine.name}: ${key}`).not.toBeNull();
        expect(value, `${wine.name}: ${key}`).not.toBe('');
      }
      expect(wine.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/);
    }
    const data = sample.wines[0]!;
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
    const glassSource = sample.catalog.find((w) => w.name === 'Chandon Réserve Brut');
    expect(glass).toMatchObject({ producer: glassSource?.producer, region: glassSource?.region, vintage: glassSource?.vintage });
    const byName = new Map(sample.catalog.map((w) => [w.name, w]));
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
      const bytes = readFileSync(path.join(uploadsDir(), path.basename(url)));
      expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
      expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    }
    const served = await t.app.inject({ method: 'GET', url: [...imageUrls][0]! });
    expect(served.statusCode).toBe(200);
  });

  it('stores catalogue search text (accent-folded name, producer, region, grape)', async () => {
    await seededBy('admin');
    const { catalog } = await snapshot();
    for (const wine of catalog) expect(wine.searchText).toBe(catalogSearchText(wine));
    const accented = catalog.find((w) => /[áéíóúãõçâêô]/i.test(`${w.name}${w.region}${w.producer}`));
    expect(accented).toBeDefined();
    expect(accented!.searchText).not.toMatch(/[áéíóúãõçâêô]/);
    expect(accented!.searchText).toBe(accented!.searchText.toLowerCase());
  });

  it('is idempotent: calling again answers 200 with the same ids and creates nothing (no new files either)', async () => {
    const {
      result: first,
      users: [manager, admin],
    } = await seededBy('restaurant_manager', 'admin');
    const before = await snapshot();
    const filesBefore = uploads();
    for (const user of [manager!, admin!, await createUser(t.db, 'admin')]) {
      const res = await seed(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...first, catalog_wines: user.role === 'admin' ? sample.catalog.length : 0 });
    }
    const after = await snapshot();
    expect(after.ests).toHaveLength(1);
    expect(after.menus).toHaveLength(1);
    expect(after.wines.map((w) => w.id)).toEqual(before.wines.map((w) => w.id));
    expect(after.catalog).toHaveLength(sample.catalog.length);
    expect(uploads()).toEqual(filesBefore);
  });

  it("does not hand the sample establishment to another team's manager (409)", async () => {
    await seededBy('restaurant_manager');
    const other = await createUser(t.db, 'restaurant_manager');
    const res = await seed(other);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Os dados de exemplo "Pedra da Ilha" já existem e pertencem a outra equipe.');
    expect(await t.db.select().from(userEstablishments).where(eq(userEstablishments.userId, other.id))).toHaveLength(0);
  });

  it('recreates only what is missing: a deleted menu comes back; catalogue wines only come back for an admin', async () => {
    const {
      result: first,
      users: [manager, admin],
    } = await seededBy('restaurant_manager', 'admin');
    expect((await t.call(manager!, 'DELETE', `/api/wine-menus/${first.menu_id}`)).statusCode).toBe(204);
    const [gone] = await t.db.delete(catalogWines).where(eq(catalogWines.skuCode, sample.catalogSkus[0]!)).returning();
    const res = await seed(manager!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ establishment_id: first.establishment_id, wines: sample.wines.length, catalog_wines: 0 });
    expect(body.menu_id).not.toBe(first.menu_id);
    const { menus, wines, catalog } = await snapshot();
    expect(menus).toHaveLength(1);
    expect(wines).toHaveLength(sample.wines.length);
    expect(catalog.map((w) => w.skuCode).sort()).toEqual(sample.catalogSkus.filter((sku) => sku !== gone!.skuCode).sort());

    const byAdmin = await seed(admin!);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ ...body, catalog_wines: sample.catalog.length });
    const after = await snapshot();
    expect(after.menus.map((m) => m.id)).toEqual([body.menu_id]);
    expect(after.catalog.map((w) => w.skuCode).sort()).toEqual([...sample.catalogSkus].sort());
  });

  it('answers concurrent first calls with one establishment', async () => {
    const admin = await createUser(t.db, 'admin');
    const results = await Promise.all([seed(admin), seed(admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(results[0]!.json().establishment_id).toBe(results[1]!.json().establishment_id);
    for (const r of results) expect(r.json().catalog_wines).toBe(sample.catalog.length);
    const { ests, menus, catalog } = await snapshot();
    expect(ests).toHaveLength(1);
    expect(menus).toHaveLength(1);
    expect(catalog).toHaveLength(sample.catalog.length);
  });
});
