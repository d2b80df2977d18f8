// Starts the built app on a fresh, throw-away data directory for one Playwright run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedSuppliers } from './seed-suppliers.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-e2e-'));
// Specs read the e-mails this server writes (DATA_DIR/mail, no SMTP_URL) through this pointer: support/mailbox.ts.
const pointer = dataDirPointer(process.env.PORT);
writeFileSync(pointer, dataDir);
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
  rmSync(pointer, { force: true });
  process.exit(code ?? 0);
});

/** Where the data directory of the e2e server on `port` is written down (the same path support/mailbox.ts reads). */
function dataDirPointer(port) {
  return path.join(tmpdir(), `adega-e2e-${port}.data-dir`);
}
