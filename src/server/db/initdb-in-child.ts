import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { siblingModule } from '../core/sibling-module.js';

/**
 * On the first start, creates the embedded database's files in a child process. PGlite runs initdb in a second
 * WebAssembly instance of hundreds of MB that the garbage collector of this process kept for minutes (nothing here
 * asks for memory), so a server started on an empty data dir idled at twice its memory (decision 0028). A worker
 * thread returned only part of it; a process that exits returns all of it.
 */
export async function initdbInChild(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const initdb = siblingModule(import.meta.url, 'pglite-initdb');
  const script = fileURLToPath(initdb.url);
  const args = initdb.fromSources ? ['--import', 'tsx', script, dir] : [script, dir];
  await promisify(execFile)(process.execPath, args, { env: { ...process.env, NODE_OPTIONS: '' } });
}
