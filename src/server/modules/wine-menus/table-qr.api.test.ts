import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMenuRow, createTeam } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { pdfPageCount, pdfText } from '../../test-support/pdf-text.js';
import { decodeQr } from '../../test-support/qr-decode.js';
import { SHEET_GRID } from './table-qr-sheet.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

async function teamMenu() {
  const team = await createTeam(t.db, { name: 'Bistrô São Jorge' });
  const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta de Inverno' });
  const menuUrl = `${t.config.publicBaseUrl}/${team.own.slug}/${menu.slug}`;
  return { ...team, menu, menuUrl };
}
const sheet = (user: { token: string }, menuId: string, format: string, tables: string | number) =>
  t.call(user, 'GET', `/api/wine-menus/${menuId}/table-qr-codes.${format}?tables=${tables}`);

/** The card of table n in the PNG/SVG grid (its QR code with a little white around it). */
function cardRegion(n: number, scale = 1) {
  const { columns, cardWidth, cardHeight } = SHEET_GRID;
  return {
    left: Math.round(((n - 1) % columns) * cardWidth * scale),
    top: Math.round(Math.floor((n - 1) / columns) * cardHeight * scale),
    width: Math.round(cardWidth * scale),
    height: Math.round(cardHeight * scale),
  };
}

describe('QR codes per table', () => {
  it('PNG: a grid of N cards, each code opening the menu with ?mesa=N', async () => {
    const { menu, menuUrl, own } = await teamMenu();
    const res = await sheet(admin, menu.id, 'png', 7);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${own.slug}-${menu.slug}-qr-mesas-1-a-7.png"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(SHEET_GRID.columns * SHEET_GRID.cardWidth);
    expect(meta.height).toBe(2 * SHEET_GRID.cardHeight);
    for (const n of [1, 4, 5, 7]) expect(await decodeQr(res.rawPayload, cardRegion(n))).toBe(`${menuUrl}?mesa=${n}`);
  });

  it('SVG: the same grid, with establishment, menu and table under each code, names escaped', async () => {
    const team = await createTeam(t.db, { name: 'Casa <Vinho> & Cia' });
    const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta "Noite"' });
    const res = await sheet(team.sommelier, menu.id, 'svg', 3);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('>Mesa 3</text>');
    expect(res.body).not.toContain('Mesa 4');
    expect(res.body).toContain('>Casa &lt;Vinho&gt; &amp; Cia</text>');
    expect(res.body).toContain('>Carta &quot;Noite&quot;</text>');
    const meta = await sharp(Buffer.from(res.body)).metadata();
    expect(meta.width).toBe(SHEET_GRID.columns * SHEET_GRID.cardWidth);
    expect(meta.height).toBe(SHEET_GRID.cardHeight);
    const url = `${t.config.publicBaseUrl}/${team.own.slug}/${menu.slug}`;
    // decodeQr renders SVG at 144 dpi, twice librsvg's 72: two pixels per unit.
    expect(await decodeQr(Buffer.from(res.body), cardRegion(2, 2))).toBe(`${url}?mesa=2`);
  });

  it('PDF: A4 pages of 12 cards that read back with the table, establishment and menu', async () => {
    const { menu, manager } = await teamMenu();
    const res = await sheet(manager, menu.id, 'pdf', 13);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(res.rawPayload)).toBe(2);
    const text = pdfText(res.rawPayload);
    for (let n = 1; n <= 13; n++) expect(text).toMatch(new RegExp(`Mesa ${n}\\b`));
    expect(text).not.toContain('Mesa 14');
    expect(text.match(/Bistrô São Jorge/g)).toHaveLength(13);
    expect(text.match(/Carta de Inverno/g)).toHaveLength(13);

    const full = await sheet(manager, menu.id, 'pdf', 200);
    expect(full.statusCode).toBe(200);
    expect(pdfPageCount(full.rawPayload)).toBe(17);
    expect(pdfText(full.rawPayload)).toContain('Mesa 200');
  });

  it('refuses a number of tables outside 1..200 with a pt-BR message', async () => {
    const { menu } = await teamMenu();
    for (const tables of [0, 201, -3, 2.5, 'abc', '']) {
      const res = await sheet(admin, menu.id, 'pdf', tables);
      expect(res.statusCode, String(tables)).toBe(400);
      expect(res.json().fields).toEqual({ tables: 'Informe um número de mesas entre 1 e 200.' });
      expect(res.json().detail).toContain('Informe um número de mesas entre 1 e 200.');
    }
    const missing = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.png`);
    expect(missing.statusCode).toBe(400);
  });

  it('is scoped like the menu: 404 for a sommelier of another establishment and for a supplier', async () => {
    const { menu } = await teamMenu();
    const stranger = await createTeam(t.db);
    for (const user of [stranger.sommelier, stranger.manager, stranger.supplier]) {
      expect((await sheet(user, menu.id, 'pdf', 2)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/wine-menus/${menu.id}/table-qr-codes.pdf?tables=2` })).statusCode).toBe(401);
  });
});
