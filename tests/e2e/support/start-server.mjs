// Starts the built app on a fresh, throw-away data directory for one Playwright run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedSuppliers } from './seed-suppliers.mjs';

// E2E_DATA_DIR (constants.ts) lets the specs read what the server writes there, such as DATA_DIR/mail.
function freshDataDir() {
  const given = process.env.E2E_DATA_DIR;
  if (!given) return mkdtempSync(path.join(tmpdir(), 'adega-e2e-'));
  rmSync(given, { recursive: true, force: true });
  mkdirSync(given, { recursive: true });
  return given;
}
const dataDir = freshDataDir();
await seedSuppliers(dataDir);
const child = spawn(process.execPath, ['dist/node/server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
