import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuInsights } from '../../../shared/menu-insights.js';
import { menuEventCounts, menuViewCounts } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow, createUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { GUEST_COUNTS_PER_MINUTE } from './address-quota.js';
import { forgetOldSearchWords, SEARCH_WORDS_RETENTION_QUEUE } from './search-words-retention.js';

const t = testAppPerFile();
beforeAll(() => t.app.jobs.start({ work: false }));
afterEach(() => {
  vi.useRealTimers();
});

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DAY_MS = 86_400_000;
let lastAddress = 0;
const newAddress = () => `192.0.2.${++lastAddress}`;

async function menu() {
  const est = await createEstablishmentRow(t.db);
  const m = await createMenuRow(t.db, est.id);
  await createMenuWineRow(t.db, m.id, { position: 0, name: 'Tinto Chileno', country: 'Chile', price: 90, byTheGlass: true });
  await createMenuWineRow(t.db, m.id, { position: 1, name: 'Branco Francês', country: 'França', price: 250 });
  return { path: `/${est.slug}/${m.slug}`, id: m.id, establishmentId: est.id };
}
const visit = (url: string, remoteAddress: string, userAgent = BROWSER) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': userAgent } });
async function flushed() {
  await Promise.all([t.app.menuViews.flush(), t.app.menuEvents.flush()]);
}
async function totals(menuId: string): Promise<{ views: number; search?: number; filter?: number }> {
  await flushed();
  const [views] = await t.db
    .select({ n: sql<number>`coalesce(sum(${menuViewCounts.views}), 0)::int` })
    .from(menuViewCounts)
    .where(eq(menuViewCounts.menuId, menuId));
  const events = await t.db
    .select({ kind: menuEventCounts.kind, n: sql<number>`sum(${menuEventCounts.count})::int` })
    .from(menuEventCounts)
    .where(eq(menuEventCounts.menuId, menuId))
    .groupBy(menuEventCounts.kind);
  return { views: views?.n ?? 0, ...Object.fromEntries(events.map((e) => [e.kind, e.n])) };
}
async function insights(establishmentId: string): Promise<MenuInsights> {
  const admin = await createUser(t.db, 'admin');
  const res = await t.call(admin, 'GET', `/api/establishments/${establishmentId}/menu-insights?days=7`);
  expect(res.statusCode).toBe(200);
  return res.json() as MenuInsights;
}
/** Within one clock minute: what an address may add is counted per minute. */
const oneMinute = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
};

describe('"Por taça" on the insights', () => {
  it('counts the by-the-glass filter like the others and lists it under the filters used', async () => {
    const m = await menu();
    expect((await visit(`${m.path}?taca=on`, newAddress())).statusCode).toBe(200);
    expect((await visit(`${m.path}?taca=1&pais=Chile`, newAddress())).statusCode).toBe(200);
    await flushed();
    const filters = (await insights(m.establishmentId)).filters.map((f) => ({ filter: f.filter, value: f.value, uses: f.uses }));
    expect(filters).toEqual([
      { filter: 'taca', value: '1', uses: 2 },
      { filter: 'pais', value: 'Chile', uses: 1 },
    ]);
  });
});

