import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const t = testAppPerFile({ logLevel: 'error' }, {}, logStream);
const admin = testUserPerFile(t, 'admin');
beforeAll(async () => {
  // A real defect on the server side: the table the catalogue queries no longer exists under its name.
  await t.db.execute(sql`alter table catalog_wines rename to catalog_wines_moved`);
});

describe('an unexpected error (500)', () => {
  it('answers a generic pt-BR detail: no stack, SQL, table, column or file path', async () => {
    const res = await t.call(admin, 'GET', '/api/catalog/wines');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Erro interno do servidor. Tente novamente em instantes.', code: 'internal_error' });
    for (const internal of [
      'select',
      'catalog_wines',
      '"name"',
      'column',
      'Failed query',
      '    at ',
      '.ts',
      '.js',
      '/src/',
      'node_modules',
    ]) {
      expect(res.body.toLowerCase(), internal).not.toContain(internal.toLowerCase());
    }
  });

  it('keeps the details for the operators, in the log', async () => {
    logLines.length = 0;
    expect((await t.call(admin, 'GET', '/api/catalog/wines')).statusCode).toBe(500);
    const logged = logLines.join('');
    expect(logged).toContain('catalog_wines');
    expect(logged).toContain('request failed');
  });
});
