/**
 * Issue 28 through HTTP: a menu's guest languages (offered, completeness, drafts, audit) and what guests get (the
 * language chosen by ?lang= and Accept-Language, the page cache per language, search, the PDF read back).
 */
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, menuEventCounts, menuViewCounts } from '../db/schema/index.js';
import { clientBuildDir } from '../test-support/client-build.js';
import { createMenuRow, createMenuWineRow, createTeam } from '../test-support/factories.js';
import { testAppPerFile } from '../test-support/file-app.js';
import { pdfText } from '../test-support/pdf-text.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const clientDir = clientBuildDir({ 'index.html': INDEX_HTML, 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
const t = testAppPerFile({ clientDir });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** A guest's phone: its requests are counted (modules/menu-insights/countable.ts). */
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type Team = Awaited<ReturnType<typeof createTeam>>;
let team: Team;
let page: string;
let menuId: string;
let wineIds: { malbec: string; rose: string; soldOut: string };

beforeAll(async () => {
  team = await createTeam(t.db, { sommelier: 'Helena Tavares' });
  const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta da Casa', description: 'Vinhos escolhidos pela casa' });
  menuId = menu.id;
  page = `/${team.own.slug}/${menu.slug}`;
  const malbec = await createMenuWineRow(t.db, menu.id, {
    position: 0,
    name: 'Catena Malbec',
    description: 'Fruta negra madura e taninos macios.',
    country: 'Argentina',
    region: 'Mendoza',
    grapeVariety: 'Malbec',
    wineStyle: 'Tinto',
    category: 'Vinhos Tintos Encorpados',
    price: 189,
    byTheGlass: true,
    glassPrice: 39,
  });
  const rose = await createMenuWineRow(t.db, menu.id, {
    position: 1,
    name: 'Miraval',
    description: 'Rosé provençal, delicado.',
    country: 'França',
    wineStyle: 'Rosé',
    category: 'Da adega do chef',
    price: 260,
  });
  const soldOut = await createMenuWineRow(t.db, menu.id, { position: 2, name: 'Sem descrição', country: 'Chile', price: 120 });
  wineIds = { malbec: malbec.id, rose: rose.id, soldOut: soldOut.id };
});

describe('a menu in pt-BR alone', () => {
  it('answers pt-BR whatever the browser asks, with no switch, no alternates and no Accept-Language in Vary', async () => {
    const res = await get(page, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).not.toMatch(/hreflang/i);
    expect(res.body).not.toContain('class="lang"');
    expect(res.body).toContain('Tintos encorpados');
    expect(res.headers.vary).toBe('Accept-Encoding');
    // ?lang of a language the menu does not offer falls back to pt-BR.
    expect((await get(`${page}?lang=en`)).body).toContain('<html lang="pt-BR">');
  });
});

