import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteFromTemplate } from '../test-support/test-database.js';
import { type Database, openDatabase } from './client.js';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';
import { PgliteInWorker } from './pglite-in-worker.js';
import { productCategories } from './schema/index.js';

// One data directory for the file, as a first start leaves it, from the migrated template (a first start itself, initdb
// and every migration, takes 10 to 20 s here: initdb-in-child.test.ts and the server process tests go through it).
const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-worker-db-'));
let database: Database;
beforeAll(async () => {
  await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
  database = await openDatabase({ dataDir });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database in a worker thread (decision 0068)', () => {
  it('runs the migrated schema through drizzle: rows, dates, a committed and a rolled-back transaction', async () => {
    expect(database.pglite).toBeInstanceOf(PgliteInWorker);
    const { db } = database;
    const [tintos] = await db.insert(productCategories).values({ name: 'Tintos' }).returning();
    expect(tintos?.createdAt).toBeInstanceOf(Date);
    await db.transaction(async (tx) => {
      await tx.insert(productCategories).values({ name: 'Brancos' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(productCategories).values({ name: 'Rosés' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    const names = (await db.select().from(productCategories)).map((c) => c.name);
    expect(names).toContain('Brancos');
    expect(names).not.toContain('Rosés');
    const [found] = await db
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, tintos?.id ?? ''));
    expect(found?.createdAt.getTime()).toBe(tintos?.createdAt.getTime());
  });

  it("reports the database's own errors with their SQLSTATE and constraint", async () => {
    await database.db.execute(sql`create table worker_test (k text constraint worker_test_k primary key)`);
    await database.db.execute(sql`insert into worker_test values ('a')`);
    const duplicate = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_test values ('b')`);
        await tx.execute(sql`insert into worker_test values ('a')`);
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate, 'worker_test_k')).toBe(true);
    // The failed transaction was rolled back in the worker, and the connection takes statements again.
    const rows = await database.db.execute(sql`select k from worker_test order by k`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ k: 'a' }]);
  });

  it('delivers notifications, and answers requests while a long statement runs in the worker', async () => {
    const client = database.pglite as PgliteInWorker;
    const heard: string[] = [];
    const stop = await client.listen('adega_test', (payload) => heard.push(payload));
    await client.query(`select pg_notify('adega_test', 'olá')`);
    await expect.poll(() => heard).toEqual(['olá']);
    await stop();

    // On this thread PGlite's WebAssembly would hold the event loop for the whole statement: no turn would run.
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await client.query('select count(*) from generate_series(1, 3000000)');
    running = false;
    expect(turns).toBeGreaterThan(20);
  });

  it.runIf(process.platform === 'linux')('runs at nice 10, below the thread that answers requests at nice 0 (decision 0076)', () => {
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map((id) => niceOf(readFileSync(`/proc/self/task/${id}/stat`, 'utf8')));
    const own = niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
    // At nice 10 or more already (npm test runs Vitest under `nice -n 10`) the worker stays with its process.
    expect(threads).toContain(Math.max(own, 10));
    expect(Math.max(...threads)).toBe(Math.max(own, 10));
  });

  it('closes cleanly: later statements fail as unavailable, and the data is there when opened again', async () => {
    await database.db.insert(productCategories).values({ name: 'Fortificados' });
    const before = (await database.db.select().from(productCategories)).map((c) => c.name).sort();
    await database.close();
    const afterClose = await database.db
      .select()
      .from(productCategories)
      .catch((err: unknown) => err);
    expect(isDatabaseUnavailable(afterClose)).toBe(true);
    database = await openDatabase({ dataDir });
    expect((await database.db.select().from(productCategories)).map((c) => c.name).sort()).toEqual(before);
  }, 60_000);
});
