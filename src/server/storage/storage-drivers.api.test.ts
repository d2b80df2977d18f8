import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, establishments, onboardingProcesses, productImports } from '../db/schema/index.js';
import { removeOrphanedUploads } from '../modules/uploads/orphan-cleanup.js';
import { createCatalogWineRow, createUser, onboardingFormValues, type TestUser, uniqueEmail } from '../test-support/factories.js';
import { sampleFile, uploadFile } from '../test-support/import-files.js';
import { multipartBody } from '../test-support/multipart.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { uploadsDirectory } from './storage.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const STORAGE_DOWN = { detail: 'Armazenamento de arquivos indisponível. Tente novamente em instantes.', code: 'storage_unavailable' };

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const pngImage = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 120, g: Math.floor(Math.random() * 255), b: 40 } } })
    .png()
    .toBuffer();

/** Where a driver keeps an object: the bucket's folder in s3rver, or DATA_DIR. */
type Driver = { name: 'local' | 's3'; stored(t: TestApp, kind: 'uploads' | 'private', key: string): boolean };
const drivers: Driver[] = [
  { name: 'local', stored: (t, kind, key) => existsSync(path.join(t.config.dataDir, kind, key)) },
  // s3rver keeps each object as <key>._S3rver_object in the bucket's folder.
  { name: 's3', stored: (_t, kind, key) => existsSync(path.join(s3.directory, s3.settings.bucket, kind, `${key}._S3rver_object`)) },
];

describe.each(drivers)('files on the $name driver', (driver) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(driver.name === 's3' ? { s3: s3.settings } : {});
    admin = await createUser(t.db, 'admin');
  });
  afterAll(() => t.close());

  const uploadImage = async (bytes: Buffer) =>
    t.as(admin.token, { method: 'POST', url: '/api/upload-image', ...multipartBody('file', 'garrafa.png', 'image/png', bytes) });

  it('an uploaded image is stored and served under its /uploads URL with the caching headers', async () => {
    const res = await uploadImage(await pngImage());
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().image_url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(driver.stored(t, 'uploads', path.basename(url))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('reads, replaces and deletes private files by key', async () => {
    await t.app.storage.private.put('imports/teste/planilha.csv', Buffer.from('primeira'));
    expect(driver.stored(t, 'private', 'imports/teste/planilha.csv')).toBe(true);
    await t.app.storage.private.put('imports/teste/planilha.csv', Buffer.from('segunda'));
    expect((await t.app.storage.private.read('imports/teste/planilha.csv'))?.toString()).toBe('segunda');
    await t.app.storage.private.delete('imports/teste/planilha.csv');
    expect(await t.app.storage.private.read('imports/teste/planilha.csv')).toBeUndefined();
    expect(driver.stored(t, 'private', 'imports/teste/planilha.csv')).toBe(false);
  });

  it('a missing object is a 404 in pt-BR, undefined to the code, and deleting it is not an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Arquivo não encontrado.', code: 'not_found' });
    expect(await t.app.storage.public.read('/uploads/nao-existe.webp')).toBeUndefined();
    expect(await t.app.storage.private.read('imports/nao-existe.xlsx')).toBeUndefined();
    await expect(t.app.storage.public.delete('/uploads/nao-existe.webp')).resolves.toBeUndefined();
    await expect(t.app.storage.private.delete('imports/nao-existe.xlsx')).resolves.toBeUndefined();
  });

  it('a deleted image is no longer served', async () => {
    const url: string = (await uploadImage(await pngImage())).json().image_url;
    await t.app.storage.public.delete(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.storage.public.list()).map((file) => file.url)).not.toContain(url);
  });

  it('the orphan clean-up deletes the images nothing points to and keeps the others', async () => {
    const kept = await t.app.storage.public.save(await pngImage(), 'webp');
    const orphan = await t.app.storage.public.save(await pngImage(), 'webp');
    await createCatalogWineRow(t.db, { imageUrl: kept });
    // Both were uploaded just now: inside the grace period, even the orphan stays.
    expect(await removeOrphanedUploads(t.db, t.app.storage.public)).toEqual([]);

    // With no grace period, only the orphan goes.
    const removed = await removeOrphanedUploads(t.db, t.app.storage.public, -60_000);
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(kept);
    expect((await t.app.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    // Each deletion is the system's, in the audit trail.
    const deletions = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordKind, 'upload'), eq(auditEntries.action, 'delete')));
    expect(deletions.map((e) => e.recordId).sort()).toEqual([...removed].sort());
    expect(deletions.every((e) => e.actorRole === 'sistema' && e.actorUserId === null)).toBe(true);
  });
});

describe('the local driver', () => {
  it('keeps files in DATA_DIR and needs no S3 server', async () => {
    const t = await createTestApp();
    try {
      const url = await t.app.storage.public.save(Buffer.from('imagem'), 'webp');
      expect(existsSync(path.join(uploadsDirectory(t.config.dataDir), path.basename(url)))).toBe(true);
      expect(t.app.storage.uploadsDirectory).toBe(uploadsDirectory(t.config.dataDir));
    } finally {
      await t.close();
    }
  });
});

describe('the S3 server down', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ s3: s3.settings });
    admin = await createUser(t.db, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await s3.start();
  });

  it('answers 503 in pt-BR with Retry-After and writes nothing half-way in the database', { timeout: 60_000 }, async () => {
    const stored: string = (
      await t.as(admin.token, {
        method: 'POST',
        url: '/api/upload-image',
        ...multipartBody('file', 'garrafa.png', 'image/png', await pngImage()),
      })
    ).json().image_url;
    // An onboarding sign-up ready for its menu, made while the bucket still answers.
    const values = { cnpj: generateCnpj(), email: uniqueEmail('contato'), phone: '(48) 99999-1234' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/processes',
      payload: onboardingFormValues({ establishment_name: 'Bistrô Sem Nuvem', ...values }),
    });
    const processId: string = created.json().process_id;
    for (const field of ['cnpj', 'email', 'phone'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/onboarding/processes/${processId}/validate-${field}`,
        payload: { [field]: values[field] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    await s3.stop();

    const expectDown = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject(STORAGE_DOWN);
      expect(res.headers['retry-after']).toBe('5');
    };
    expectDown(
      await t.as(admin.token, {
        method: 'POST',
        url: '/api/upload-image',
        ...multipartBody('file', 'garrafa.png', 'image/png', await pngImage()),
      }),
    );
    expectDown(await t.app.inject({ method: 'GET', url: stored }));

    expectDown(await uploadFile(t.app, admin, 'tabela-precos-vinhos.csv', sampleFile('csv'), 'text/csv'));
    expect(await t.db.select().from(productImports)).toEqual([]);

    const menu = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/processes/${processId}/upload-menu`,
      ...multipartBody('menu_file', 'cardapio.png', 'image/png', await pngImage()),
    });
    expectDown(menu);
    const [process] = await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, processId));
    expect(process).toMatchObject({ status: 'in_progress', menuFileKey: null });

    expectDown(await t.as(admin.token, { method: 'POST', url: '/api/seed/pedra-da-ilha' }));
    expect(await t.db.select().from(establishments).where(eq(establishments.slug, 'pedra-da-ilha'))).toEqual([]);

    // Back up: the same requests work again, without a restart.
    await s3.start();
    expect((await t.app.inject({ method: 'GET', url: stored })).statusCode).toBe(200);
    expect((await uploadFile(t.app, admin, 'tabela-precos-vinhos.csv', sampleFile('csv'), 'text/csv')).statusCode).toBe(201);
  });
});
