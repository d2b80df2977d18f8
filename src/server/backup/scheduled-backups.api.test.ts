import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppPerFile, testUsersPerFile } from '../test-support/file-app.js';
import { BACKUP_QUEUE } from './scheduled.js';

vi.setConfig({ testTimeout: 60_000 });

const folder = mkdtempSync(path.join(tmpdir(), 'adega-scheduled-backups-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const t = testAppPerFile({ backup: { to: folder, cron: '0 3 * * *', keep: 2 } });
const users = testUsersPerFile(t, ['admin', 'restaurant_manager']);
beforeAll(() => t.app.jobs.start({ work: false }));

const status = async () => {
  const res = await t.call(users.admin, 'GET', '/api/backups/status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function takeScheduledBackup() {
  await t.app.jobs.send(BACKUP_QUEUE, {});
  await t.app.jobs.drain();
}

describe('scheduled backups', () => {
  it('the admin sees that they are scheduled and that none has run yet; nobody else sees it', async () => {
    expect(await status()).toEqual({ scheduled: true, last: null });
    expect((await t.call(users.restaurant_manager, 'GET', '/api/backups/status')).statusCode).toBe(403);
  });

  it('each run is a backup in BACKUP_TO, the newest BACKUP_KEEP are kept, and the admin sees when the last one ran', async () => {
    for (let i = 0; i < 3; i++) await takeScheduledBackup();
    const backups = readdirSync(folder).sort();
    expect(backups).toHaveLength(2);
    const last = (await status()).last;
    expect(last).toMatchObject({ state: 'ok', detail: path.join(folder, backups[1] as string) });
    expect(Date.parse(last.finished_at)).toBeGreaterThanOrEqual(Date.parse(last.started_at));
  });

  it('a failed run shows as failed, with its reason', async () => {
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'não é uma pasta');
    await expect(takeScheduledBackup()).rejects.toThrow();
    const last = (await status()).last;
    expect(last).toMatchObject({ state: 'failed', detail: expect.stringMatching(/ENOTDIR|EEXIST/) });
    expect(last.finished_at).not.toBeNull();
  });
});
