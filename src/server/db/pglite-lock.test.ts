import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite-lock.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'adega-lock-'));

describe('lockDataDir', () => {
  it('refuses a directory held by a live process, with a clear message', async () => {
    const d = dir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(d, 'pglite.lock'), String(other.pid));
      expect(() => lockDataDir(d)).toThrow(/já está em uso pelo processo \d+/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that was killed', async () => {
    const d = dir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    writeFileSync(path.join(d, 'pglite.lock'), String(other.pid));
    process.kill(other.pid as number, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const release = lockDataDir(d);
    expect(readFileSync(path.join(d, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('is released on close and can be taken again', () => {
    const d = dir();
    const release = lockDataDir(d);
    release();
    lockDataDir(d)();
  });
});
