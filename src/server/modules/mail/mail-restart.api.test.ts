import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { mailMessages } from '../../db/schema/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/smtp-server.js';
import { testConfig } from '../../test-support/test-app.js';
import { openTestDatabase, pgliteFromTemplate } from '../../test-support/test-database.js';
import { requestMailSweep } from './index.js';

const FAST_RETRY = { delaySeconds: 1, maxDelaySeconds: 1 };

/**
 * A restart between queueing and delivery, as main.ts runs the app: the first process queues while the SMTP server
 * is down and stops; the next one, on the same database, delivers each message once.
 */
describe('e-mail across a restart', () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'adega-mail-restart-'));
    if (process.env.ADEGA_TEST_DB === 'postgres') {
      // A database of its own that each app process opens by URL, as production does.
      const database = await openTestDatabase();
      databaseUrl = database.connectionString;
      dropDatabase = () => database.close();
    } else {
      await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
    }
  });
  afterAll(async () => {
    await smtp?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Without databaseUrl the app opens PGlite in DATA_DIR, as `npm start` does. Its jobs are picked up as in every test
  // app (createTestApp), rather than at pg-boss's 2-s looks, which each of the e-mails below waited for.
  const start = async (): Promise<FastifyInstance> => {
    const app = await buildApp(testConfig(dataDir, { smtpUrl: smtp.url, databaseUrl }), {
      logger: false,
      mailRetry: FAST_RETRY,
      jobPollingSeconds: 0.5,
      jobWakeups: true,
    });
    await app.jobs.start();
    await requestMailSweep(app.jobs);
    return app;
  };
  const queue = (app: FastifyInstance, to: string) =>
    app.mailer.queue(app.database.db, {
      to,
      kind: 'order_status',
      ...app.mailer.compose({ subject: 'Pedido entregue', paragraphs: ['Chegou.'] }, 'https://adega.test'),
    });
  const rowOf = async (app: FastifyInstance, id: string) =>
    (await app.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0];

  it('a message queued while the SMTP server is down is delivered once by the next process; one already sent is not sent again', async () => {
    const first = await start();
    const sentBefore = await queue(first, 'antes@restaurante.com.br');
    await smtp.waitForMessage((m) => m.to === 'antes@restaurante.com.br');
    await expect.poll(async () => (await rowOf(first, sentBefore))?.status, { timeout: 15_000 }).toBe('sent');

    await smtp.stop();
    const waiting = await queue(first, 'depois@restaurante.com.br');
    await expect.poll(async () => (await rowOf(first, waiting))?.lastError ?? '', { timeout: 15_000 }).toMatch(/ECONNREFUSED/);
    await first.close();

    await smtp.start();
    const second = await start();
    try {
      await smtp.waitForMessage((m) => m.to === 'depois@restaurante.com.br', 30_000);
      await expect.poll(async () => (await rowOf(second, waiting))?.status, { timeout: 15_000 }).toBe('sent');
      // The sweep and the retried job have both run by now: still one of each.
      await requestMailSweep(second.jobs);
      await expect.poll(async () => (await rowOf(second, waiting))?.status).toBe('sent');
      expect(smtp.messages.filter((m) => m.to === 'depois@restaurante.com.br')).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.to === 'antes@restaurante.com.br')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 180_000);
});
