import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cellarItems, menuEventCounts, menuViewCounts, menuWines } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow, createTeam, createUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { periodEndingOn } from '../analytics/index.js';
import { addDays } from '../analytics/period.js';

const t = testAppPerFile();

/** An hour of a calendar day in America/Sao_Paulo (UTC-3 all year since 2019). */
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);

async function fixture() {
  const team = await createTeam(t.db);
  const a = await createMenuRow(t.db, team.own.id, { name: 'Carta A' });
  const b = await createMenuRow(t.db, team.own.id, { name: 'Carta B' });
  const c = await createMenuRow(t.db, team.other.id, { name: 'Carta de outra casa' });
  const tinto = await createMenuWineRow(t.db, a.id, { name: 'Tinto da Serra' });
  const velho = await createMenuWineRow(t.db, a.id, { name: 'Tinto Velho' });
  const esgotado = await createMenuWineRow(t.db, b.id, { name: 'Branco Esgotado', available: false });
  // Tinto da Serra draws from the house cellar (4 bottles); the other wines are not linked.
  const [shelf] = await t.db.insert(cellarItems).values({ establishmentId: team.own.id, name: 'Tinto da Serra', onHand: 4 }).returning();
  await t.db.update(menuWines).set({ cellarItemId: shelf?.id }).where(eq(menuWines.id, tinto.id));
  const alheio = await createMenuWineRow(t.db, c.id, { name: 'Vinho Alheio' });
  const today = periodEndingOn(new Date(), 7).end;
  const day = (n: number) => addDays(today, -n);
  const view = (menuId: string, when: Date, table: number, views: number) => ({
    menuId,
    hour: when,
    source: table > 0 ? 'qr' : 'direct',
    tableNo: table,
    views,
  });
  await t.db.insert(menuViewCounts).values([
    view(a.id, at(day(0), 20), 7, 5),
    view(a.id, at(day(0), 20), 0, 2),
    view(a.id, at(day(1), 12), 3, 4),
    view(b.id, at(day(6), 9), 0, 1),
    // The previous 7 days.
    view(a.id, at(day(7), 20), 7, 2),
    view(a.id, at(day(13), 10), 0, 6),
    // Before both periods, and another establishment's menu.
    view(a.id, at(day(14), 23), 0, 100),
    view(c.id, at(day(0), 20), 9, 50),
  ]);
  const event = (menuId: string, when: Date, kind: string, subject: string, found: number, count: number) => ({
    menuId,
    hour: when,
    kind,
    subject,
    found,
    count,
  });
  await t.db
    .insert(menuEventCounts)
    .values([
      event(a.id, at(day(0), 20), 'open', tinto.id, 0, 3),
      event(a.id, at(day(8), 20), 'open', tinto.id, 0, 1),
      event(b.id, at(day(2), 21), 'open', esgotado.id, 0, 5),
      event(a.id, at(day(9), 21), 'open', velho.id, 0, 4),
      event(a.id, at(day(0), 20), 'search', 'champagne', 0, 2),
      event(b.id, at(day(1), 19), 'search', 'champagne', 0, 1),
      event(a.id, at(day(9), 19), 'search', 'champagne', 0, 1),
      event(a.id, at(day(3), 19), 'search', 'malbec', 2, 1),
      event(a.id, at(day(0), 19), 'search', 'malbec', 1, 1),
      event(a.id, at(day(0), 19), 'filter', 'pais=Chile', 0, 2),
      event(a.id, at(day(10), 19), 'filter', 'pais=Chile', 0, 2),
      event(c.id, at(day(0), 19), 'search', 'segredo', 0, 9),
      event(c.id, at(day(0), 19), 'open', alheio.id, 0, 9),
    ]);
  return { ...team, today, day, tinto, esgotado };
}

const insights = (token: { token: string }, id: string, days = '7') =>
  t.app.inject({
    method: 'GET',
    url: `/api/establishments/${id}/menu-insights?days=${days}`,
    headers: { authorization: `Bearer ${token.token}` },
  });

