import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test-support/file-app.js';
import { createJobRunner, type JobRunner, jobsConnection } from './runner.js';

const t = testAppPerFile();
const runners: JobRunner[] = [];
// Registered after the app's: runs before the app is closed.
afterAll(async () => {
  for (const runner of runners) await runner.stop();
});

// Both drivers answer raw SQL with { rows }; the shared Db type does not say so.
const rowsOf = async <Row>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

const newRunner = () => {
  const runner = createJobRunner(jobsConnection(t.app.database), t.app.log);
  runners.push(runner);
  return runner;
};

describe('building an app', () => {
  it('creates a runner but starts nothing: no queue in the database, no work', async () => {
    // The test template carries pg-boss's schema already (global-setup.ts); a started runner would add its queues.
    const [row] = await rowsOf<{ queues: number }>(sql`select count(*)::int as queues from pgboss.queue`);
    expect(row?.queues).toBe(0);
    await expect(t.app.jobs.drain()).rejects.toThrow('not started');
    await expect(t.app.jobs.send('uploads.orphan-cleanup', {})).rejects.toThrow('not started');
  });
});

describe('a runner drained by hand', () => {
  const worked: string[] = [];
  let runner: JobRunner;
  beforeAll(async () => {
    runner = newRunner();
    runner.register<{ word: string }>({
      name: 'test.echo',
      async handle({ word }) {
        worked.push(word);
      },
    });
    runner.register<{ words: string[] }>({
      name: 'test.fan-out',
      async handle({ words }) {
        for (const word of words) await runner.send('test.echo', { word });
      },
    });
    runner.register<{ reason: string }>({
      name: 'test.broken',
      queue: { retryLimit: 0 },
      async handle({ reason }) {
        throw new Error(reason);
      },
    });
    await runner.start({ work: false });
  });

  it('works every queued job once, with its data, and then finds nothing', async () => {
    worked.length = 0;
    await runner.send('test.echo', { word: 'tinto' });
    await runner.send('test.echo', { word: 'branco' });
    expect(await runner.drain()).toBe(2);
    expect(worked.sort()).toEqual(['branco', 'tinto']);
    expect(await runner.drain()).toBe(0);
  });

  it('also works the jobs that jobs queue, in the same drain', async () => {
    worked.length = 0;
    await runner.send('test.fan-out', { words: ['rosé', 'espumante'] });
    expect(await runner.drain()).toBe(3);
    expect(worked.sort()).toEqual(['espumante', 'rosé']);
  });

  it('rethrows a failing job and records it as failed, not to be worked again', async () => {
    await runner.send('test.broken', { reason: 'rolha quebrada' });
    await expect(runner.drain()).rejects.toThrow('rolha quebrada');
    expect(await runner.drain()).toBe(0);
    const [row] = await rowsOf<{ state: string }>(sql`select state from pgboss.job where name = 'test.broken'`);
    expect(row?.state).toBe('failed');
  });

  it('counts the jobs per queue and state, and the failures of this process (the metrics read both)', async () => {
    const figures = async () => Object.fromEntries((await runner.queueStats()).map(({ name, ...counts }) => [name, counts]));
    const failedBefore = runner.failures().get('test.broken') ?? 0;
    const storedBefore = (await figures())['test.broken']?.failed ?? 0;
    await runner.send('test.echo', { word: 'laranja' });
    await runner.send('test.echo', { word: 'verde' });
    await runner.send('test.broken', { reason: 'tampa torta' });
    expect(await figures()).toMatchObject({
      'test.echo': { queued: 2, active: 0, failed: 0 },
      'test.broken': { queued: 1, active: 0, failed: storedBefore },
      'test.fan-out': { queued: 0, active: 0, failed: 0 },
    });
    await expect(runner.drain()).rejects.toThrow('tampa torta');
    await runner.drain();
    expect(await figures()).toMatchObject({
      'test.echo': { queued: 0, active: 0, failed: 0 },
      'test.broken': { queued: 0, active: 0, failed: storedBefore + 1 },
    });
    expect(runner.failures().get('test.broken')).toBe(failedBefore + 1);
    expect(runner.failures().has('test.echo')).toBe(false);
  });

  it('refuses unknown queues, late registrations and a second start', async () => {
    await expect(runner.send('test.unknown', {})).rejects.toThrow('no queue named test.unknown');
    expect(() => runner.register({ name: 'test.late', handle: async () => undefined })).toThrow('after the job runner started');
    await expect(runner.start({ work: false })).rejects.toThrow('already started');
  });
});

describe('a started runner', () => {
  it('works queued jobs in the background, as in production', async () => {
    const runner = newRunner();
    let resolveWorked: (word: string) => void = () => undefined;
    const workedInBackground = new Promise<string>((resolve) => {
      resolveWorked = resolve;
    });
    runner.register<{ word: string }>({
      name: 'test.background',
      async handle({ word }) {
        resolveWorked(word);
      },
    });
    await runner.start();
    await runner.send('test.background', { word: 'licoroso' });
    expect(await workedInBackground).toBe('licoroso');
    await runner.stop();
  });
});
