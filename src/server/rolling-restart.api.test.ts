import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../../scripts/import-fixtures.mjs';
import type { Database } from './db/client.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from './test-support/factories.js';
import { type ProcessClient, signInTo } from './test-support/http-client.js';
import { executeSampleImport } from './test-support/process-client.js';
import { type Fleet, startFleet, startLoad } from './test-support/rolling-restart.js';
import { openTestDatabase } from './test-support/test-database.js';

/**
 * Restarts that lose nothing (decision 0086): two app processes on one PostgreSQL database behind Debian's nginx
 * running deploy/nginx/adega.conf, under a steady load of guests loading a public menu, an admin editing that menu
 * and a cellar receiving deliveries, while a product import runs. Each process in turn gets SIGTERM, exits, starts
 * again and takes requests again, twice over. No guest request fails, no write fails, every acknowledged write is in
 * the database, and the import, handed back by whichever process held it, completes with every row once.
 * PostgreSQL only (vitest.config.ts POSTGRES_ONLY): the embedded database serves one process.
 */
const ADMIN = { email: 'reinicio@adega.test', password: 'senha-de-teste-123' };
/** Enough rows for the import to still be running when the processes are restarted. */
const IMPORT_ROWS = 12_000;

// Without TEST_DATABASE_URL the file runs on PGlite only, and this says why it is skipped.
describe.runIf(process.env.ADEGA_TEST_DB === 'postgres')(
  'a rolling restart of two processes behind nginx, under load (PostgreSQL only: needs TEST_DATABASE_URL)',
  () => {
    let database: Database & { connectionString?: string };
    let fleet: Fleet | undefined;
    let admin: ProcessClient;
    const dirs: string[] = [];
    const tempDir = (prefix: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      database = await openTestDatabase();
      fleet = await startFleet({
        databaseUrl: database.connectionString as string,
        dataDir: tempDir('adega-restart-'),
        nginxDir: tempDir('adega-restart-nginx-'),
        admin: ADMIN,
      });
      admin = await signInTo(fleet.base, ADMIN);
    }, 120_000);

    afterAll(async () => {
      await fleet?.stop();
      await database?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('drops no guest request, loses no acknowledged write and completes the import once', { timeout: 180_000 }, async () => {
      const running = fleet as Fleet;
      const est = await createEstablishmentRow(database.db);
      const menu = await createMenuRow(database.db, est.id);
      const edited = await createMenuWineRow(database.db, menu.id, { name: 'Vinho Sempre Editado', position: 0 });
      const item = await admin.send('POST', `/api/establishments/${est.id}/cellar`, { name: 'Garrafa da Adega' });
      expect(item.status).toBe(201);
      const cellarItemId: string = (await item.json()).id;

      const uploaded = await admin.upload(
        '/api/product-import/upload',
        'lista-grande.xlsx',
        'application/octet-stream',
        largeWorkbook(IMPORT_ROWS),
      );
      expect(uploaded.status).toBe(201);
      const { import_id: importId } = await uploaded.json();
      expect((await executeSampleImport(admin, importId)).status).toBe(202);

      const load = startLoad(running.base, admin.auth.authorization.slice('Bearer '.length), {
        pagePath: `/${est.slug}/${menu.slug}`,
        menuId: menu.id,
        editedWineId: edited.id,
        cellarItemId,
      });
      const exitCodes: (number | null)[] = [];
      for (let round = 0; round < 2; round++) for (let i = 0; i < running.addresses.length; i++) exitCodes.push(await running.restart(i));
      const report = await load.stop();

      // Every process stopped by itself, within SHUTDOWN_TIMEOUT (past it, or on an error, it exits with 1).
      expect(exitCodes).toEqual([0, 0, 0, 0]);
      expect(report.guests.failed, running.nginxErrors()).toEqual([]);
      expect(report.writes.failed, running.nginxErrors()).toEqual([]);
      expect(report.guests.served).toBeGreaterThan(0);
      expect(report.movementIds.length).toBeGreaterThan(0);
      expect(report.addedWineIds.length).toBeGreaterThan(0);

      const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const wines = await rows<{ id: string; price: string }>(sql`select id, price::text from menu_wines where menu_id = ${menu.id}`);
      const wineIds = new Set(wines.map((w) => w.id));
      expect(report.addedWineIds.filter((id) => !wineIds.has(id))).toEqual([]);
      expect(Number(wines.find((w) => w.id === edited.id)?.price)).toBe(report.lastPrice);
      const movements = await rows<{ id: string }>(sql`select id from cellar_movements where cellar_item_id = ${cellarItemId}`);
      const movementIds = new Set(movements.map((m) => m.id));
      expect(report.movementIds.filter((id) => !movementIds.has(id))).toEqual([]);
      const [stock] = await rows<{ on_hand: number }>(sql`select on_hand from cellar_items where id = ${cellarItemId}`);
      expect(stock?.on_hand).toBe(report.movementIds.length);

      // The import, handed back at each restart of the process that held it, ends completed with every row once.
      const status = async () => (await admin.get(`/api/product-import/status/${importId}`)).json();
      await expect.poll(async () => (await status()).status, { timeout: 120_000, interval: 250 }).toBe('completed');
      expect(await status()).toMatchObject({
        total_rows: IMPORT_ROWS,
        processed_rows: IMPORT_ROWS,
        success_count: IMPORT_ROWS,
        error_count: 0,
      });
      const [products] = await rows<{ products: number; lines: number }>(
        sql`select count(*)::int as products, count(distinct import_row)::int as lines from products where import_id = ${importId}`,
      );
      expect(products).toEqual({ products: IMPORT_ROWS, lines: IMPORT_ROWS });
    });
  },
);
