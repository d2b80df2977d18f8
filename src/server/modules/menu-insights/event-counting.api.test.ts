import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuEventCounts, rateLimitCounters } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { createMenuEventCounter } from './event-counter.js';

const t = testAppPerFile();
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GUEST_ADDRESS = '198.51.100.23';

async function menu() {
  const est = await createEstablishmentRow(t.db);
  const m = await createMenuRow(t.db, est.id);
  const tinto = await createMenuWineRow(t.db, m.id, {
    position: 0,
    name: 'Tinto Chileno',
    country: 'Chile',
    grapeVariety: 'Carménère',
    price: 90,
  });
  const branco = await createMenuWineRow(t.db, m.id, {
    position: 1,
    name: 'Branco Francês',
    country: 'França',
    grapeVariety: 'Chardonnay',
    price: 250,
  });
  const esgotado = await createMenuWineRow(t.db, m.id, { position: 2, name: 'Vinho Esgotado', available: false });
  return { path: `/${est.slug}/${m.slug}`, id: m.id, slug: m.slug, tinto, branco, esgotado };
}
const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
/** What navigator.sendBeacon sends: a string body, so text/plain. */
const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/events',
    headers: { 'user-agent': BROWSER, 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: GUEST_ADDRESS,
  });
async function events(menuId: string) {
  await t.app.menuEvents.flush();
  const rows = await t.db.select().from(menuEventCounts).where(eq(menuEventCounts.menuId, menuId));
  return rows
    .map((r) => ({ kind: r.kind, subject: r.subject, found: r.found, count: r.count }))
    .sort((a, b) => `${a.kind}|${a.subject}`.localeCompare(`${b.kind}|${b.subject}`));
}

