import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../db/client.js';
import { parsePrometheusText, sampleValue } from '../test-support/prometheus-text.js';
import { freePort, serverArgs, stopProcess } from '../test-support/server-process.js';
import { openTestDatabase } from '../test-support/test-database.js';

/**
 * Readiness during start-up (decision 0085), with the server as its own process (`main.ts`, as `npm start` runs it): the
 * port answers 503 `starting` while the database opens and migrates, then the app answers and readiness turns 200.
 * On PostgreSQL the test holds the migration lock, so the process stays in its migrations for as long as the test
 * wants; on PGlite a fresh data directory is created and migrated, which takes seconds. The metrics port is tried
 * on the started process.
 */
const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) await stopProcess(child);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Answer = { status: number; code?: string } | 'refused';

async function ask(url: string): Promise<Answer> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, ...(body.code && { code: body.code }) };
  } catch {
    return 'refused';
  }
}

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      JWT_SECRET: 'readiness-process-secret-readiness-process-0123',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, output: () => stderr };
}

/** Asks `url` every 50 ms until `done` says stop; every answer, in order. */
async function watch(url: string, child: ChildProcess, output: () => string, done: (answer: Answer) => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = performance.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output()}`);
    if (performance.now() > deadline) throw new Error(`no end in 240 s: ${JSON.stringify(answers.slice(-5))} ${output()}`);
    const answer = await ask(url);
    answers.push(answer);
    if (done(answer)) return answers;
    await sleep(50);
  }
}

const isReady = (a: Answer) => a !== 'refused' && a.status === 200;
const isStarting = (a: Answer) => a !== 'refused' && a.status === 503 && a.code === 'starting';

describe('readiness while the server starts', () => {
  it('answers 503 "starting" while the database opens and migrates, then 200; the metrics port serves /metrics', {
    timeout: 540_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-ready-process-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    let holder: pg.Client | undefined;
    let databaseUrl = '';
    if (onPostgres) {
      const database = await openTestDatabase();
      databaseUrl = database.connectionString ?? '';
      cleanups.push(() => database.close());
      // Another process migrating: this one waits for the lock, inside its start-up.
      holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      cleanups.push(() => holder?.end().catch(() => undefined) ?? Promise.resolve());
    }
    const { child, output } = startMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      METRICS_PORT: String(metricsPort),
    });

    const ready = `${base}/api/health/ready`;
    if (holder) {
      await watch(ready, child, output, isStarting);
      // Held in its migrations: the health checks say so; a guest's request waits for the app instead of failing.
      let guestAnswered = false;
      const guest = fetch(`${base}/pedra-da-ilha/carta-de-vinhos`).then((res) => {
        guestAnswered = true;
        return res;
      });
      for (let i = 0; i < 5; i++) expect(await ask(ready)).toEqual({ status: 503, code: 'starting' });
      expect(await ask(`${base}/api/health`)).toEqual({ status: 503, code: 'starting' });
      expect(guestAnswered).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      // The app answers it once built: no such establishment on this new database, so its own 404 page.
      const held = await guest;
      expect(held.status).toBe(404);
      expect(held.headers.get('connection')).toBe('close');
    }
    const answers = await watch(ready, child, output, isReady);
    if (!onPostgres) {
      // Nothing before the port opens, then `starting` while PGlite is created and migrated; the app itself may still
      // be loading the catalogue's search index before its first 200.
      const before = answers.slice(0, answers.findIndex(isReady));
      expect(before.some(isStarting)).toBe(true);
      const other = before.filter((a) => a !== 'refused' && !isStarting(a) && !(a.status === 503 && a.code === 'search_index_loading'));
      expect(other).toEqual([]);
    }

    // The metrics listener, on its own port; the main port has no /metrics without METRICS_TOKEN.
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const samples = parsePrometheusText(await metrics.text());
    expect(sampleValue(samples, 'adega_ready')).toBe(1);
    expect(sampleValue(samples, 'adega_database_up')).toBe(1);
    expect(
      sampleValue(samples, 'adega_http_request_duration_seconds_count', { route: '/api/health/ready', method: 'GET', status: '200' }),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
    const mainPort = await fetch(`${base}/metrics`);
    expect(await mainPort.text()).not.toContain('adega_http_request_duration_seconds');
  });
});
