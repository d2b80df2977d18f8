import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEstablishmentRow, createMenuRow, DEFAULT_PASSWORD } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { multipartBody } from '../test-support/multipart.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const sommelier = testUserPerFile(t, 'sommelier');

describe('Cache-Control: no-store', () => {
  it('is on every authenticated /api answer, successes and errors alike', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    const answers = [
      await t.call(admin, 'GET', '/api/auth/me'),
      await t.call(admin, 'GET', '/api/users'),
      await t.call(admin, 'GET', '/api/establishments'),
      await t.call(admin, 'GET', `/api/wine-menus/${menu.id}`),
      await t.call(admin, 'GET', `/api/wine-menus/${menu.id}/qr-code.svg`),
      await t.call(admin, 'POST', '/api/wine-menus', { name: '' }),
      await t.call(sommelier, 'GET', '/api/users'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 400, 403]);
    for (const res of answers) expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store');
  });

  it('is on the login answer, with or without a token in it', async () => {
    for (const password of [DEFAULT_PASSWORD, 'errada-123']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password } });
      expect(res.statusCode).toBe(password === DEFAULT_PASSWORD ? 200 : 401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not on public pages or uploaded files, which keep their caching even when a token is sent', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    const page = await t.as(admin.token, { method: 'GET', url: `/${est.slug}/${menu.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toContain('no-store');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const upload = await t.as(admin.token, {
      method: 'POST',
      url: '/api/upload-image',
      ...multipartBody('file', 'a.png', 'image/png', png),
    });
    expect(upload.headers['cache-control']).toBe('no-store');
    const file = await t.as(admin.token, { method: 'GET', url: upload.json().image_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('immutable');
  });
});
