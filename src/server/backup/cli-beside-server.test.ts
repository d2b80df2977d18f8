import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it, vi } from 'vitest';
import { freePort, serverArgs, startServerProcess, stopProcess } from '../test-support/server-process.js';
import { pgliteFromTemplate } from '../test-support/test-database.js';
import { backupSocketPath } from './backup-socket.js';

// The server from the sources as a process of its own, and the command line beside it: seconds apiece.
vi.setConfig({ testTimeout: 180_000 });

const dirs: string[] = [];
const temporaryDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup`/`restore` as the operator runs them: exit code and output. */
async function cli(dataDir: string, ...args: string[]) {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
  });
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

it('the running server takes the embedded database backup the command line asks for; the copy restores elsewhere', async () => {
  const dataDir = temporaryDir('adega-served-');
  // A migrated database, as a restaurant has it after its first start: a first start (initdb and every migration) took
  // the server twice as long to answer, and is readiness-process.api.test.ts's.
  await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
  const server = await startServerProcess({
    args: serverArgs(),
    port: await freePort(),
    dataDir,
    admin: { email: 'dono@adega.test', password: 'senha-segura-123' },
  });
  try {
    const folder = temporaryDir('adega-cli-backups-');
    const backup = await cli(dataDir, 'backup', '--to', folder);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    const [name] = readdirSync(folder);
    expect(backup.stdout).toContain(`Backup concluído (pelo servidor em execução): ${path.join(folder, name as string)}\n`);

    // The data directory is the server's: restoring over it is refused while it runs.
    const over = await cli(dataDir, 'restore', path.join(folder, name as string), '--force');
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`O diretório de dados ${dataDir} já está em uso pelo processo ${server.pid}.`);

    const elsewhere = temporaryDir('adega-cli-restored-');
    const restored = await cli(elsewhere, 'restore', path.join(folder, name as string));
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(restored.stdout).toMatch(new RegExp(`^Backup de .+ \\(versão \\d+\\.\\d+\\.\\d+\\) restaurado em ${elsewhere}: `));
    expect(readdirSync(path.join(elsewhere, 'pglite'))).toContain('PG_VERSION');
  } finally {
    await stopProcess(server, 'SIGTERM');
  }
  expect(existsSync(backupSocketPath(dataDir))).toBe(false);
});
