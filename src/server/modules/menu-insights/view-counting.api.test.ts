import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuViewCounts, menuVisitors } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { createGuestKeys } from './guest-keys.js';
import { createMenuViewCounter, VISIT_WINDOW_MS } from './view-counter.js';

const t = testAppPerFile();
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const OTHER_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let lastAddress = 0;
/** A guest of their own: an address no other test uses. */
const newAddress = () => `198.51.100.${++lastAddress}`;

async function menu() {
  const est = await createEstablishmentRow(t.db);
  const m = await createMenuRow(t.db, est.id);
  await createMenuWineRow(t.db, m.id, { name: 'Tinto da Casa', country: 'Chile', grapeVariety: 'Carménère', price: 90 });
  return { path: `/${est.slug}/${m.slug}`, id: m.id };
}
const visit = (url: string, remoteAddress = newAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': BROWSER, ...headers } });
async function counts(menuId: string) {
  await t.app.menuViews.flush();
  const rows = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, menuId));
  return rows.map((r) => ({ source: r.source, table: r.tableNo, views: r.views })).sort((a, b) => a.table - b.table);
}

describe('menu visits', () => {
  it('counts one visit for a guest who loads the menu, searches twice and filters twice, and sets no cookie', async () => {
    const m = await menu();
    const guest = newAddress();
    for (const url of [
      `${m.path}?mesa=5`,
      `${m.path}?mesa=5&q=tinto`,
      `${m.path}?q=chile`,
      `${m.path}?pais=Chile`,
      `${m.path}?uva=Carm%C3%A9n%C3%A8re`,
    ]) {
      const res = await visit(url, guest);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await counts(m.id)).toEqual([{ source: 'qr', table: 5, views: 1 }]);
    // Later pages of the visit, in later batches, add nothing.
    await visit(`${m.path}?q=carmenere`, guest);
    expect(await counts(m.id)).toEqual([{ source: 'qr', table: 5, views: 1 }]);
  });

  it('tells guests apart by address and browser; a visit goes to the table it was first seen with', async () => {
    const m = await menu();
    const wifi = newAddress();
    await visit(m.path, wifi);
    await visit(`${m.path}?mesa=7`, wifi);
    await visit(`${m.path}?mesa=7`, wifi, { 'user-agent': OTHER_BROWSER });
    await visit(`${m.path}?mesa=9`, newAddress());
    await visit(`${m.path}?mesa=9`, newAddress());
    expect(await counts(m.id)).toEqual([
      { source: 'qr', table: 7, views: 2 },
      { source: 'qr', table: 9, views: 2 },
    ]);
  });

  it('keeps no address, user agent or identifier beyond a day-keyed hash, and forgets it after the visit window', async () => {
    const m = await menu();
    const guest = newAddress();
    await visit(m.path, guest);
    await counts(m.id);
    const [row] = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, m.id));
    expect(Object.keys(row!).sort()).toEqual(['hour', 'lang', 'menuId', 'source', 'tableNo', 'views']);
    expect(row!.hour.getTime() % 3_600_000).toBe(0);
    const visitors = await t.db.select().from(menuVisitors).where(eq(menuVisitors.menuId, m.id));
    expect(visitors).toHaveLength(1);
    expect(Object.keys(visitors[0]!).sort()).toEqual(['countedAt', 'menuId', 'visitor']);
    expect(visitors[0]!.visitor).toMatch(/^[\w-]{22}$/);
    expect(visitors[0]!.visitor).not.toContain(guest);
    // The same guest is someone else for the keys of the next day (they change at 06:00 in Brasília, 09:00 UTC).
    const day = Date.parse('2026-11-27T08:59:00Z');
    const keysAt = (ms: number) => createGuestKeys('segredo', () => ms);
    expect(keysAt(day).visitor(guest, BROWSER)).toBe(keysAt(Date.parse('2026-11-26T09:00:00Z')).visitor(guest, BROWSER));
    expect(keysAt(day).visitor(guest, BROWSER)).not.toBe(keysAt(day + 60_000).visitor(guest, BROWSER));
    expect(keysAt(day).visitor(guest, BROWSER)).not.toBe(createGuestKeys('outro segredo', () => day).visitor(guest, BROWSER));
  });

  it('counts the same guest again once 30 minutes have passed since the counted visit, and deletes old visitors', async () => {
    const m = await menu();
    let now = Date.parse('2026-11-27T22:00:00Z');
    const counter = createMenuViewCounter({ db: t.db, log: t.app.log, intervalMs: 3_600_000, now: () => now });
    const views = async () => {
      await counter.flush();
      return (await counts(m.id)).map((c) => c.views);
    };
    counter.record(m.id, null, 'visitante-a', 'pt-BR');
    expect(await views()).toEqual([1]);
    now += VISIT_WINDOW_MS - 60_000;
    expect(counter.isNew(m.id, 'visitante-a')).toBe(false);
    counter.record(m.id, null, 'visitante-a', 'pt-BR');
    expect(await views()).toEqual([1]);
    now += 60_000;
    expect(counter.isNew(m.id, 'visitante-a')).toBe(true);
    counter.record(m.id, null, 'visitante-a', 'pt-BR');
    expect(await views()).toEqual([2]);
    // An hour later the visitor's row is gone: nothing of the guest outlives their visit by more than minutes.
    now += 2 * VISIT_WINDOW_MS;
    counter.record(m.id, 3, 'visitante-b', 'pt-BR');
    await counter.close();
    const visitors = await t.db.select().from(menuVisitors).where(eq(menuVisitors.menuId, m.id));
    expect(visitors.map((v) => v.visitor)).toEqual(['visitante-b']);
  });

  it('does not count bots, link previews, prefetches, tables out of range or missing menus', async () => {
    const m = await menu();
    const guest = newAddress();
    await visit(m.path, guest, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit(m.path, guest, { 'user-agent': 'WhatsApp/2.23.20.0' });
    await visit(m.path, guest, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0 Safari/537.36' });
    await visit(m.path, guest, { 'user-agent': 'curl/8.5.0' });
    await visit(m.path, guest, { 'sec-purpose': 'prefetch' });
    await visit(m.path, guest, { purpose: 'prefetch' });
    await visit(m.path, guest, { 'sec-purpose': 'prefetch;prerender' });
    expect(await counts(m.id)).toEqual([]);
    await visit(`${m.path}?mesa=201`);
    await visit(`${m.path}?mesa=0`);
    expect(await counts(m.id)).toEqual([{ source: 'direct', table: 0, views: 2 }]);
    expect((await visit(`${m.path}-nao-existe`)).statusCode).toBe(404);
  });

  it('writes the pending visits when closed (a clean shutdown loses nothing)', async () => {
    const m = await menu();
    const counter = createMenuViewCounter({ db: t.db, log: t.app.log, intervalMs: 3_600_000 });
    counter.record(m.id, 12, 'visitante-1', 'pt-BR');
    counter.record(m.id, 12, 'visitante-2', 'pt-BR');
    counter.record(m.id, 12, 'visitante-2', 'pt-BR');
    counter.record(m.id, null, 'visitante-3', 'pt-BR');
    expect(counter.pending).toBe(3);
    await counter.close();
    expect(counter.pending).toBe(0);
    expect(await counts(m.id)).toEqual([
      { source: 'direct', table: 0, views: 1 },
      { source: 'qr', table: 12, views: 2 },
    ]);
  });
});