describe('what one address can add', () => {
  // Each load is a search page rendered anew: 250 of them took 15 s on a quiet two-core machine and over 60 s on one
  // running the browser suite beside this one (CI, 2026-12-06).
  it('counts at most the limit per minute from one address however many pages it loads; every page is answered', {
    timeout: 180_000,
  }, async () => {
    oneMinute();
    const m = await menu();
    const script = newAddress();
    for (let i = 0; i < 2 * GUEST_COUNTS_PER_MINUTE + 10; i++) {
      const res = await visit(`${m.path}?q=tinto${i}`, script, i % 2 ? BROWSER : `${BROWSER} v${i}`);
      expect(res.statusCode).toBe(200);
    }
    // A new browser name per request makes new visitors, and every search is new: all share the address's minute.
    const counted = await totals(m.id);
    expect(counted.views + (counted.search ?? 0)).toBe(GUEST_COUNTS_PER_MINUTE);
    // Another address (another guest) still counts.
    await visit(`${m.path}?q=malbec`, newAddress());
    expect(await totals(m.id)).toEqual({ views: counted.views + 1, search: (counted.search ?? 0) + 1 });
  });

  it('keeps only search words that look like searches: no e-mail address, phone number or CPF', async () => {
    const m = await menu();
    const guest = newAddress();
    for (const q of [
      'maria.silva@example.com',
      '(11) 98765-4321',
      '11987654321',
      '3456-7890',
      '123.456.789-09',
      '12345678909',
      'www.example.com',
      'Malbec 2019',
      'tinto chileno',
    ]) {
      expect((await visit(`${m.path}?q=${encodeURIComponent(q)}`, guest)).statusCode).toBe(200);
    }
    await flushed();
    const words = await t.db.select({ subject: menuEventCounts.subject }).from(menuEventCounts).where(eq(menuEventCounts.menuId, m.id));
    expect(words.map((w) => w.subject).sort()).toEqual(['malbec 2019', 'tinto chileno']);
  });
});

describe('search words kept 90 days at most', () => {
  it('folds older searches into counts without words, daily; the totals stay, the words go', async () => {
    const m = await menu();
    const now = Date.now();
    const hourAgo = (days: number) => new Date(Math.floor((now - days * DAY_MS) / 3_600_000) * 3_600_000);
    const search = (days: number, subject: string, found: number, count: number) => ({
      menuId: m.id,
      hour: hourAgo(days),
      kind: 'search',
      subject,
      found,
      count,
    });
    await t.db
      .insert(menuEventCounts)
      .values([
        search(95, 'joao silva', 0, 2),
        search(95, 'malbec', 3, 4),
        search(95, 'syrah', 1, 1),
        search(91, 'amarone', 0, 1),
        search(5, 'malbec', 3, 6),
        { menuId: m.id, hour: hourAgo(95), kind: 'filter', subject: 'pais=Chile', found: 0, count: 3 },
      ]);
    expect(await forgetOldSearchWords(t.db, new Date(now))).toBe(4);
    const rows = await t.db
      .select({ kind: menuEventCounts.kind, subject: menuEventCounts.subject, found: menuEventCounts.found, count: menuEventCounts.count })
      .from(menuEventCounts)
      .where(eq(menuEventCounts.menuId, m.id));
    const sorted = rows.sort((a, b) =>
      `${a.kind}${a.subject}${a.found}${a.count}`.localeCompare(`${b.kind}${b.subject}${b.found}${b.count}`),
    );
    expect(sorted).toEqual([
      { kind: 'filter', subject: 'pais=Chile', found: 0, count: 3 },
      // 95 days ago: "joao silva" found nothing (2), "malbec" and "syrah" found wines (4 + 1); 91 days: "amarone" (1).
      { kind: 'search', subject: '', found: 0, count: 1 },
      { kind: 'search', subject: '', found: 0, count: 2 },
      { kind: 'search', subject: '', found: 1, count: 5 },
      { kind: 'search', subject: 'malbec', found: 3, count: 6 },
    ]);
    // Run again: nothing left to forget.
    expect(await forgetOldSearchWords(t.db, new Date(now))).toBe(0);
    const schedules = (await t.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${SEARCH_WORDS_RETENTION_QUEUE}`,
    )) as unknown as { rows: { cron: string; timezone: string }[] };
    expect(schedules.rows).toEqual([{ cron: '45 4 * * *', timezone: 'America/Sao_Paulo' }]);
  });

  it('lists no word-less searches on the insights, and counts them in the total', async () => {
    const m = await menu();
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    await t.db.insert(menuEventCounts).values([
      { menuId: m.id, hour, kind: 'search', subject: '', found: 0, count: 3 },
      { menuId: m.id, hour, kind: 'search', subject: 'malbec', found: 2, count: 1 },
    ]);
    const body = await insights(m.establishmentId);
    expect(body.searches.total).toBe(4);
    expect(body.searches.top.map((s) => s.words)).toEqual(['malbec']);
    expect(body.searches.not_found).toEqual([]);
  });
});
