import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_ADMIN = { email: 'admin@adega.test', password: 'senha-do-admin-123' };

/** What an e2e server (start-server.mjs) is started with: the suite's (playwright.config.ts) or a spec's own. */
export const e2eServerEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
});

/**
 * The e2e server's DATA_DIR, fixed when the runner loads the config and inherited by the server and the workers, so a
 * spec can read the e-mails the server writes under DATA_DIR/mail.
 */
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `adega-e2e-${E2E_PORT}-${process.pid}`);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
