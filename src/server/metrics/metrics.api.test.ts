import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstablishmentRow, createMenuRow, createUser, uniqueEmail } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { parsePrometheusText, type Sample, sampleValue } from '../test-support/prometheus-text.js';
import { UNMATCHED_ROUTE } from './metrics.js';

/**
 * GET /metrics after known traffic (decision 0085). The app listens on a real port: requests are followed on the raw
 * server (app.inject never goes through it), as in production.
 */
const TOKEN = 'token-das-metricas-de-teste-0123456789';
let logs = '';
const stream = new PassThrough();
stream.on('data', (chunk) => {
  logs += chunk.toString();
});
const t = testAppPerFile({ logLevel: 'info', metrics: { port: undefined, host: '127.0.0.1', token: TOKEN } }, {}, stream);
const admin = testUserPerFile(t, 'admin');

let base = '';
beforeAll(async () => {
  // Fastify answers the address it listens on.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.jobs.start({ work: false });
});

const scrape = async (): Promise<Sample[]> => {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusText(await res.text());
};
const requestCount = (samples: Sample[], route: string, method: string, status: string) =>
  sampleValue(samples, 'adega_http_request_duration_seconds_count', { route, method, status });

describe('GET /metrics', () => {
  it('counts requests per route pattern, method and status, and the public page cache hits and misses', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    const before = await scrape();

    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/${est.slug}/${menu.slug}`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/establishments/${est.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${base}/api/establishments/${est.id}`)).status).toBe(401);
    const auth = { authorization: `Bearer ${admin.token}` };
    // GETs no other route takes go to the admin app's catch-all; other methods to no route at all.
    expect((await fetch(`${base}/api/nada/${est.id}/${admin.email}`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/api/nada/${est.id}/${admin.email}`, { method: 'DELETE', headers: auth })).status).toBe(404);

    const after = await scrape();
    const added = (route: string, method: string, status: string) =>
      requestCount(after, route, method, status) - requestCount(before, route, method, status);
    expect(added('/:estSlug/:menuSlug', 'GET', '200')).toBe(3);
    expect(added('/api/health', 'GET', '200')).toBe(4);
    expect(added('/api/establishments/:id', 'GET', '200')).toBe(2);
    expect(added('/api/establishments/:id', 'GET', '401')).toBe(1);
    expect(added('/*', 'GET', '404')).toBe(1);
    expect(added(UNMATCHED_ROUTE, 'DELETE', '404')).toBe(1);
    // The scrape before this one, counted when its answer was sent.
    expect(added('/metrics', 'GET', '200')).toBe(1);
    const lookups = (samples: Sample[], result: string) => sampleValue(samples, 'adega_public_page_cache_lookups_total', { result });
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(2);
    // The histogram's buckets hold the same requests.
    expect(
      sampleValue(after, 'adega_http_request_duration_seconds_bucket', { route: '/api/health', method: 'GET', status: '200', le: '+Inf' }),
    ).toBe(requestCount(after, '/api/health', 'GET', '200'));
  });

  it('never puts an id, an e-mail, a slug or a number in a label', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    const email = uniqueEmail('rotulo');
    await fetch(`${base}/${est.slug}/${menu.slug}?q=${email}`);
    await fetch(`${base}/${est.slug}`);
    await fetch(`${base}/carta/${menu.id}`);
    await fetch(`${base}/api/establishments/${est.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    await fetch(`${base}/uploads/${est.id}.webp`);
    await fetch(`${base}/api/${email}/12345`, { method: 'PROPFIND' });
    await fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(50);
    // Statuses and bucket bounds are numbers by nature; prom-client's own version label says which Node runs.
    const numeric = new Set(['status', 'le', 'version', 'major', 'minor', 'patch']);
    const offending = samples.flatMap((s) =>
      Object.entries(s.labels)
        .filter(
          ([key, value]) =>
            /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(value) ||
            value.includes('@') ||
            [est.slug, menu.slug, email].some((word) => value.includes(word)) ||
            (!numeric.has(key) && /(^|[/:])\d+($|[/.])/.test(value)),
        )
        .map(([key, value]) => `${s.name} ${key}=${value}`),
    );
    expect(offending).toEqual([]);
    const routes = new Set(samples.filter((s) => s.name === 'adega_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(routes).toContain('/:estSlug/:menuSlug');
    expect(routes).toContain('/:estSlug');
    expect(routes).toContain('/carta/:slug');
    expect(routes).toContain(UNMATCHED_ROUTE);
    const methods = new Set(samples.filter((s) => s.name === 'adega_http_request_duration_seconds_count').map((s) => s.labels.method));
    expect(methods).toContain('OTHER');
    expect(methods).not.toContain('PROPFIND');
  });

  it('reports the process, the disk, the database pool, the outbox, imports and the job queues', async () => {
    const samples = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'adega_disk_min_free_bytes',
      'adega_db_pool_waiting',
      'adega_product_imports_running',
    ])
      expect(samples.some((s) => s.name === name)).toBe(true);
    expect(sampleValue(samples, 'adega_database_up')).toBe(1);
    expect(sampleValue(samples, 'adega_ready')).toBe(1);
    expect(sampleValue(samples, 'adega_product_imports_running')).toBe(0);
    expect(samples.filter((s) => s.name === 'adega_db_pool_connections').map((s) => s.labels.state)).toEqual(['busy', 'idle']);
  });

  it('counts the queued jobs and the mail outbox as they are', async () => {
    const user = await createUser(t.db, 'sommelier');
    await t.app.jobs.drain();
    const queued = (samples: Sample[]) =>
      sampleValue(samples, 'adega_job_queue_jobs', { queue: 'password-reset-request', state: 'queued' });
    const pending = (samples: Sample[]) => sampleValue(samples, 'adega_mail_outbox_messages', { state: 'pending' });
    for (const email of [user.email, uniqueEmail('ninguem')]) {
      const res = await fetch(`${base}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(202);
    }
    const sent = await scrape();
    expect(queued(sent)).toBe(2);
    expect(pending(sent)).toBe(0);

    // A message in the outbox, queued the way every module queues one: pending until its job delivers it.
    await t.db.transaction((tx) =>
      t.app.mailer.queue(tx, {
        to: user.email,
        kind: 'invitation',
        ...t.app.mailer.compose({ subject: 'Teste', greeting: 'Olá.', paragraphs: ['Uma mensagem.'] }, 'https://adega.test'),
      }),
    );
    expect(pending(await scrape())).toBe(1);
    await t.app.jobs.drain();
    const done = await scrape();
    expect(queued(done)).toBe(0);
    expect(pending(done)).toBe(0);
    expect(sampleValue(done, 'adega_mail_outbox_messages', { state: 'failed' })).toBe(0);
  });

  it('refuses /metrics on the main port without the token (401, pt-BR), with a wrong one, or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer errado', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({
        detail: 'Informe o token das métricas (Authorization: Bearer <METRICS_TOKEN>).',
        code: 'metrics_token_required',
      });
    }
  });

  it('serves /metrics on METRICS_PORT, with the token too when METRICS_TOKEN is set, and nothing else there', async () => {
    const server = await t.app.metrics.listen(0, '127.0.0.1');
    const address = server.address();
    const own = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect((await fetch(`${own}/metrics`)).status).toBe(401);
    expect((await fetch(`${own}/metrics`, { headers: { authorization: 'Bearer errado' } })).status).toBe(401);
    const ok = await fetch(`${own}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(sampleValue(parsePrometheusText(await ok.text()), 'adega_ready')).toBe(1);
    for (const url of ['/', '/api/health', '/metrics/x']) {
      const other = await fetch(`${own}${url}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(other.status).toBe(404);
    }
    // Not a request to the app: the app's own figures do not count it.
    const after = await scrape();
    expect(after.filter((s) => s.name === 'adega_http_request_duration_seconds_count' && s.labels.route === '/metrics/x')).toEqual([]);
  });
});

afterAll(() => {
  expect(logs).not.toContain(TOKEN);
});
