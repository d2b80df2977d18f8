import { describe, expect, it } from 'vitest';
import { createMenuRow, createTeam } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { decodeQr } from '../../test-support/qr-decode.js';
import { SHEET_GRID } from './table-qr-sheet.js';

// Issue 28: "QR para turistas" — a code and a table sheet that open the menu in English, written in English.
const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

/** A menu with one described wine, English offered: complete (name and description reviewed) or not. */
async function menuWithEnglish(complete: boolean) {
  const team = await createTeam(t.db, { name: 'Bistrô do Porto' });
  const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta da Casa' });
  const wine = await t.call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, {
    name: 'Malbec Reserva',
    price: 189,
    category: 'Vinhos Tintos Encorpados',
    description: 'Fruta negra e taninos macios.',
  });
  expect(wine.statusCode, wine.body).toBe(201);
  expect((await t.call(team.manager, 'PUT', `/api/wine-menus/${menu.id}/languages`, { offered: ['en'] })).statusCode).toBe(200);
  const texts = [{ kind: 'menu_name', ref: '', text: 'House wines' }];
  if (complete) texts.push({ kind: 'wine_description', ref: wine.json().id, text: 'Black fruit and soft tannins.' });
  const saved = await t.call(team.manager, 'PUT', `/api/wine-menus/${menu.id}/translations/en`, { texts });
  expect(saved.statusCode, saved.body).toBe(200);
  return { team, menu, url: `${t.config.publicBaseUrl}/${team.own.slug}/${menu.slug}` };
}

describe('QR codes for tourists (?lang=)', () => {
  it('refuses a language guests cannot read on the menu yet, in pt-BR, and one Adega does not offer', async () => {
    const { team, menu } = await menuWithEnglish(false);
    for (const path of ['qr-code', 'qr-code.svg', 'qr-code.png', 'table-qr-codes.pdf?tables=2&']) {
      const sep = path.endsWith('&') ? '' : '?';
      const res = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/${path}${sep}lang=en`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().detail, path).toBe(
        'Inglês ainda não aparece para os clientes desta carta: ofereça o idioma e complete as traduções em Idiomas.',
      );
    }
    expect((await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code?lang=es`)).statusCode).toBe(400);
    expect((await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code?lang=fr`)).statusCode).toBe(400);
    // pt-BR is always there.
    expect((await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code`)).statusCode).toBe(200);
  });

  it('opens the menu in English, and the card and the table sheets are written in English', async () => {
    const { team, menu, url } = await menuWithEnglish(true);
    const qr = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code?lang=en`);
    expect(qr.statusCode, qr.body).toBe(200);
    expect(qr.json()).toMatchObject({ menu_url: `${url}?lang=en`, file_name: `${team.own.slug}-${menu.slug}-qr-code-en` });
    expect(await decodeQr(Buffer.from(qr.json().qr_code, 'base64'))).toBe(`${url}?lang=en`);

    const card = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code.svg?lang=en`);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-disposition']).toContain(`${team.own.slug}-${menu.slug}-qr-code-en.svg`);
    expect(card.body).toContain('>House wines</text>');
    expect(card.body).toContain('Point your phone’s camera here to open the wine list');
    expect(card.body).not.toContain('Carta da Casa');

    const svg = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.svg?tables=2&lang=en`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-disposition']).toContain(`-qr-mesas-1-a-2-en.svg`);
    expect(svg.body).toContain('>Table 2</text>');
    expect(svg.body).not.toContain('Mesa');
    const second = { left: SHEET_GRID.cardWidth * 2, top: 0, width: SHEET_GRID.cardWidth * 2, height: SHEET_GRID.cardHeight * 2 };
    expect(await decodeQr(Buffer.from(svg.body), second)).toBe(`${url}?mesa=2&lang=en`);

    const pdf = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.pdf?tables=2&lang=en`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Table 1');
    expect(text).toContain('House wines');
    expect(text).not.toContain('Mesa');

    // The pt-BR sheet is as it was.
    const portuguese = await t.call(team.sommelier, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.svg?tables=1`);
    expect(portuguese.body).toContain('>Mesa 1</text>');
    expect(portuguese.body).toContain('>Carta da Casa</text>');
  });

  it('keeps a QR code of a menu to those who may read the menu, in every language', async () => {
    const { team, menu } = await menuWithEnglish(true);
    const outsider = await createTeam(t.db);
    for (const query of ['', '?lang=en']) {
      for (const who of [outsider.manager, team.supplier]) {
        const res = await t.call(who, 'GET', `/api/wine-menus/${menu.id}/qr-code${query}`);
        expect(res.statusCode, `${who.role} ${query}`).toBe(404);
        expect(res.body).not.toContain('House wines');
      }
    }
  });
});
