import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { menuViewCounts } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

// PGlite serves a single process, so this needs a PostgreSQL server: it runs in the "postgres" project (see
// public-pages/multi-process.api.test.ts).
describe.runIf(process.env.ADEGA_TEST_DB === 'postgres')('menu visits across app processes on one PostgreSQL server', () => {
  it("counts one visit when a guest's pages reach two processes, in turn or at the same moment", async () => {
    const second = await buildApp(t.config, { database: await openDatabase({ databaseUrl: t.databaseUrl as string }), logger: false });
    try {
      const est = await createEstablishmentRow(t.db);
      const m = await createMenuRow(t.db, est.id);
      await createMenuWineRow(t.db, m.id, { name: 'Tinto da Casa' });
      const page = (app: typeof second, url: string, remoteAddress: string) =>
        app.inject({ method: 'GET', url: `/${est.slug}/${m.slug}${url}`, remoteAddress, headers: { 'user-agent': BROWSER } });
      const flushBoth = () => Promise.all([t.app.menuViews.flush(), second.menuViews.flush()]);

      // One guest: the first page through one process, the next ones through the other, each written in turn.
      expect((await page(t.app, '?mesa=5', '203.0.113.70')).statusCode).toBe(200);
      await flushBoth();
      expect((await page(second, '?mesa=5&q=tinto', '203.0.113.70')).statusCode).toBe(200);
      await page(second, '?q=casa', '203.0.113.70');
      await flushBoth();
      // Another guest whose first two pages reach both processes before either writes: both batches race.
      await page(t.app, '?mesa=6', '203.0.113.71');
      await page(second, '?mesa=6', '203.0.113.71');
      await flushBoth();

      const rows = await t.db.select().from(menuViewCounts).where(eq(menuViewCounts.menuId, m.id));
      expect(rows.map((r) => ({ table: r.tableNo, views: r.views })).sort((a, b) => a.table - b.table)).toEqual([
        { table: 5, views: 1 },
        { table: 6, views: 1 },
      ]);
    } finally {
      await second.close();
    }
  });
});
