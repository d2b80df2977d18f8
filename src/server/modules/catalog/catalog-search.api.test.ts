import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { catalogChanges, catalogRevision, catalogWines } from '../../db/schema/index.js';
import { uniqueTag } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createTestApp } from '../../test-support/test-app.js';
import { CatalogSearch } from './catalog-search.js';
import { catalogSearchText } from './search-text.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const wine = (name: string) => ({ name, searchText: catalogSearchText({ name }) });
const names = (rows: { name: string }[]) => rows.map((w) => w.name);
const revision = async () => (await t.db.select().from(catalogRevision))[0]?.revision;
const changeCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges))[0]?.n;
const viaApi = async (q: string) =>
  names((await t.call(admin, 'GET', `/api/catalog/wines?q=${encodeURIComponent(q)}&limit=100`)).json() as { name: string }[]);

describe('catalogue search index: changes applied as they come (decision 0036)', () => {
  it('an insert, an update that moves a wine in name order, and a delete are seen by the next search, the index kept', async () => {
    const search = new CatalogSearch(t.db);
    await search.whenLoaded();
    expect(search.indexed).toBe(true);
    const s = uniqueTag();
    const find = async (q = s) => names((await search.search({ q, limit: 100, offset: 0 })).rows);
    const [b, m] = await t.db
      .insert(catalogWines)
      .values([wine(`B ${s} Merlot`), wine(`M ${s} Syrah`)])
      .returning();
    expect(await find()).toEqual([`B ${s} Merlot`, `M ${s} Syrah`]);
    await t.db
      .update(catalogWines)
      .set(wine(`Z ${s} Merlot`))
      .where(eq(catalogWines.id, b?.id as string));
    expect(await find()).toEqual([`M ${s} Syrah`, `Z ${s} Merlot`]);
    expect(await find(`${s} merlot`)).toEqual([`Z ${s} Merlot`]);
    await t.db.delete(catalogWines).where(eq(catalogWines.id, m?.id as string));
    expect(await find()).toEqual([`Z ${s} Merlot`]);
    // Still answered by the index it loaded (a full read would leave it answering in SQL meanwhile).
    expect(search.indexed).toBe(true);
  });

  it('a statement that changes no row, or no searchable column, changes neither the revision nor the log', async () => {
    const [row] = await t.db
      .insert(catalogWines)
      .values(wine(`Sem Mudança ${uniqueTag()}`))
      .returning();
    const before = { revision: await revision(), changes: await changeCount() };
    await t.db.execute(sql`update catalog_wines set name = name where false`);
    await t.db.execute(sql`delete from catalog_wines where false`);
    await t.db.execute(sql`insert into catalog_wines (name) select name from catalog_wines where false`);
    await t.db
      .update(catalogWines)
      .set({ priceReference: 10 })
      .where(eq(catalogWines.id, row?.id as string));
    expect({ revision: await revision(), changes: await changeCount() }).toEqual(before);
    await t.db
      .update(catalogWines)
      .set(wine('Agora Mudou'))
      .where(eq(catalogWines.id, row?.id as string));
    expect(await revision()).toBe((before.revision ?? 0) + 1);
    expect(await changeCount()).toBe((before.changes ?? 0) + 1);
  });

  it('a process that just started answers at once, in SQL, while its index loads; then from the index', async () => {
    const s = uniqueTag();
    await t.db.insert(catalogWines).values([wine(`A ${s} Tinto`), wine(`C ${s} Branco`), wine(`B ${s} Tinto`)]);
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const search = new CatalogSearch(t.db, { beforeLoad: () => held });
    const first = await search.search({ q: `${s} tinto`, limit: 1, offset: 0 });
    expect(search.indexed).toBe(false);
    expect({ names: names(first.rows), total: first.total }).toEqual({ names: [`A ${s} Tinto`], total: 2 });
    expect(names((await search.search({ q: s, country: '', limit: 10, offset: 1 })).rows)).toEqual([`B ${s} Tinto`, `C ${s} Branco`]);
    gate.open?.();
    await search.whenLoaded();
    expect(search.indexed).toBe(true);
    expect(names((await search.search({ q: s, limit: 10, offset: 1 })).rows)).toEqual([`B ${s} Tinto`, `C ${s} Branco`]);
  });

  it('many wines written at once (more than a search applies) are found, the index read again in the background', async () => {
    const search = new CatalogSearch(t.db);
    await search.whenLoaded();
    const s = uniqueTag();
    await t.db.insert(catalogWines).values(Array.from({ length: 2_100 }, (_, i) => wine(`${s} ${String(i).padStart(4, '0')}`)));
    const page = await search.search({ q: s, limit: 3, offset: 2_097 });
    expect({ names: names(page.rows), total: page.total }).toEqual({ names: [`${s} 2097`, `${s} 2098`, `${s} 2099`], total: 2_100 });
    await search.whenLoaded();
    expect(search.indexed).toBe(true);
    expect(names((await search.search({ q: `${s} 0042`, limit: 5, offset: 0 })).rows)).toEqual([`${s} 0042`]);
    await t.db.delete(catalogWines).where(inArray(catalogWines.name, [`${s} 0042`]));
    expect(names((await search.search({ q: `${s} 0042`, limit: 5, offset: 0 })).rows)).toEqual([]);
  });

  it('after TRUNCATE (no row-by-row log) the index is read again', async () => {
    // Its own database: TRUNCATE empties the catalogue of every test in the file.
    const other = await createTestApp();
    try {
      const search = new CatalogSearch(other.db);
      await other.db.insert(catalogWines).values(wine('Antes do Truncate'));
      await search.whenLoaded();
      expect(names((await search.search({ q: 'truncate', limit: 5, offset: 0 })).rows)).toEqual(['Antes do Truncate']);
      await other.db.execute(sql`truncate catalog_wines cascade`);
      expect(names((await search.search({ q: 'truncate', limit: 5, offset: 0 })).rows)).toEqual([]);
      await search.whenLoaded();
      expect(search.indexed).toBe(true);
      expect(names((await search.search({ q: 'truncate', limit: 5, offset: 0 })).rows)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('through the API: a write is found by the next search', async () => {
    const s = uniqueTag();
    expect(await viaApi(s)).toEqual([]);
    await t.app.catalog.searchIndexLoaded();
    const created = await t.call(admin, 'POST', '/api/catalog/wines', { name: `Vinho ${s}` });
    expect(created.statusCode).toBe(201);
    expect(await viaApi(s)).toEqual([`Vinho ${s}`]);
  });
});

describe.runIf(process.env.ADEGA_TEST_DB === 'postgres')('a second app process on the same PostgreSQL database', () => {
  it('applies the writes of the first one to its loaded index: insert, update and delete seen by its next search', async () => {
    const secondDatabase = await openDatabase({ databaseUrl: t.databaseUrl as string });
    const second = await buildApp(t.config, { database: secondDatabase, logger: false });
    try {
      const s = uniqueTag();
      const search = async (q: string) =>
        names(
          (
            await second.inject({
              method: 'GET',
              url: `/api/catalog/wines?q=${encodeURIComponent(q)}`,
              headers: { authorization: `Bearer ${admin.token}` },
            })
          ).json() as { name: string }[],
        );
      await second.catalog.searchIndexLoaded();
      const created = await t.call(admin, 'POST', '/api/catalog/wines', { name: `Primeiro ${s}` });
      expect(await search(s)).toEqual([`Primeiro ${s}`]);
      const id = (created.json() as { id: string }).id;
      expect((await t.call(admin, 'PUT', `/api/catalog/wines/${id}`, { name: `Outro ${s}` })).statusCode).toBe(200);
      expect(await search(s)).toEqual([`Outro ${s}`]);
      await t.db.insert(catalogWines).values(wine(`Direto ${s}`));
      expect(await search(s)).toEqual([`Direto ${s}`, `Outro ${s}`]);
      expect((await t.call(admin, 'DELETE', `/api/catalog/wines/${id}`)).statusCode).toBe(204);
      expect(await search(s)).toEqual([`Direto ${s}`]);
    } finally {
      await second.close();
    }
  });
});
