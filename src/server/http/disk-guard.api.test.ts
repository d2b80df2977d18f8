import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDiskSpace } from '../core/disk-space.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { multipartBody } from '../test-support/multipart.js';

/** A file system whose free space the test sets (the real one is tested on a tmpfs in low-disk-process.api.test.ts). */
const MB = 1024 * 1024;
let freeBytes = 900 * MB;
let clockMs = 0;
const disk = createDiskSpace('/nowhere', 512 * MB, { statfs: async () => ({ bavail: freeBytes, bsize: 1 }), now: () => clockMs });
// Readings are reused for a second: the test moves the disk's clock past that so the next reading is a new one.
const setFree = (bytes: number) => {
  freeBytes = bytes;
  clockMs += 1_050;
};

const t = testAppPerFile({}, { disk });
const admin = testUserPerFile(t, 'admin');

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#7a1f35' } })
    .png()
    .toBuffer();
const post = async (url: string, field: string, filename: string, bytes: Buffer, signedIn = true) => {
  const { payload, headers } = multipartBody(field, filename, 'application/octet-stream', bytes);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(signedIn && { authorization: `Bearer ${admin.token}` }) },
  });
};
const uploadsOnDisk = () => {
  const dir = path.join(t.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe('uploads while the disk is nearly full (decision 0039)', () => {
  it('refuses images, spreadsheets and onboarding menus with 507 and a pt-BR sentence; health says so; all back once space is', async () => {
    setFree(100 * MB);
    const before = uploadsOnDisk();
    const refused = [
      await post('/api/upload-image', 'file', 'foto.png', await png()),
      await post('/api/product-import/upload', 'file', 'lista.csv', Buffer.from('Nome;Preço\nVinho;10\n')),
      await post(`/api/onboarding/processes/${randomUUID()}/upload-menu`, 'menu_file', 'cardapio.pdf', Buffer.from('%PDF-1.4'), false),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({
        code: 'disk_full',
        detail: 'Espaço em disco insuficiente no servidor: nenhum arquivo novo pode ser recebido agora. Tente novamente mais tarde.',
      });
    }
    expect(uploadsOnDisk()).toBe(before);
    const low = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(low.statusCode).toBe(200);
    expect(low.json()).toMatchObject({ status: 'ok', disk: { status: 'low', free_mb: 100, min_free_mb: 512 } });

    setFree(600 * MB);
    const stored = await post('/api/upload-image', 'file', 'foto.png', await png());
    expect(stored.statusCode).toBe(201);
    expect(uploadsOnDisk()).toBe(before + 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ disk: { status: 'ok', free_mb: 600 } });
  });

  it('a file system it cannot read refuses nothing', async () => {
    const unreadable = createDiskSpace('/nowhere', 512 * MB, {
      statfs: async () => {
        throw new Error('ENOSYS');
      },
    });
    await expect(unreadable.assertRoom()).resolves.toBeUndefined();
    expect((await unreadable.read()).low).toBe(false);
  });
});
