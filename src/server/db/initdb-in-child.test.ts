import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { initdbInChild } from './initdb-in-child.js';

it('creates the embedded database files on the first start and leaves existing ones alone (decision 0028)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'adega-initdb-'));
  try {
    await initdbInChild(dir);
    const version = path.join(dir, 'PG_VERSION');
    expect(existsSync(version)).toBe(true);
    expect(existsSync(path.join(dir, 'global', 'pg_control'))).toBe(true);
    const created = statSync(version).mtimeMs;
    await initdbInChild(dir);
    expect(statSync(version).mtimeMs).toBe(created);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('fails with the reason when the files cannot be created', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'adega-initdb-'));
  try {
    const notADirectory = path.join(dir, 'file');
    await import('node:fs/promises').then((fs) => fs.writeFile(notADirectory, 'x'));
    await expect(initdbInChild(path.join(notADirectory, 'pglite'))).rejects.toThrow(/ENOTDIR/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
