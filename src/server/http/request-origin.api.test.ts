import { describe, expect, it } from 'vitest';
import { createEstablishmentRow, createMenuRow } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { INVALID_HOST } from './request-origin.js';

const t = testAppPerFile({ publicBaseUrl: undefined });
const admin = testUserPerFile(t, 'admin');

const qr = (menuId: string, host: string, suffix = 'qr-code') =>
  t.as(admin.token, { method: 'GET', url: `/api/wine-menus/${menuId}/${suffix}`, headers: { host } });

describe('QR codes without PUBLIC_BASE_URL', () => {
  it('refuse a Host header that is not a plain host[:port], with a pt-BR 400, instead of printing it', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    for (const host of ['evil.example/phish?', 'user@evil.example', 'evil.example:99999']) {
      for (const suffix of ['qr-code', 'qr-code.svg']) {
        const res = await qr(menu.id, host, suffix);
        expect(res.statusCode, `${host} ${suffix}`).toBe(400);
        expect(res.json()).toEqual({ detail: INVALID_HOST, code: 'invalid_host' });
        expect(res.body).not.toContain('evil');
      }
    }
  });

  it('point at a valid host and port the request came to', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    const res = await qr(menu.id, 'Cartas.Exemplo.com.br:8443');
    expect(res.statusCode).toBe(200);
    expect(res.json().menu_url).toBe(`http://cartas.exemplo.com.br:8443/${est.slug}/${menu.slug}`);
  });
});
