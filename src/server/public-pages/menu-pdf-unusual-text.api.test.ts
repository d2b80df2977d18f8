/**
 * Issue 27: a zero-width space in a producer answered 500 for the whole menu PDF (the font library's "Offset is
 * outside the bounds of the DataView"). Every field now carries the invisible and unusual characters people paste.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cellarItems } from '../db/schema/index.js';
import { createMenuRow, createTeam } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { pdfText } from '../test-support/pdf-text.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

/** Zero-width space, non-joiner, joiner, LRM, RLM, line separator, BOM, an emoji with a flag, CJK, Arabic. */
const ODD = '\u200B\u200C\u200D\u200E\u200F\u2028\uFEFF🍷🇧🇷葡萄酒نبيذ';
/** "Tinto" after a right-to-left override: printed as typed, never "otniT", and nothing after it turned round. */
const OVERRIDE = '\u202ETinto';
/** Characters a reader must never get back from the PDF. */
const INVISIBLE = /[\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFD]/u;
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function oddMenu() {
  const team = await createTeam(t.db, { name: `Bistrô${ODD} Ímpar` });
  const menu = await createMenuRow(t.db, team.own.id, {
    name: `Carta${ODD} ${OVERRIDE} da Casa`,
    description: `Selec\u0327a\u0303o${ODD} do dia`,
  });
  const add = async (body: object) => {
    const res = await t.call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, {
      price: 149.9,
      category: 'Vinhos Tintos Médios',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const cellar = async (onHand: number) =>
    (
      await t.db
        .insert(cellarItems)
        .values({ establishmentId: team.own.id, name: `Adega ${randomUUID().slice(0, 6)}`, onHand })
        .returning()
    )[0]?.id;
  await add({
    name: `Malbec${ODD} ${OVERRIDE} Reserva`,
    producer: `Bodega\u200BNorte${ODD}`,
    region: `Mendoza${ODD} Ő`,
    country: `Argentina${ODD}`,
    grape_variety: `Malbec\u200B${ODD}`,
    volume: '750ml',
  });
  // Without a producer the grape is printed in its place.
  await add({ name: `Douro${ODD} Tinto`, grape_variety: `Touriga\u200BNacional${ODD}`, country: `Portugal${ODD}` });
  await add({ name: 'Barolo Riserva', price: 720, cellar_item_id: await cellar(0) });
  await add({ name: 'Amarone Derradeiro', price: 610, cellar_item_id: await cellar(1) });
  const url = `/${team.own.slug}/${menu.slug}.pdf`;
  return { team, menu, url };
}

describe('the menu PDF with invisible and unusual characters in every field', () => {
  it('answers 200 and prints every field without them, and a bidi override turns nothing round', async () => {
    const { url } = await oddMenu();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).not.toMatch(INVISIBLE);
    const line = flat(text);
    expect(line).toContain('Bistrô Ímpar');
    expect(line).toContain('Carta Tinto da Casa');
    expect(line).toContain('Seleção do dia');
    expect(line).toContain('Malbec Tinto Reserva');
    // Each name cleaned on its own; a letter the fonts lack keeps its base ("Ő" -> "O").
    expect(line).toContain('BodegaNorte · Mendoza O · 750 ml');
    expect(line).toContain('Portugal · TourigaNacional');
    expect(line).not.toContain('otniT');
  });

  it('says "Esgotado" under a sold-out wine\'s price and "Última garrafa" under the last bottle\'s', async () => {
    const { url } = await oddMenu();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const lines = pdfText(res.rawPayload, { layout: true }).split('\n');
    /** The printed line that starts with this wine, and the one under it. */
    const rowOf = (name: string) => {
      const at = lines.findIndex((l) => l.trim().startsWith(name));
      return [lines[at] ?? '', lines[at + 1] ?? ''];
    };
    const [soldOut, underSoldOut] = rowOf('Barolo Riserva');
    expect(soldOut).toMatch(/R\$ 720,00$/);
    expect(underSoldOut).toMatch(/\s{2}Esgotado$/);
    const [last, underLast] = rowOf('Amarone Derradeiro');
    expect(last).toMatch(/R\$ 610,00$/);
    expect(underLast).toMatch(/\s{2}Última garrafa$/);
    // The details line carries origin and size only: the stock word is said once, under the price.
    expect(underSoldOut).not.toMatch(/·.*Esgotado/);
  });
});

describe('the QR sheets with the same characters in the establishment and menu names', () => {
  it('the per-table PDF answers 200 and prints the names without them', async () => {
    const { menu } = await oddMenu();
    const res = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.pdf?tables=2`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).not.toMatch(INVISIBLE);
    expect(flat(text)).toContain('Bistrô Ímpar');
    expect(flat(text)).toContain('Mesa 2');
  });

  it.each(['svg', 'png'])('the per-table %s and the printable card drop the override and the invisible characters', async (format) => {
    const { menu } = await oddMenu();
    const res = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/table-qr-codes.${format}?tables=2`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    if (format === 'svg') {
      expect(res.body).not.toMatch(INVISIBLE);
      expect(res.body).toContain('>Carta 🍷🇧🇷葡萄酒نبيذ Tinto da Casa</text>');
    }
    const card = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/qr-code.svg`);
    expect(card.statusCode).toBe(200);
    expect(card.body).not.toMatch(INVISIBLE);
  });
});