describe('searches and filters on the public menu', () => {
  it('counts the normalised words with how many wines they found, and each filter, without a cookie', async () => {
    const m = await menu();
    for (const url of [
      `${m.path}?q=Chileno`,
      `${m.path}?q=%20%20CHILENO%20`,
      `${m.path}?q=Carm%C3%A9n%C3%A8re&pais=chile`,
      `${m.path}?q=champagne`,
      `${m.path}?q=esgotado`,
      `${m.path}?pais=Fran%C3%A7a&preco=200-400`,
      `${m.path}?uva=Chardonnay&mesa=4`,
      `${m.path}?pais=japao`,
    ]) {
      const res = await visit(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await events(m.id)).toEqual([
      { kind: 'filter', subject: 'pais=Chile', found: 0, count: 1 },
      { kind: 'filter', subject: 'pais=França', found: 0, count: 1 },
      { kind: 'filter', subject: 'preco=200-400', found: 0, count: 1 },
      { kind: 'filter', subject: 'uva=Chardonnay', found: 0, count: 1 },
      // The words alone decide what was found (an unavailable wine is not on the page, so not found).
      { kind: 'search', subject: 'carmenere', found: 1, count: 1 },
      { kind: 'search', subject: 'champagne', found: 0, count: 1 },
      { kind: 'search', subject: 'chileno', found: 1, count: 2 },
      { kind: 'search', subject: 'esgotado', found: 0, count: 1 },
    ]);
  });

  it('does not count bots, link previews or prefetches', async () => {
    const m = await menu();
    await visit(`${m.path}?q=champagne`, { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    await visit(`${m.path}?q=champagne`, { 'user-agent': 'facebookexternalhit/1.1' });
    await visit(`${m.path}?pais=chile`, { 'sec-purpose': 'prefetch' });
    expect(await events(m.id)).toEqual([]);
  });
});

describe('POST /api/public/events (the wine-open beacon)', () => {
  it('answers 204, counts the wine opened (by id or by the name the page shows) and keeps nothing about the guest', async () => {
    const m = await menu();
    const first = await beacon({ type: 'open', menu: m.path, wine: 'Tinto Chileno' });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ type: 'open', menu: `${m.path}?q=chileno`, wine: m.tinto.id })).statusCode).toBe(204);
    // The same menu through /carta/{slug}, and as JSON from a script that is not the page's.
    expect((await beacon({ type: 'open', menu: `/carta/${m.slug}`, wine: 'Branco Francês' })).statusCode).toBe(204);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      headers: { 'user-agent': BROWSER },
      payload: { type: 'open', menu: m.path.toUpperCase(), wine: 'Branco Francês' },
    });
    expect(json.statusCode).toBe(204);
    expect(await events(m.id)).toEqual(
      [
        { kind: 'open', subject: m.branco.id, found: 0, count: 2 },
        { kind: 'open', subject: m.tinto.id, found: 0, count: 2 },
      ].sort((a, b) => `${a.kind}|${a.subject}`.localeCompare(`${b.kind}|${b.subject}`)),
    );
    const [row] = await t.db.select().from(menuEventCounts).where(eq(menuEventCounts.menuId, m.id));
    expect(Object.keys(row!).sort()).toEqual(['count', 'found', 'hour', 'kind', 'lang', 'menuId', 'subject']);
    expect(row!.hour.getTime() % 3_600_000).toBe(0);
    // The rate limit's row names the address only through an HMAC.
    const keys = (await t.db.select().from(rateLimitCounters)).map((r) => r.key).filter((k) => k.includes('menu-events'));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain(GUEST_ADDRESS);
  });

  it('refuses what is not an open wine of that menu, with a pt-BR detail, and counts nothing', async () => {
    const m = await menu();
    const other = await menu();
    const cases: [unknown, number, string][] = [
      [{ type: 'open', menu: m.path, wine: other.tinto.id }, 404, 'Vinho não encontrado nesta carta.'],
      [{ type: 'open', menu: m.path, wine: 'Vinho Esgotado' }, 404, 'Vinho não encontrado nesta carta.'],
      [{ type: 'open', menu: m.path, wine: m.esgotado.id }, 404, 'Vinho não encontrado nesta carta.'],
      [{ type: 'open', menu: `${m.path}-nao-existe`, wine: 'Tinto Chileno' }, 404, 'Carta não encontrada.'],
      [{ type: 'open', menu: '/api/public', wine: 'Tinto Chileno' }, 404, 'Carta não encontrada.'],
      [{ type: 'open', menu: '/login/x', wine: 'Tinto Chileno' }, 404, 'Carta não encontrada.'],
      [{ type: 'order', menu: m.path, wine: 'Tinto Chileno' }, 400, 'Tipo de evento inválido.'],
      [{ type: 'open', menu: 'https://evil.example/x', wine: 'Tinto Chileno' }, 400, 'Informe o endereço da carta.'],
      [{ type: 'open', menu: m.path, wine: '  ' }, 400, 'Informe o vinho.'],
      ['{not json', 400, 'Evento inválido: envie um JSON com type, menu e wine.'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await beacon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().detail).toContain(detail);
    }
    expect((await beacon('x'.repeat(5000))).statusCode).toBe(413);
    expect(await events(m.id)).toEqual([]);
  });

  it('answers bots and prefetches with 204 and counts nothing', async () => {
    const m = await menu();
    expect((await beacon({ type: 'open', menu: m.path, wine: 'Tinto Chileno' }, { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(204);
    expect((await beacon({ type: 'open', menu: m.path, wine: 'Tinto Chileno' }, { 'user-agent': '' })).statusCode).toBe(204);
    expect((await beacon({ type: 'open', menu: m.path, wine: 'Tinto Chileno' }, { 'sec-purpose': 'prefetch' })).statusCode).toBe(204);
    expect(await events(m.id)).toEqual([]);
  });

  it('writes the pending events when closed (a clean shutdown loses nothing)', async () => {
    const m = await menu();
    const counter = createMenuEventCounter({ db: t.db, log: t.app.log, intervalMs: 3_600_000 });
    counter.open(m.id, m.tinto.id, 'pt-BR');
    counter.open(m.id, m.tinto.id, 'pt-BR');
    counter.search(m.id, 'champagne', 0, 'pt-BR');
    counter.filter(m.id, 'pais=Chile', 'pt-BR');
    expect(counter.pending).toBe(3);
    await counter.close();
    expect(counter.pending).toBe(0);
    expect(await events(m.id)).toEqual([
      { kind: 'filter', subject: 'pais=Chile', found: 0, count: 1 },
      { kind: 'open', subject: m.tinto.id, found: 0, count: 2 },
      { kind: 'search', subject: 'champagne', found: 0, count: 1 },
    ]);
  });
});
