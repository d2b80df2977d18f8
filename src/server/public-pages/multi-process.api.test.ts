import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('several app processes on one PostgreSQL server', () => {
  // PGlite serves a single process, so there is nothing to broadcast there.
  it.runIf(onPostgres)('a change made through one process drops the cached page in the other', async () => {
    const second = await buildApp(t.config, { database: await openDatabase({ databaseUrl: t.databaseUrl as string }), logger: false });
    try {
      const admin = await createUser(t.db, 'admin');
      const est = await createEstablishmentRow(t.db);
      const menu = await createMenuRow(t.db, est.id);
      const wine = await createMenuWineRow(t.db, menu.id, { name: 'Nome Antigo Reserva' });
      const page = () => second.inject({ method: 'GET', url: `/${est.slug}/${menu.slug}` });
      expect((await page()).body).toContain('Nome Antigo Reserva');

      const res = await t.as(admin.token, {
        method: 'PUT',
        url: `/api/wine-menus/${menu.id}/wines/${wine.id}`,
        payload: { name: 'Nome Novo Gran Reserva', price: 120, category: 'Vinhos Tintos Médios' },
      });
      expect(res.statusCode).toBe(200);
      expect(await eventually(async () => (await page()).body.includes('Nome Novo Gran Reserva'))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
