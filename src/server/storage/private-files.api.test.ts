import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test-support/file-app.js';

const SECRET = 'planilha-confidencial-7f3a';

const t = testAppPerFile();
beforeAll(() => t.app.storage.private.put('imports/planilha.csv', Buffer.from(SECRET)));

describe('private files over HTTP', () => {
  it('are kept in DATA_DIR/private, beside the public uploads', () => {
    expect(existsSync(path.join(t.config.dataDir, 'private', 'imports', 'planilha.csv'))).toBe(true);
  });

  it('public files of the same app storage are served (the paths below are not refused for another reason)', async () => {
    const url = await t.app.storage.public.save(Buffer.from('imagem-publica'), 'webp');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('imagem-publica');
  });

  it.each([
    '/private/imports/planilha.csv',
    '/uploads/private/imports/planilha.csv',
    '/uploads/../private/imports/planilha.csv',
    '/uploads/%2e%2e/private/imports/planilha.csv',
    '/uploads/%2E%2E/private/imports/planilha.csv',
    '/uploads/..%2fprivate%2fimports%2fplanilha.csv',
    '/uploads/%2e%2e%2fprivate%2fimports%2fplanilha.csv',
    '/uploads/..%5cprivate%5cimports%5cplanilha.csv',
    '/uploads/%252e%252e/private/imports/planilha.csv',
    '/uploads/.%2e/private/imports/planilha.csv',
    '/%2e%2e/private/imports/planilha.csv',
    '/assets/../private/imports/planilha.csv',
    '/api/../private/imports/planilha.csv',
  ])('are not reachable at %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain(SECRET);
  });
});
