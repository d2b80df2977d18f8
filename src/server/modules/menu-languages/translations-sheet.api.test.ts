/**
 * Issue 28: a menu's translations handed to a translator as a spreadsheet and read back through the product import's
 * reader: the export's columns and texts, the import's reviewed texts, drafts kept as drafts, refusals that save nothing.
 */
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, menuTranslations } from '../../db/schema/index.js';
import { createMenuRow, createMenuWineRow, createTeam, createUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { multipartBody } from '../../test-support/multipart.js';

const t = testAppPerFile();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Team = Awaited<ReturnType<typeof createTeam>>;
let team: Team;
let menuId: string;
let page: string;
let wines: { malbec: string; rose: string };

beforeAll(async () => {
  team = await createTeam(t.db);
  const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta da Casa' });
  menuId = menu.id;
  page = `/${team.own.slug}/${menu.slug}`;
  const malbec = await createMenuWineRow(t.db, menu.id, {
    position: 0,
    name: 'Catena Malbec',
    description: 'Fruta negra madura e taninos macios.',
    country: 'Argentina',
    wineStyle: 'Tinto',
    category: 'Vinhos Tintos Encorpados',
    price: 189,
  });
  // A description a spreadsheet would run as a formula: the export makes it inert.
  const rose = await createMenuWineRow(t.db, menu.id, {
    position: 1,
    name: 'Miraval',
    description: '=HYPERLINK("http://exemplo.invalid","rosé")',
    category: 'Da adega do chef',
    price: 260,
  });
  wines = { malbec: malbec.id, rose: rose.id };
});

const exported = async (user: { token: string } = team.sommelier) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/wine-menus/${menuId}/translations.xlsx`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  return res;
};
const rowsOf = (bytes: Buffer) => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets['Traduções']!, { header: 1, defval: '', raw: false });
};
const toXlsx = (rows: string[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Traduções');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};
const imported = (bytes: Buffer, user: { token: string } = team.sommelier, name = 'traducoes.xlsx', type = XLSX_TYPE) => {
  const form = multipartBody('file', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/wine-menus/${menuId}/translations/import`,
    headers: { authorization: `Bearer ${user.token}`, ...form.headers },
    payload: form.payload,
  });
};
const stored = () => t.db.select().from(menuTranslations).where(eq(menuTranslations.menuId, menuId));

