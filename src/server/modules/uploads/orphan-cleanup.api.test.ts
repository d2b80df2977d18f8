import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createJobRunner, type JobRunner } from '../../jobs/runner.js';
import { uploadsDirectory } from '../../storage/storage.js';
import { createCatalogWineRow, createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import type { TestApp } from '../../test-support/test-app.js';
import { pgliteFromTemplate } from '../../test-support/test-database.js';
import { ORPHAN_CLEANUP_QUEUE, ORPHAN_GRACE_MS, registerOrphanCleanup, requestOrphanCleanup } from './orphan-cleanup.js';

const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
const HOUR = 60 * 60 * 1000;

const t = testAppPerFile();
beforeAll(() => t.app.jobs.start({ work: false }));

const rowsOf = async <Row>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
const storedUrls = async () => (await t.app.storage.public.list()).map((file) => file.url);
/** Saves an image whose file was last written `ageMs` ago. */
const saveImage = async (storage: TestApp['app']['storage'], dataDir: string, ageMs: number) => {
  const url = await storage.public.save(Buffer.from(`imagem ${Math.random()}`), 'webp');
  const when = new Date(Date.now() - ageMs);
  await utimes(path.join(uploadsDirectory(dataDir), path.basename(url)), when, when);
  return url;
};

describe('orphaned uploads cleanup', () => {
  it('deletes only unreferenced files older than the grace period', async () => {
    const old = 2 * ORPHAN_GRACE_MS;
    const logo = await saveImage(t.app.storage, t.config.dataDir, old);
    const menuWineImage = await saveImage(t.app.storage, t.config.dataDir, old);
    const catalogImage = await saveImage(t.app.storage, t.config.dataDir, old);
    const oldOrphan = await saveImage(t.app.storage, t.config.dataDir, old);
    // Uploaded for a form still open: nothing points to it yet, and it must survive.
    const recentOrphan = await saveImage(t.app.storage, t.config.dataDir, ORPHAN_GRACE_MS - HOUR);
    const establishment = await createEstablishmentRow(t.db, { logo });
    const menu = await createMenuRow(t.db, establishment.id);
    await createMenuWineRow(t.db, menu.id, { imageUrl: menuWineImage });
    await createCatalogWineRow(t.db, { imageUrl: catalogImage });
    await createCatalogWineRow(t.db, { imageUrl: 'https://vinicola.example/garrafa.png' });

    await requestOrphanCleanup(t.app.jobs);
    expect(await t.app.jobs.drain()).toBe(1);

    const remaining = await storedUrls();
    expect(remaining).not.toContain(oldOrphan);
    expect(remaining).toEqual(expect.arrayContaining([logo, menuWineImage, catalogImage, recentOrphan]));
  });

  it('runs daily through pg-boss, in Brazilian time', async () => {
    const schedules = await rowsOf<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${ORPHAN_CLEANUP_QUEUE}`,
    );
    expect(schedules).toEqual([{ cron: '30 4 * * *', timezone: 'America/Sao_Paulo' }]);
  });

  it.runIf(onPostgres)('a job sent before a runner stops is worked by the next runner on the same database', async () => {
    const runnerOn = () => {
      const runner = createJobRunner({ connectionString: t.databaseUrl! }, t.app.log);
      registerOrphanCleanup(runner, { db: t.db, storage: t.app.storage.public, log: t.app.log });
      return runner;
    };
    const orphan = await saveImage(t.app.storage, t.config.dataDir, 2 * ORPHAN_GRACE_MS);
    const first: JobRunner = runnerOn();
    await first.start({ work: false });
    await requestOrphanCleanup(first);
    await first.stop();
    expect(await storedUrls()).toContain(orphan);

    const second = runnerOn();
    await second.start({ work: false });
    try {
      expect(await second.drain()).toBe(1);
    } finally {
      await second.stop();
    }
    expect(await storedUrls()).not.toContain(orphan);
  });

  it.skipIf(onPostgres)(
    'a job sent before the app closes is worked after its PGlite data directory is reopened',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-restart-'));
      const config = { ...t.config, dataDir };
      try {
        await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
        const before = await buildApp(config, { logger: false });
        await before.jobs.start({ work: false });
        const orphan = await saveImage(before.storage, dataDir, 2 * ORPHAN_GRACE_MS);
        await requestOrphanCleanup(before.jobs);
        await before.close();

        const after = await buildApp(config, { logger: false });
        try {
          await after.jobs.start({ work: false });
          expect((await after.storage.public.list()).map((file) => file.url)).toContain(orphan);
          expect(await after.jobs.drain()).toBe(1);
          expect((await after.storage.public.list()).map((file) => file.url)).not.toContain(orphan);
        } finally {
          await after.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
