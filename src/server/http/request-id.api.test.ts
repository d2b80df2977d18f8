import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../test-support/factories.js';
import { testAppPerFile } from '../test-support/file-app.js';

/**
 * The request id (decision 0085): back in X-Request-Id, on the request's log lines, and on the lines of the jobs it
 * queued (and of the jobs those queued). A real port: the id is given on the raw server, which app.inject skips.
 */
let logs = '';
const stream = new PassThrough();
stream.on('data', (chunk) => {
  logs += chunk.toString();
});
const t = testAppPerFile({ logLevel: 'info' }, {}, stream);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let base = '';
beforeAll(async () => {
  // Fastify answers the address it listens on.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.jobs.start({ work: false });
});

type Line = { reqId?: string; msg?: string; [key: string]: unknown };
const lines = (): Line[] =>
  logs
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

const forgot = (email: string, requestId: string) =>
  fetch(`${base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ email }),
  });

describe('X-Request-Id', () => {
  it('keeps a sane incoming id, makes one otherwise, and the log lines of the request carry it', async () => {
    const kept = await fetch(`${base}/api/health`, { headers: { 'x-request-id': '5f2b9c0e7d3a41b8a6e0c1d2f3a4b5c6' } });
    expect(kept.headers.get('x-request-id')).toBe('5f2b9c0e7d3a41b8a6e0c1d2f3a4b5c6');
    const made = await fetch(`${base}/api/health`);
    const madeId = made.headers.get('x-request-id') ?? '';
    expect(madeId).toMatch(UUID);
    for (const insane of ['com espaço', 'x'.repeat(101), 'a\\b', 'quebra%0Adelinha']) {
      const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': insane } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
    const notFound = await fetch(`${base}/nada/aqui/mesmo`, { method: 'DELETE', headers: { 'x-request-id': 'pedido-404' } });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-request-id')).toBe('pedido-404');

    const completed = lines().filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.reqId)).toEqual(expect.arrayContaining(['5f2b9c0e7d3a41b8a6e0c1d2f3a4b5c6', madeId, 'pedido-404']));
  });

  it('follows the request into the jobs it queues, and into the jobs those queue, without mixing two requests', async () => {
    const user = await createUser(t.db, 'sommelier');
    await t.app.jobs.drain();
    const [withAccount, without] = await Promise.all([
      forgot(user.email, 'pedido-com-conta'),
      forgot(uniqueEmail('sem'), 'pedido-sem-conta'),
    ]);
    expect([withAccount.status, without.status]).toEqual([202, 202]);
    expect(withAccount.headers.get('x-request-id')).toBe('pedido-com-conta');
    logs = '';
    // The reset jobs run; the one for an account queues the e-mail's delivery, which writes it to a file (no SMTP_URL).
    await t.app.jobs.drain();
    const after = lines();
    const line = (msg: string) => after.filter((l) => l.msg === msg);
    expect(line('password reset asked for an e-mail without an active account: nothing sent').map((l) => l.reqId)).toEqual([
      'pedido-sem-conta',
    ]);
    expect(line('e-mail written to a file (no SMTP_URL): pass it on by hand').map((l) => l.reqId)).toEqual(['pedido-com-conta']);
  });
});
