import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEstablishmentRow, createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

async function menuFor(app: TestApp, user: TestUser, establishmentName: string, menuName: string) {
  const est = await createEstablishmentRow(app.db, { name: establishmentName, slug: `casa-${randomUUID().slice(0, 8)}` });
  const res = await app.call(user, 'POST', '/api/wine-menus', { name: menuName, establishment_id: est.id });
  expect(res.statusCode).toBe(201);
  return { est, menu: res.json() as { id: string; slug: string } };
}

describe('print-ready QR code', () => {
  it('names the download after the establishment and the menu', async () => {
    const { est, menu } = await menuFor(t, admin, 'Bistrô & Cia', 'Carta de Inverno');
    const res = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/qr-code`);
    expect(res.statusCode).toBe(200);
    expect(res.json().file_name).toBe(`${est.slug}-carta-de-inverno-qr-code`);
    expect(res.json()).toMatchObject({ local_address: false, base_url_source: 'config' });
  });

  it('SVG carries the establishment and menu names, escaped, under the code', async () => {
    const { menu } = await menuFor(t, admin, 'Bistrô <Vinho> & Cia', 'Carta "Noite"');
    const res = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/qr-code.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>Bistrô &lt;Vinho&gt; &amp; Cia</text>');
    expect(res.body).toContain('>Carta &quot;Noite&quot;</text>');
    expect(res.body).not.toContain('<Vinho>');
    const size = await sharp(Buffer.from(res.body)).metadata();
    expect(size.height).toBeGreaterThan(size.width ?? 0);
  });

  it('PNG is the same card, taller than wide and large enough to print', async () => {
    const { est, menu } = await menuFor(t, admin, 'Casa do Porto', 'Carta de Vinhos');
    const res = await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/qr-code.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${est.slug}-carta-de-vinhos-qr-code.png"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThanOrEqual(1000);
    expect(meta.height).toBeGreaterThan(meta.width ?? 0);
  });
});

describe('QR code on a local address', () => {
  it('says the address is local and comes from the request when PUBLIC_BASE_URL is unset', async () => {
    const app = await createTestApp({ publicBaseUrl: undefined });
    try {
      const user = await createUser(app.db, 'admin');
      const { menu } = await menuFor(app, user, 'Casa Local', 'Carta');
      const local = await app.as(user.token, {
        method: 'GET',
        url: `/api/wine-menus/${menu.id}/qr-code`,
        headers: { host: '127.0.0.1:3000' },
      });
      expect(local.json()).toMatchObject({ local_address: true, base_url_source: 'request' });
      expect(local.json().menu_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
      const lan = await app.as(user.token, {
        method: 'GET',
        url: `/api/wine-menus/${menu.id}/qr-code`,
        headers: { host: '192.168.1.20:3000' },
      });
      expect(lan.json().local_address).toBe(true);
      const pub = await app.as(user.token, {
        method: 'GET',
        url: `/api/wine-menus/${menu.id}/qr-code`,
        headers: { host: 'carta.exemplo.com.br' },
      });
      expect(pub.json()).toMatchObject({ local_address: false, base_url_source: 'request' });
    } finally {
      await app.close();
    }
  });
});
