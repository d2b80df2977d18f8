import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuViewCounts } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { createMenuViewCounter } from './view-counter.js';

const t = testAppPerFile();
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function menu() {
  const est = await createEstablishmentRow(t.db);
  const m = await createMenuRow(t.db, est.id);
  await createMenuWineRow(t.db, m.id, { name: 'Tinto da Casa' });
  return { path: `/${est.slug}/${m.slug}`, id: m.id };
}
const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
async function counts(menuId: string) {
  await t.app.menuViews.flush();
  const rows = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, menuId));
  return rows.map((r) => ({ source: r.source, table: r.tableNo, views: r.views })).sort((a, b) => a.table - b.table);
}

describe('menu view counting', () => {
  it('counts views per hour, source and table, sets no cookie and stores nothing about the guest', async () => {
    const m = await menu();
    for (const url of [m.path, `${m.path}?mesa=7`, `${m.path}?mesa=7`, `${m.path}?mesa=7&pais=chile`, `${m.path}?mesa=abc`]) {
      const res = await visit(url, { 'x-forwarded-for': '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await counts(m.id)).toEqual([
      { source: 'direct', table: 0, views: 2 },
      { source: 'qr', table: 7, views: 3 },
    ]);
    const [row] = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, m.id));
    // Only these columns exist: no address, no user agent, no identifier of the guest.
    expect(Object.keys(row!).sort()).toEqual(['hour', 'menuId', 'source', 'tableNo', 'views']);
    expect(row!.hour.getTime() % 3_600_000).toBe(0);
  });

  it('adds later batches to the same hour instead of writing new rows', async () => {
    const m = await menu();
    await visit(`${m.path}?mesa=3`);
    expect(await counts(m.id)).toEqual([{ source: 'qr', table: 3, views: 1 }]);
    await visit(`${m.path}?mesa=3`);
    await visit(`${m.path}?mesa=3`);
    expect(await counts(m.id)).toEqual([{ source: 'qr', table: 3, views: 3 }]);
  });

  it('does not count bots, link previews, prefetches, tables out of range or missing menus', async () => {
    const m = await menu();
    await visit(m.path, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit(m.path, { 'user-agent': 'WhatsApp/2.23.20.0' });
    await visit(m.path, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0 Safari/537.36' });
    await visit(m.path, { 'user-agent': 'curl/8.5.0' });
    await visit(m.path, { 'sec-purpose': 'prefetch' });
    await visit(m.path, { purpose: 'prefetch' });
    await visit(m.path, { 'sec-purpose': 'prefetch;prerender' });
    expect(await counts(m.id)).toEqual([]);
    await visit(`${m.path}?mesa=201`);
    await visit(`${m.path}?mesa=0`);
    expect(await counts(m.id)).toEqual([{ source: 'direct', table: 0, views: 2 }]);
    expect((await visit(`${m.path}-nao-existe`)).statusCode).toBe(404);
  });

  it('writes the pending counts when closed (a clean shutdown loses nothing)', async () => {
    const m = await menu();
    const counter = createMenuViewCounter({ db: t.db, log: t.app.log, intervalMs: 3_600_000 });
    counter.record(m.id, 12);
    counter.record(m.id, 12);
    counter.record(m.id, null);
    expect(counter.pending).toBe(2);
    await counter.close();
    expect(counter.pending).toBe(0);
    expect(await counts(m.id)).toEqual([
      { source: 'direct', table: 0, views: 1 },
      { source: 'qr', table: 12, views: 2 },
    ]);
  });
});