describe("a menu's languages, as the sommelier edits them", () => {
  it('offers English: the editor says what is missing, the guest still reads pt-BR until it is complete', async () => {
    const put = await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/languages`, { offered: ['en'] });
    expect(put.statusCode).toBe(200);
    const en = put.json().languages.find((l: { lang: string }) => l.lang === 'en');
    // Name, description, two wine descriptions and the custom category.
    expect(en).toMatchObject({ offered: true, required: 5, done: 0, descriptions: 2, descriptionsDone: 0, complete: false });
    expect(en.summary).toBe('EN: 0 de 2 descrições');
    const audit = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, menuId), eq(auditEntries.action, 'update')));
    expect(audit.at(-1)?.changes).toEqual([{ field: 'guest_languages', old: [], new: ['en'] }]);

    const res = await get(page, { 'accept-language': 'en-US' });
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).not.toMatch(/hreflang="en"/i);
  });

  it('makes drafts from the wines’ fields, which do not count until reviewed', async () => {
    const res = await t.call(team.sommelier, 'POST', `/api/wine-menus/${menuId}/translations/en/drafts`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const malbec = body.texts.find((x: { ref: string }) => x.ref === wineIds.malbec);
    expect(malbec.translations.en).toEqual({ text: 'Red wine from Mendoza, Argentina, made from Malbec.', draft: true });
    const en = body.languages.find((l: { lang: string }) => l.lang === 'en');
    expect(en).toMatchObject({ done: 0, drafts: 2, complete: false });
    expect((await get(page, { 'accept-language': 'en' })).body).toContain('<html lang="pt-BR">');
  });

  it('refuses a text that is not the menu’s, and another establishment’s sommelier or a supplier sees no menu', async () => {
    const bad = await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/translations/en`, {
      texts: [{ kind: 'wine_description', ref: '00000000-0000-4000-8000-000000000000', text: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.call(team.supplier, 'GET', `/api/wine-menus/${menuId}/languages`)).statusCode).toBe(404);
  });

  it('publishes English once every text is reviewed: the guest whose browser prefers it reads it', async () => {
    const res = await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/translations/en`, {
      texts: [
        { kind: 'menu_name', ref: '', text: 'House List' },
        { kind: 'menu_description', ref: '', text: 'Wines chosen by the house' },
        { kind: 'wine_description', ref: wineIds.malbec, text: 'Ripe black fruit and soft tannins.' },
        { kind: 'wine_description', ref: wineIds.rose, text: 'Delicate rosé from Provence.' },
        { kind: 'category', ref: 'Da adega do chef', text: 'From the chef’s cellar' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().languages.find((l: { lang: string }) => l.lang === 'en')).toMatchObject({ complete: true, drafts: 0 });

    const en = await get(page, { 'accept-language': 'fr-FR,en-US;q=0.8,pt;q=0.5' });
    expect(en.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const html = en.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('House List');
    expect(html).toContain('Ripe black fruit and soft tannins.');
    expect(html).toContain('From the chef’s cellar');
    expect(html).toContain('Full-bodied reds');
    expect(html).toContain('Glass\u00a0R$\u00a039,00');
    expect(html).toContain('Bottle\u00a0R$\u00a0189,00');
    expect(html).toContain('By the glass');
    expect(html).toContain('Prices in Brazilian reais (R$).');
    expect(html).toContain('>France<');
    // The origin line too: "France", never "França".
    expect(html).not.toContain('>França<');
    expect(html).toContain(`<a href="${page}.pdf?lang=en">PDF (English)</a>`);
    // React writes the attribute hrefLang: HTML attribute names are case-insensitive.
    // Absolute on PUBLIC_BASE_URL (the test app's https://adega.test), as search engines want them.
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="https://adega.test${page}?lang=en"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="pt-BR" href="https://adega.test${page}?lang=pt-BR"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="https://adega.test${page}"/>`);
    expect(html).toContain('<nav class="lang"');
    // The search form keeps the language.
    expect(html).toContain('<input type="hidden" name="lang" value="en"/>');
    expect(html).not.toContain('Carta da Casa');
    expect(html).not.toContain('Por taça');

    // Explicit beats the browser; pt-BR is always there.
    const pt = await get(`${page}?lang=pt-BR`, { 'accept-language': 'en-US' });
    expect(pt.body).toContain('<html lang="pt-BR">');
    expect(pt.body).toContain('Carta da Casa');
    expect(pt.body).toContain(`<a href="${page}?lang=en" hrefLang="en" lang="en">EN</a>`);
    // Spanish is not offered: English for a browser that also reads it, else pt-BR.
    expect((await get(`${page}?lang=es`, { 'accept-language': 'es,en;q=0.5' })).body).toContain('<html lang="en">');
    expect((await get(page, { 'accept-language': 'es,de;q=0.5' })).body).toContain('<html lang="pt-BR">');
  });

  it('caches each language apart: one ETag per language, and a change drops them all', async () => {
    const en1 = await get(`${page}?lang=en`);
    const pt1 = await get(`${page}?lang=pt-BR`);
    const en2 = await get(page, { 'accept-language': 'en' });
    expect(en1.headers.etag).not.toBe(pt1.headers.etag);
    expect(en2.headers.etag).toBe(en1.headers.etag);
    const misses = t.app.publicPages.misses;
    await get(`${page}?lang=en`);
    await get(page, { 'accept-language': 'en-GB' });
    expect(t.app.publicPages.misses, 'the English page comes from the cache').toBe(misses);
    await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/translations/en`, {
      texts: [{ kind: 'menu_name', ref: '', text: 'The House List' }],
    });
    const en3 = await get(`${page}?lang=en`);
    expect(en3.body).toContain('The House List');
    expect(en3.headers.etag).not.toBe(en1.headers.etag);
  });

  it('searches in the guest’s language: "red" and "tinto" find the reds in English, "chef" the custom category', async () => {
    const red = (await get(`${page}?lang=en&q=red`)).body;
    expect(red).toContain('Catena Malbec');
    // The factory's wine is one of the "Medium-bodied reds".
    expect(red).toContain('Sem descrição');
    expect(red).not.toContain('Miraval');
    expect(red).toContain('Showing 2 of 3 wines for “red”.');
    const tinto = (await get(`${page}?lang=en&q=tinto`)).body;
    expect(tinto).toContain('Catena Malbec');
    expect(tinto).not.toContain('Miraval');
    const chef = (await get(`${page}?lang=en&q=chef`)).body;
    expect(chef).toContain('Miraval');
    expect(chef).not.toContain('Catena Malbec');
    // pt-BR search is as it was: the English words find nothing there.
    expect((await get(`${page}?lang=pt-BR&q=red`)).body).toContain('Nenhum vinho encontrado para “red”.');
    const glass = (await get(`${page}?lang=en&taca=1`)).body;
    expect(glass).toContain('Catena Malbec');
    expect(glass).not.toContain('Miraval');
  });

  it('counts visits, searches, filters and opens per language: the owner reads "50 % das visitas em inglês"', async () => {
    const phone = (address: string, headers: Record<string, string> = {}) => ({ 'user-agent': PHONE, ...headers, address });
    const guest = (url: string, h: ReturnType<typeof phone>) => {
      const { address, ...headers } = h;
      return t.app.inject({ method: 'GET', url, remoteAddress: address, headers });
    };
    // The earlier tests' requests were counted too (inject's own user agent is no bot's): start from none.
    await Promise.all([t.app.menuViews.flush(), t.app.menuEvents.flush()]);
    await t.db.delete(menuViewCounts).where(eq(menuViewCounts.menuId, menuId));
    await t.db.delete(menuEventCounts).where(eq(menuEventCounts.menuId, menuId));
    // A tourist whose phone prefers English: one visit in English, then a search and a filter on English pages.
    const tourist = phone('203.0.113.10', { 'accept-language': 'en-US,en;q=0.9' });
    expect((await guest(page, tourist)).body).toContain('<html lang="en">');
    await guest(`${page}?q=red`, tourist);
    await guest(`${page}?taca=1`, tourist);
    // The visit stays English even when the tourist switches: the language of its first page.
    await guest(`${page}?lang=pt-BR&pais=Chile`, tourist);
    // A Brazilian guest: one visit in pt-BR.
    await guest(page, phone('203.0.113.11', { 'accept-language': 'pt-BR' }));
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      headers: { 'user-agent': PHONE, 'content-type': 'text/plain' },
      payload: JSON.stringify({ type: 'open', menu: page, wine: 'Catena Malbec', lang: 'en' }),
    });
    expect(opened.statusCode).toBe(204);
    const badLang = await t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      headers: { 'user-agent': PHONE, 'content-type': 'text/plain' },
      payload: JSON.stringify({ type: 'open', menu: page, wine: 'Catena Malbec', lang: 'fr' }),
    });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().detail).toBe('Dados inválidos — lang: Idioma inválido: use pt-BR, en ou es.');
    await Promise.all([t.app.menuViews.flush(), t.app.menuEvents.flush()]);

    const views = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, menuId));
    expect(views.map((v) => [v.lang, v.views]).sort()).toEqual([
      ['en', 1],
      ['pt-BR', 1],
    ]);
    const events = await t.db.select().from(menuEventCounts).where(eq(menuEventCounts.menuId, menuId));
    expect(events.map((e) => [e.kind, e.subject === wineIds.malbec ? 'malbec' : e.subject, e.lang, e.count]).sort()).toEqual([
      ['filter', 'pais=Chile', 'pt-BR', 1],
      ['filter', 'taca=1', 'en', 1],
      ['open', 'malbec', 'en', 1],
      ['search', 'red', 'en', 1],
    ]);
    const insights = await t.call(team.sommelier, 'GET', `/api/establishments/${team.own.id}/menu-insights?days=7`);
    expect(insights.statusCode).toBe(200);
    expect(insights.json().languages).toEqual([
      { lang: 'pt-BR', visits: 1, visits_share: 50, searches: 0, filters: 1 },
      { lang: 'en', visits: 1, visits_share: 50, searches: 1, filters: 1 },
      { lang: 'es', visits: 0, visits_share: 0, searches: 0, filters: 0 },
    ]);
  });

  it('prints the PDF in English for .pdf?lang=en, and in pt-BR without it', async () => {
    const res = await get(`${page}.pdf?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${team.own.slug}-`);
    expect(res.headers['content-disposition']).toContain('-en.pdf');
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain('The House List');
    expect(text).toContain('Full-bodied reds');
    expect(text).toContain('From the chef’s cellar');
    expect(text).toContain('France');
    expect(text).toContain('Point your phone’s camera');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Glass R$ 39,00');
    expect(text).toContain('Prices in Brazilian reais (R$).');
    expect(text).not.toContain('Página');
    const pt = flat(pdfText((await get(`${page}.pdf`)).rawPayload));
    expect(pt).toContain('Carta da Casa');
    expect(pt).toContain('Página 1 de 1');
    expect(pt).toContain('Tintos encorpados');
  });

  it('hides a language again when a new wine’s description is missing', async () => {
    await createMenuWineRow(t.db, menuId, { position: 3, name: 'Novo', description: 'Um branco novo.' });
    t.app.publicPages.invalidateAll();
    expect((await get(page, { 'accept-language': 'en' })).body).toContain('<html lang="pt-BR">');
    const status = (await t.call(team.sommelier, 'GET', `/api/wine-menus/${menuId}/languages`)).json();
    expect(status.languages.find((l: { lang: string }) => l.lang === 'en').summary).toBe('EN: 2 de 3 descrições');
  });
});

describe('the offline copy', () => {
  it('serves the worker with the offline notice of every language', async () => {
    const res = await get('/sw.js');
    expect(res.body).toContain('Offline · wine list as of {time}');
    expect(res.body).toContain('Sin conexión · carta de las {time}');
    expect(res.body).toContain('Sem conexão · carta de {time}');
  });
});
