import { describe, expect, it } from 'vitest';
import { createWorkQueue, IMAGE_QUEUE_FULL } from './image-queue.js';

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, refuses the rest with a pt-BR 503', async () => {
    const run = createWorkQueue(1, 1);
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const job = (value: string) => () =>
      new Promise<string>((resolve) => {
        active++;
        peak = Math.max(peak, active);
        releases.push(() => {
          active--;
          resolve(value);
        });
      });
    const first = run(job('a'));
    const second = run(job('b'));
    await expect(run(job('c'))).rejects.toMatchObject({ statusCode: 503, detail: IMAGE_QUEUE_FULL });
    expect(releases).toHaveLength(1);
    releases[0]?.();
    expect(await first).toBe('a');
    await Promise.resolve();
    expect(releases).toHaveLength(2);
    releases[1]?.();
    expect(await second).toBe('b');
    expect(peak).toBe(1);
    // Free again: the next job starts at once.
    const third = run(async () => 'd');
    expect(await third).toBe('d');
  });

  it('frees the slot when a job fails', async () => {
    const run = createWorkQueue(1, 0);
    await expect(run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await run(async () => 'ok')).toBe('ok');
  });
});
