import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema/index.js';
import { createUser } from '../../test-support/factories.js';
import { mailingTestAppPerFile, testAppPerFile } from '../../test-support/file-app.js';
import type { TestApp } from '../../test-support/test-app.js';
import { MAIL_MAX_ATTEMPTS, mailDirectory, requestMailSweep } from './index.js';

const FAST_RETRY = { delaySeconds: 1, maxDelaySeconds: 1 };

const mailRow = async (t: TestApp, id: string) => {
  const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
};

const queueTo = (t: TestApp, to: string, paragraphs = ['Seu pedido foi entregue.']) =>
  t.app.mailer.queue(t.db, {
    to,
    kind: 'order_status',
    ...t.app.mailer.compose(
      {
        subject: 'Pedido entregue',
        greeting: 'Olá!',
        paragraphs,
        action: { label: 'Ver pedido', path: '/pedidos/abc' },
      },
      'https://adega.test',
    ),
  });

describe('e-mail through a real SMTP server', () => {
  const { t, smtp } = mailingTestAppPerFile({ mailRetry: FAST_RETRY });

  it('delivers a queued message in pt-BR, plain text and HTML, with links from PUBLIC_BASE_URL and user text escaped', async () => {
    const id = await queueTo(t, 'dono@restaurante.com.br', ['Olá <script>alert(1)</script> & até logo']);
    const mail = await smtp.waitForMessage((m) => m.to === 'dono@restaurante.com.br');
    expect(mail.subject).toBe('Pedido entregue');
    expect(mail.from).toMatch(/^"?Adega"? <nao-responda@adega\.test>$/);
    expect(mail.text).toContain('Ver pedido: https://adega.test/pedidos/abc');
    expect(mail.text).toContain('Olá <script>alert(1)</script> & até logo');
    expect(mail.html).toContain('href="https://adega.test/pedidos/abc"');
    expect(mail.html).toContain('Olá &lt;script&gt;alert(1)&lt;/script&gt; &amp; até logo');
    expect(mail.html).not.toContain('<script>');
    expect(mail.messageId).toBe(`<${id}@adega.mail>`);
    await expect.poll(async () => (await mailRow(t, id))?.status).toBe('sent');
    // Delivered: the bodies (which may hold a one-time link) are not kept.
    expect(await mailRow(t, id)).toMatchObject({ textBody: '', htmlBody: '' });
  });

  it('sends nothing when the transaction that queued the message rolls back', async () => {
    const to = 'desfeito@restaurante.com.br';
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mailer.queue(tx, {
          to,
          kind: 'order_status',
          ...t.app.mailer.compose({ subject: 'Não vai', paragraphs: ['x'] }, 'https://adega.test'),
        });
        throw new Error('the write that caused the message failed');
      }),
    ).rejects.toThrow('the write that caused the message failed');
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.recipient, to))).toHaveLength(0);
  });

  it('keeps a message while the SMTP server is down and delivers it once when the server is back', async () => {
    await smtp.stop();
    const to = 'servidor-fora@restaurante.com.br';
    const id = await queueTo(t, to);
    await expect.poll(async () => (await mailRow(t, id))?.lastError ?? '', { timeout: 15_000 }).toMatch(/ECONNREFUSED/);
    expect((await mailRow(t, id))?.status).not.toMatch(/sent|failed/);
    await smtp.start();
    await smtp.waitForMessage((m) => m.to === to, 30_000);
    await expect.poll(async () => (await mailRow(t, id))?.status, { timeout: 15_000 }).toBe('sent');
    expect(smtp.messages.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('tries again after a 4xx answer', async () => {
    const to = 'tente-depois@restaurante.com.br';
    smtp.refuseNext(1, 451, 'Mailbox busy, try again later');
    const id = await queueTo(t, to);
    await smtp.waitForMessage((m) => m.to === to, 30_000);
    const row = await mailRow(t, id);
    expect(row?.attempts).toBe(2);
    await expect.poll(async () => (await mailRow(t, id))?.status).toBe('sent');
  });

  it('gives up at once on a 5xx answer and shows the admin the SMTP answer; nobody else sees it', async () => {
    const to = 'nao-existe@restaurante.com.br';
    smtp.refuseNext(1, 550, 'No such user here');
    const id = await queueTo(t, to);
    await expect.poll(async () => (await mailRow(t, id))?.status, { timeout: 15_000 }).toBe('failed');
    const row = await mailRow(t, id);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('550');

    const admin = await createUser(t.db, 'admin');
    const res = await t.call(admin, 'GET', '/api/mail/failed');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.delivery).toBe('smtp');
    expect(body.messages).toEqual([
      expect.objectContaining({
        id,
        recipient: to,
        kind: 'order_status',
        subject: 'Pedido entregue',
        attempts: 1,
        last_error: expect.stringContaining('No such user here'),
      }),
    ]);

    for (const role of ['restaurant_manager', 'sommelier', 'supplier'] as const) {
      const user = await createUser(t.db, role);
      expect((await t.call(user, 'GET', '/api/mail/failed')).statusCode).toBe(403);
    }
  });

  it('sends a message once even when its delivery job runs twice or the sweep runs again', async () => {
    const to = 'uma-vez@restaurante.com.br';
    const id = await queueTo(t, to);
    await smtp.waitForMessage((m) => m.to === to);
    await expect.poll(async () => (await mailRow(t, id))?.status).toBe('sent');
    const duplicate = await t.app.jobs.send('mail.deliver', { id });
    await requestMailSweep(t.app.jobs);
    await expect
      .poll(
        async () => {
          const result = await t.db.execute(sql`select state from pgboss.job where id = ${duplicate}`);
          return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe('completed');
    expect(smtp.messages.filter((m) => m.to === to)).toHaveLength(1);
  });
});

describe('e-mail without SMTP_URL', () => {
  const t = testAppPerFile();

  it('keeps messages written before the job runner starts and writes each as an .eml file under DATA_DIR/mail once it does', async () => {
    expect(t.app.mailer.delivery).toBe('file');
    const id = await queueTo(t, 'sem-smtp@restaurante.com.br');
    expect((await mailRow(t, id))?.jobQueued).toBe(false);

    await t.app.jobs.start({ work: false });
    await requestMailSweep(t.app.jobs);
    await t.app.jobs.drain();
    expect((await mailRow(t, id))?.status).toBe('sent');
    const files = readdirSync(mailDirectory(t.config.dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(id);
    const eml = readFileSync(path.join(mailDirectory(t.config.dataDir), files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: sem-smtp@restaurante\.com\.br$/m);
    expect(eml).toContain('https://adega.test/pedidos/abc');

    await requestMailSweep(t.app.jobs);
    await t.app.jobs.drain();
    expect(readdirSync(mailDirectory(t.config.dataDir))).toHaveLength(1);
  });

  it('tells the admin that messages are files, not sent', async () => {
    const admin = await createUser(t.db, 'admin');
    // PUBLIC_BASE_URL is set: links point there, whatever Host the request names.
    const res = await t.as(admin.token, { method: 'GET', url: '/api/mail/failed', headers: { host: 'outro.test' } });
    expect(res.json()).toEqual({ delivery: 'file', link_base: { source: 'config', url: 'https://adega.test' }, messages: [] });
  });
});

// Ten attempts at the delay above, a second or more apart, took 15 s: this app retries as soon as its runner polls
// again (0.5 s). The tests above keep the delay, which leaves them time to stop and start the SMTP server between two
// attempts.
describe('e-mail through a real SMTP server, retried without delay', () => {
  const { t, smtp } = mailingTestAppPerFile({ mailRetry: { delaySeconds: 0, maxDelaySeconds: 0 } });

  it('gives up after the last attempt when the server keeps answering 4xx', async () => {
    const to = 'sempre-ocupado@restaurante.com.br';
    smtp.refuseNext(MAIL_MAX_ATTEMPTS, 451, 'Mailbox busy, try again later');
    const id = await queueTo(t, to);
    await expect.poll(async () => (await mailRow(t, id))?.status, { timeout: 60_000, interval: 500 }).toBe('failed');
    const row = await mailRow(t, id);
    expect(row?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row?.lastError).toContain('451');
    expect(smtp.messages.filter((m) => m.to === to)).toHaveLength(0);
  }, 90_000);
});