describe('the translations spreadsheet', () => {
  it('exports one row per text with its pt-BR original and a column per language, formulas made inert', async () => {
    const res = await exported();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('traducoes-');
    const rows = rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(['Tipo', 'Referência', 'Item', 'Português (original)', 'Inglês (en)', 'Espanhol (es)']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Nome da carta', '', 'Carta da Casa'],
      ['Descrição do vinho', wines.malbec, 'Catena Malbec'],
      ['Descrição do vinho', wines.rose, 'Miraval'],
      ['Categoria', 'Da adega do chef', 'Da adega do chef'],
    ]);
    expect(rows[3]?.[3]).toBe(`'=HYPERLINK("http://exemplo.invalid","rosé")`);
  });

  it('imports what the translator typed as reviewed, in one go: English complete, the guest reads it', async () => {
    expect((await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/languages`, { offered: ['en', 'es'] })).statusCode).toBe(200);
    const rows = rowsOf((await exported()).rawPayload);
    const english = ['House List', 'Ripe black fruit and soft tannins.', 'A rosé from Provence.', 'From the chef’s cellar'];
    rows.slice(1).forEach((row, i) => {
      row[4] = english[i] ?? '';
    });
    // Spanish only for the menu's name: saved, and Spanish stays incomplete.
    rows[1]![5] = 'Carta de la casa';
    const res = await imported(toXlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(5);
    expect(body.languages).toEqual([
      expect.objectContaining({ lang: 'en', complete: true, done: 4, drafts: 0 }),
      expect.objectContaining({ lang: 'es', complete: false, done: 1 }),
    ]);
    const saved = await stored();
    expect(saved.filter((r) => r.lang === 'en').every((r) => !r.draft)).toBe(true);
    expect(saved.find((r) => r.ref === wines.malbec && r.lang === 'en')?.text).toBe('Ripe black fruit and soft tannins.');
    const html = (await t.app.inject({ method: 'GET', url: `${page}?lang=en` })).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('House List');
    expect(html).toContain('Ripe black fruit and soft tannins.');
  });

  it('answers 200 with no new entry to the same texts sent again, or to drafts asked for when none is missing', async () => {
    const entries = async () => (await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, menuId))).length;
    const before = await entries();
    const again = await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/translations/en`, {
      texts: [{ kind: 'menu_name', ref: '', text: 'House List' }],
    });
    expect(again.statusCode).toBe(200);
    expect((await t.call(team.sommelier, 'POST', `/api/wine-menus/${menuId}/translations/en/drafts`, {})).statusCode).toBe(200);
    expect(await entries()).toBe(before);
  });

  it('keeps a draft the translator left as it was a draft, and reads back the apostrophe of an inert formula', async () => {
    await t.call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/translations/es`, {
      texts: [{ kind: 'wine_description', ref: wines.malbec, text: 'Tinto de Argentina.', draft: true }],
    });
    const rows = rowsOf((await exported()).rawPayload);
    expect(rows[2]?.[5]).toBe('Tinto de Argentina.');
    rows[3]![5] = `'=SUMA(1;2)`;
    const res = await imported(toXlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    const saved = await stored();
    expect(saved.find((r) => r.ref === wines.malbec && r.lang === 'es')).toMatchObject({ text: 'Tinto de Argentina.', draft: true });
    expect(saved.find((r) => r.ref === wines.rose && r.lang === 'es')).toMatchObject({ text: '=SUMA(1;2)', draft: false });
  });

  it('refuses a sheet with lines it cannot use and saves nothing of it, saying which lines', async () => {
    const before = await stored();
    const rows = rowsOf((await exported()).rawPayload);
    rows[1]![4] = 'The Whole New Name';
    rows[2]![0] = 'Uva';
    rows[3]![1] = '00000000-0000-4000-8000-000000000000';
    const res = await imported(toXlsx(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Linha 3: tipo "Uva" desconhecido. Linha 4: este texto não é da carta (vinho ou categoria removidos?). Exporte a planilha de novo. Nada foi importado.',
    );
    expect(await stored()).toEqual(before);

    const noColumns = await imported(
      toXlsx([
        ['Nome', 'Texto'],
        ['a', 'b'],
      ]),
    );
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().detail).toContain('A planilha precisa das colunas "Tipo", "Referência"');
    const notASheet = await imported(Buffer.from('isto não é uma planilha \u0000\u0001\u0002'), team.sommelier, 'x.xlsx');
    expect(notASheet.statusCode).toBe(415);
    expect(notASheet.json().detail).toBe('Formato de arquivo não suportado. Envie uma planilha .xlsx, .xls ou .csv.');
    const headerOnly = await imported(toXlsx([['Tipo', 'Referência', 'Inglês (en)']]));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().detail).toBe('A planilha não tem textos abaixo do cabeçalho.');
    expect(await stored()).toEqual(before);
  });

  it('is for those who may see (export) and edit (import) the menu: others get 404, a supplier 403, nobody signed in 401', async () => {
    const stranger = await createUser(t.db, 'sommelier', { establishmentIds: [team.other.id] });
    expect((await exported(stranger)).statusCode).toBe(404);
    expect((await exported(team.supplier)).statusCode).toBe(404);
    const sheet = (await exported()).rawPayload;
    expect((await imported(sheet, stranger)).statusCode).toBe(404);
    expect((await imported(sheet, team.supplier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/wine-menus/${menuId}/translations.xlsx` })).statusCode).toBe(401);
  });
});
