import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isUploadsPath } from '../../../shared/field-rules.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { pngHeaderOf } from '../../test-support/images.js';
import { multipartBody } from '../../test-support/multipart.js';
import { IMAGE_TOO_MANY_PIXELS } from './image-normalizer.js';
import { IMAGE_QUEUE_FULL } from './image-queue.js';
import { TOO_MANY_UPLOADS, UPLOADS_PER_MINUTE } from './routes.js';

const t = testAppPerFile();
const user = testUserPerFile(t, 'sommelier');

const uploadAs = (who: TestUser, bytes: Buffer, filename = 'foto.png', type = 'image/png', field = 'file') =>
  t.as(who.token, { method: 'POST', url: '/api/upload-image', ...multipartBody(field, filename, type, bytes) });
const upload = (bytes: Buffer, filename = 'foto.png', type = 'image/png', field = 'file') => uploadAs(user, bytes, filename, type, field);
const uploadedFiles = () => {
  const dir = path.join(t.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/upload-image', () => {
  it('stores a PNG under an unguessable name and serves it with long cache headers', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a1f35' } })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.statusCode).toBe(201);
    const { image_url } = res.json();
    expect(image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
  });

  it('names files so the forms accept them as image URLs', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const own = await createUser(t.db, 'sommelier');
    for (let i = 0; i < 20; i++) {
      const { image_url } = (await uploadAs(own, png)).json();
      expect(isUploadsPath(image_url), image_url).toBe(true);
    }
  });

  it('detects the type by content, not by name, and strips metadata', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'segredo', Artist: 'Fulano' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'disfarcado.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.json().image_url).toMatch(/\.jpg$/);
    const stored = await t.app.inject({ method: 'GET', url: res.json().image_url });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('accepts WebP and shrinks huge images', async () => {
    const webp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#333' } })
      .webp()
      .toBuffer();
    const res = await upload(webp, 'x.webp', 'image/webp');
    expect(res.statusCode).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: res.json().image_url });
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(2000);
  });

  it('refuses anything that is not an image with 415 and stores nothing', async () => {
    const before = uploadedFiles().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name, type] of [
      [Buffer.from('isto não é uma imagem'), 'foto.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('GIF89a......'), 'a.gif', 'image/gif'],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toBe('Formato de imagem não suportado. Envie JPEG, PNG ou WebP.');
    }
    expect(uploadedFiles().length).toBe(before);
  });

  it('refuses a truncated image with 415', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await upload(png.subarray(0, Math.floor(png.length / 2)));
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/Imagem inválida ou corrompida/);
  });

  it('refuses files over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('Imagem grande demais. Tamanho máximo: 5 MB.');
  });

  it('requires the field "file", multipart, and a token', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'a.png', 'image/png', 'imagem')).statusCode).toBe(400);
    const json = await t.as(user.token, { method: 'POST', url: '/api/upload-image', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/upload-image', ...multipartBody('file', 'a.png', 'image/png', png) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an image over 25 megapixels before decoding it, with a pt-BR 413', async () => {
    const huge = await sharp({ create: { width: 5100, height: 5000, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const res = await uploadAs(await createUser(t.db, 'sommelier'), huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: IMAGE_TOO_MANY_PIXELS, code: 'too_many_pixels' });
  });

  it("refuses a 50,000 x 50,000 header (past sharp's own limit) with the same 413, and stores nothing", async () => {
    const before = uploadedFiles();
    const res = await uploadAs(await createUser(t.db, 'sommelier'), pngHeaderOf(50_000, 50_000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: IMAGE_TOO_MANY_PIXELS, code: 'too_many_pixels' });
    expect(uploadedFiles()).toEqual(before);
  });

  it('limits each user to 30 uploads a minute with a pt-BR 429, without touching other users', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const busy = await createUser(t.db, 'sommelier');
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) expect((await uploadAs(busy, png)).statusCode).toBe(201);
    const refused = await uploadAs(busy, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_UPLOADS, code: 'too_many_uploads' });
    expect((await uploadAs(await createUser(t.db, 'sommelier'), png)).statusCode).toBe(201);
  });

  it('decodes only a few images at once: a burst past the queue gets a pt-BR 503, the others succeed', async () => {
    const noise = await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db, 'sommelier')));
    const answers = await Promise.all(users.map((u) => uploadAs(u, noise)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(6);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.json().detail).toBe(IMAGE_QUEUE_FULL);
  });
});