describe('GET /api/establishments/{id}/menu-insights', () => {
  it("sums the establishment's menus over the period against the previous one (hand-computed)", async () => {
    const f = await fixture();
    const res = await insights(f.sommelier, f.own.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ days: 7, start: f.day(6), end: f.today, previous_start: f.day(13), previous_end: f.day(7) });
    expect(body.views).toEqual({ total: 12, previous: 8, change: 50, from_tables: 9 });
    expect(body.views_per_day).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => ({ date: f.day(n), views: { 0: 7, 1: 4, 6: 1 }[n] ?? 0 })));
    expect(body.busiest_hours).toHaveLength(24);
    expect(body.busiest_hours.filter((h: { views: number }) => h.views > 0)).toEqual([
      { hour: 9, views: 1 },
      { hour: 12, views: 4 },
      { hour: 20, views: 7 },
    ]);
    expect(body.tables).toEqual([
      { table: 7, views: 5, previous: 2, change: 150 },
      { table: 3, views: 4, previous: 0, change: null },
    ]);
    expect(body.opened_wines).toEqual([
      {
        wine_id: f.esgotado.id,
        name: 'Branco Esgotado',
        menu_name: 'Carta B',
        available: false,
        cellar_count: null,
        opens: 5,
        previous: 0,
        change: null,
      },
      {
        wine_id: f.tinto.id,
        name: 'Tinto da Serra',
        menu_name: 'Carta A',
        available: true,
        cellar_count: 4,
        opens: 3,
        previous: 1,
        change: 200,
      },
    ]);
    expect(body.searches).toEqual({
      total: 5,
      previous: 1,
      change: 400,
      top: [
        { words: 'champagne', searches: 3, found: 0, previous: 1, change: 200 },
        // Found 2 wines three days ago, 1 today: the latest is shown.
        { words: 'malbec', searches: 2, found: 1, previous: 0, change: null },
      ],
      not_found: [{ words: 'champagne', searches: 3, previous: 1, change: 200 }],
    });
    expect(body.filters).toEqual([{ filter: 'pais', value: 'Chile', uses: 2, previous: 2, change: 0 }]);
  });

  it('answers an empty period with zeros, every day and hour present', async () => {
    const est = await createEstablishmentRow(t.db);
    const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [est.id] });
    const res = await insights(manager, est.id, '30');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.views).toEqual({ total: 0, previous: 0, change: null, from_tables: 0 });
    expect(body.views_per_day).toHaveLength(30);
    expect(body.busiest_hours.every((h: { views: number }) => h.views === 0)).toBe(true);
    expect(body.tables).toEqual([]);
    expect(body.opened_wines).toEqual([]);
    expect(body.searches).toEqual({ total: 0, previous: 0, change: null, top: [], not_found: [] });
    // Every guest language listed, each at zero: no share is invented from no visits.
    expect(body.languages).toEqual(['pt-BR', 'en', 'es'].map((lang) => ({ lang, visits: 0, visits_share: 0, searches: 0, filters: 0 })));
  });

  it("is for the establishment's managers and sommeliers and the admin; others get 404 or 403", async () => {
    const f = await fixture();
    const admin = await createUser(t.db, 'admin');
    for (const user of [f.manager, f.sommelier, admin]) expect((await insights(user, f.own.id, '90')).statusCode).toBe(200);
    const stranger = await insights(f.manager, f.other.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().detail).toBe('Estabelecimento não encontrado.');
    const supplier = await insights(f.supplier, f.own.id);
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json().detail).toBe('Você não tem permissão para esta ação.');
    expect((await insights(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const badDays = await insights(f.sommelier, f.own.id, '15');
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().detail).toContain('Período inválido');
    expect((await t.app.inject({ method: 'GET', url: `/api/establishments/${f.own.id}/menu-insights` })).statusCode).toBe(401);
  });
});
