import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite-lock.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'adega-lock-'));
const lockFile = (d: string) => path.join(d, 'pglite.lock');
/** A child process that waits until it is killed. */
const idleProcess = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);

async function kill(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('lockDataDir', () => {
  it('refuses a directory held by a live process, with a clear message', async () => {
    const d = dir();
    const other = idleProcess();
    try {
      writeFileSync(lockFile(d), String(other.pid));
      expect(() => lockDataDir(d)).toThrow(/já está em uso pelo processo \d+/);
    } finally {
      await kill(other);
    }
  });

  it('takes over the lock of a process that was killed', async () => {
    const d = dir();
    const other = idleProcess();
    writeFileSync(lockFile(d), String(other.pid));
    await kill(other);
    const release = lockDataDir(d);
    expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('is released on close and can be taken again', () => {
    const d = dir();
    const release = lockDataDir(d);
    expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(d))).toBe(false);
    const again = lockDataDir(d);
    expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.pid));
    again();
  });
});
