import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './private-files.js';
import { localStorage, type Storage } from './storage.js';

let dataDir: string;
let storage: Storage;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'adega-storage-'));
  storage = localStorage(dataDir);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('private files', () => {
  it('puts, reads, replaces and deletes by key, under DATA_DIR/private', async () => {
    await storage.private.put('imports/42/planilha.xlsx', Buffer.from('primeira'));
    expect(existsSync(path.join(dataDir, 'private', 'imports', '42', 'planilha.xlsx'))).toBe(true);
    expect((await storage.private.read('imports/42/planilha.xlsx'))?.toString()).toBe('primeira');

    await storage.private.put('imports/42/planilha.xlsx', Buffer.from('segunda'));
    expect((await storage.private.read('imports/42/planilha.xlsx'))?.toString()).toBe('segunda');
    // Written through a temporary file and renamed: nothing else is left beside it.
    expect(readdirSync(path.join(dataDir, 'private', 'imports', '42'))).toEqual(['planilha.xlsx']);

    await storage.private.delete('imports/42/planilha.xlsx');
    expect(await storage.private.read('imports/42/planilha.xlsx')).toBeUndefined();
    await expect(storage.private.delete('imports/42/planilha.xlsx')).resolves.toBeUndefined();
  });

  it('keeps nothing under the public uploads folder', async () => {
    await storage.private.put('menus/cardapio.pdf', Buffer.from('%PDF'));
    const uploads = path.join(dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads, { recursive: true }) : []).toEqual([]);
  });

  it.each([
    '../fora.txt',
    '../../etc/passwd',
    'imports/../../fora.txt',
    'imports/./x',
    '/etc/passwd',
    'imports//x',
    'imports/',
    '.oculto',
    'imports/.oculto',
    'imports\\..\\..\\fora.txt',
    '..\\fora.txt',
    '%2e%2e/fora.txt',
    'nul\0byte',
    'C:/Windows/x',
    '',
    'a'.repeat(129),
  ])('refuses the key %j on every operation', async (key) => {
    await expect(storage.private.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.private.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.private.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(existsSync(path.join(dataDir, 'fora.txt'))).toBe(false);
    expect(existsSync(path.join(path.dirname(dataDir), 'fora.txt'))).toBe(false);
  });
});

describe('public files', () => {
  it('saves under an unguessable name, lists with the modification time and deletes by public path', async () => {
    const before = Date.now();
    const url = await storage.public.save(Buffer.from('imagem'), 'webp');
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const listed = (await storage.public.list()).find((file) => file.url === url);
    expect(listed?.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await storage.public.delete(url);
    expect((await storage.public.list()).map((file) => file.url)).not.toContain(url);
    await expect(storage.public.delete(url)).resolves.toBeUndefined();
  });

  it('refuses to delete anything outside the uploads folder', async () => {
    await storage.private.put('guardado.txt', Buffer.from('x'));
    for (const url of [
      '/uploads/../private/guardado.txt',
      '/uploads/..',
      '/private/guardado.txt',
      '/uploads/a/../../private/guardado.txt',
    ]) {
      await expect(storage.public.delete(url), url).rejects.toThrow('not a public file path');
    }
    expect(await storage.private.read('guardado.txt')).toBeDefined();
  });
});
