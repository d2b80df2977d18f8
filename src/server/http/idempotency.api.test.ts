import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { cellarMovements } from '../db/schema/index.js';
import { createTeam } from '../test-support/factories.js';
import { testAppPerFile } from '../test-support/file-app.js';
import { restartableDatabasePerFile } from '../test-support/restartable-app.js';
import { IDEMPOTENCY_TEXTS } from './idempotency.js';

/** The file's app, for what needs no restart. */
const t = testAppPerFile();
const { onPostgres, startApp } = restartableDatabasePerFile('idempotency');

/** A till's key and a cellar item with `onHand` bottles, made through the app. */
async function tillAndItem(app: FastifyInstance, onHand: number) {
  const db = app.database.db;
  const { own, manager } = await createTeam(db);
  const call = (token: string, method: 'POST' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const item = await call(manager.token, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'Merlot da Campanha', on_hand: onHand });
  expect(item.statusCode, item.body).toBe(201);
  const key = await call(manager.token, 'POST', `/api/establishments/${own.id}/api-keys`, { name: 'PDV', scopes: ['cellar:sales'] });
  expect(key.statusCode, key.body).toBe(201);
  return { db, itemId: item.json().id as string, key: key.json().key as string };
}

const sale = (app: FastifyInstance, key: string, itemId: string, idempotencyKey: string | undefined, delta = -1) =>
  app.inject({
    method: 'POST',
    url: `/api/cellar/${itemId}/movements`,
    payload: { reason: 'sale', delta },
    headers: { authorization: `Bearer ${key}`, ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }) },
  });

const salesOf = async (db: Database['db'], itemId: string) =>
  (await db.select().from(cellarMovements).where(eq(cellarMovements.cellarItemId, itemId))).filter((m) => m.reason === 'sale').length;

describe('Idempotency-Key on writes made with an API key', () => {
  it('answers a resent write as the first time and changes nothing; another body under the key is 409', async () => {
    const app = t.app;
    const { db, itemId, key } = await tillAndItem(app, 5);
    const first = await sale(app, key, itemId, 'venda-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().on_hand).toBe(4);
    const again = await sale(app, key, itemId, 'venda-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await salesOf(db, itemId)).toBe(1);

    const other = await sale(app, key, itemId, 'venda-0001', -2);
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(IDEMPOTENCY_TEXTS.otherRequest);
    // Without a key, each request is its own.
    expect((await sale(app, key, itemId, undefined)).json().on_hand).toBe(3);
    expect((await sale(app, key, itemId, 'venda-0002')).json().on_hand).toBe(2);
    expect(await salesOf(db, itemId)).toBe(3);

    for (const bad of ['', 'com espaço', 'x'.repeat(256)]) {
      const refused = await sale(app, key, itemId, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().detail).toBe(IDEMPOTENCY_TEXTS.invalidKey);
    }
    expect(await salesOf(db, itemId)).toBe(3);
  });

  it('still answers the first time after the app restarts on the same database', async () => {
    const before = await startApp();
    let made: Awaited<ReturnType<typeof tillAndItem>>;
    let firstBody: string;
    try {
      made = await tillAndItem(before, 2);
      const first = await sale(before, made.key, made.itemId, 'venda-restart');
      expect(first.statusCode).toBe(201);
      firstBody = first.body;
    } finally {
      await before.close();
    }
    const after = await startApp();
    try {
      const again = await sale(after, made.key, made.itemId, 'venda-restart');
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(firstBody);
      const db = after.database.db;
      expect(await salesOf(db, made.itemId)).toBe(1);
    } finally {
      await after.close();
    }
  });

  it.runIf(onPostgres)('one write for one key when two processes get it at once', { timeout: 60_000 }, async () => {
    const [a, b] = [await startApp(), await startApp()];
    try {
      const { db, itemId, key } = await tillAndItem(a, 10);
      for (let i = 0; i < 5; i++) {
        const answers = await Promise.all([sale(a, key, itemId, `juntas-${i}`), sale(b, key, itemId, `juntas-${i}`)]);
        const statuses = answers.map((r) => r.statusCode).sort();
        // The second is either the first's answer again or "still running": never a second sale.
        expect([[201, 201].join(), [201, 409].join()]).toContain(statuses.join());
      }
      expect(await salesOf(db, itemId)).toBe(5);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
