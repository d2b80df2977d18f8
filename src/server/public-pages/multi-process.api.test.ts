import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow, createUser } from '../test-support/factories.js';
import { testAppPerFile } from '../test-support/file-app.js';

/** The channel app.ts broadcasts public page changes on. */
const PUBLIC_PAGES_CHANNEL = 'adega_public_pages';

const t = testAppPerFile();

// PGlite serves a single process, so this needs a PostgreSQL server: it runs in the "postgres" project, which
// exists whenever TEST_DATABASE_URL is set (as in CI, .ci/run); vitest.config.ts then leaves it out of "pglite".
describe.runIf(process.env.ADEGA_TEST_DB === 'postgres')('several app processes on one PostgreSQL server', () => {
  it('a change made through one process drops the cached page in the other', async () => {
    const secondDatabase = await openDatabase({ databaseUrl: t.databaseUrl as string });
    const second = await buildApp(t.config, { database: secondDatabase, logger: false });
    try {
      const admin = await createUser(t.db, 'admin');
      const est = await createEstablishmentRow(t.db);
      const menu = await createMenuRow(t.db, est.id);
      const wine = await createMenuWineRow(t.db, menu.id, { name: 'Nome Antigo Reserva' });
      const page = () => second.inject({ method: 'GET', url: `/${est.slug}/${menu.slug}` });
      expect((await page()).body).toContain('Nome Antigo Reserva');
      // Listeners run in the order they subscribed: the second app drops its cached page before this resolves.
      const heard = new Promise<string>((resolve) => void secondDatabase.subscribe(PUBLIC_PAGES_CHANNEL, resolve));

      const res = await t.call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wine.id}`, {
        name: 'Nome Novo Gran Reserva',
        price: 120,
        category: 'Vinhos Tintos Médios',
      });
      expect(res.statusCode).toBe(200);
      expect(await heard).toBe(est.id);
      expect((await page()).body).toContain('Nome Novo Gran Reserva');
    } finally {
      await second.close();
    }
  });

  it("a catalogue wine written through one process is found, changed and gone in the other's search at once", async () => {
    const secondDatabase = await openDatabase({ databaseUrl: t.databaseUrl as string });
    const second = await buildApp(t.config, { database: secondDatabase, logger: false });
    try {
      const admin = await createUser(t.db, 'admin');
      const search = async (q: string) =>
        (
          (
            await second.inject({ method: 'GET', url: `/api/catalog/wines?q=${q}`, headers: { authorization: `Bearer ${admin.token}` } })
          ).json() as { name: string }[]
        ).map((w) => w.name);
      // The second process reads its search index before the wine exists.
      expect(await search('quintessencia')).toEqual([]);
      const created = await t.call(admin, 'POST', '/api/catalog/wines', { name: 'Quintessência Tinto' });
      expect(created.statusCode).toBe(201);
      expect(await search('quintessencia')).toEqual(['Quintessência Tinto']);
      const id = (created.json() as { id: string }).id;
      expect((await t.call(admin, 'PUT', `/api/catalog/wines/${id}`, { name: 'Quintessência Branco' })).statusCode).toBe(200);
      expect(await search('quintessencia')).toEqual(['Quintessência Branco']);
      expect((await t.call(admin, 'DELETE', `/api/catalog/wines/${id}`)).statusCode).toBe(204);
      expect(await search('quintessencia')).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
