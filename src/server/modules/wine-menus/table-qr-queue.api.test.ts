/**
 * Issue 27: per-table QR sheets were drawn on the thread that answers requests (200 tables: 4-11 s; /api/health once
 * waited 28 s beside three of them), drawn again at every ask, and without a limit. Timings are the bench's
 * (bench/table-qr-sheets.mjs); here, what must hold whatever the machine's speed.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMenuRow, createTeam, createUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { TABLE_SHEETS_PER_MINUTE, TOO_MANY_TABLE_SHEETS } from './routes.js';
import { tableSheetsBuilt } from './table-qr-builder.js';

// A 200-table sheet is seconds of work on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const sheet = (user: { token: string }, menuId: string, format: string, tables: number) =>
  t.call(user, 'GET', `/api/wine-menus/${menuId}/table-qr-codes.${format}?tables=${tables}`);

describe('per-table QR sheets: drawn once, in their turn, within a limit', () => {
  it('a sheet asked for again is the same bytes, not drawn again; renaming the menu draws it anew', async () => {
    const team = await createTeam(t.db, { name: 'Bistrô da Fila' });
    const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta de Primavera' });
    const user = await createUser(t.db, 'admin');
    const before = tableSheetsBuilt();
    const first = await sheet(user, menu.id, 'pdf', 5);
    expect(first.statusCode).toBe(200);
    expect(tableSheetsBuilt()).toBe(before + 1);
    const again = await sheet(user, menu.id, 'pdf', 5);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(tableSheetsBuilt()).toBe(before + 1);

    // Another format or table count is another sheet.
    expect((await sheet(user, menu.id, 'svg', 5)).statusCode).toBe(200);
    expect(tableSheetsBuilt()).toBe(before + 2);

    const renamed = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}`, { name: 'Carta de Verão', establishment_id: team.own.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fresh = await sheet(user, menu.id, 'pdf', 5);
    expect(fresh.statusCode).toBe(200);
    expect(tableSheetsBuilt()).toBe(before + 3);
    const text = pdfText(fresh.rawPayload);
    expect(text).toContain('Carta de Verão');
    expect(text).not.toContain('Carta de Primavera');
  });

  it(`allows each user ${TABLE_SHEETS_PER_MINUTE} sheets a minute, then a pt-BR 429 with Retry-After; others keep theirs`, async () => {
    const team = await createTeam(t.db);
    const menu = await createMenuRow(t.db, team.own.id);
    const busy = await createUser(t.db, 'admin');
    for (let i = 0; i < TABLE_SHEETS_PER_MINUTE; i++) expect((await sheet(busy, menu.id, 'svg', 2)).statusCode).toBe(200);
    const refused = await sheet(busy, menu.id, 'svg', 2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_TABLE_SHEETS, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sheet(await createUser(t.db, 'admin'), menu.id, 'svg', 2)).statusCode).toBe(200);
  });

  it('/api/health answers while a 200-table sheet is being drawn', async () => {
    const team = await createTeam(t.db, { name: 'Restaurante das Duzentas Mesas' });
    const menu = await createMenuRow(t.db, team.own.id, { name: 'Carta Grande' });
    let sheetDone = false;
    const big = sheet(admin, menu.id, 'pdf', 200).then((res) => {
      sheetDone = true;
      return res;
    });
    // A request sent after the sheet's: by its answer the sheet has read its menu and is being drawn.
    expect((await t.call(admin, 'GET', `/api/wine-menus/${menu.id}`)).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(sheetDone).toBe(false);
    const res = await big;
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Mesa 200');
  });
});
