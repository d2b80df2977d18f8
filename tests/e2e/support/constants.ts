import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The browser suite runs in E2E_WORKERS workers, each against a server and database of its own (decision 0088), the
 * way each Vitest file gets its own database: a spec may read marketplace-wide figures or count what it created
 * without another worker's tests changing them. Worker N talks to the server on E2E_BASE_PORT + N.
 */
// Three: alone on two cores (decision 0099), two workers left the CPU idle a tenth of the time while pages waited.
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
/** Set by Playwright in each worker process before the config and the specs load; absent in the runner. */
const workerSlot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Where a spec's webhook receiver listens (a loopback address of its own, listed in WEBHOOK_ALLOWED_HOSTS). */
export const E2E_WEBHOOK_HOST = '127.0.0.2';
export const E2E_ADMIN = { email: 'admin@adega.test', password: 'senha-do-admin-123' };

/** What an e2e server (start-server.mjs) is started with: the suite's (playwright.config.ts) or a spec's own. */
export const e2eServerEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // The suite's admin signs in with a password alone; two-step.spec.ts turns two-step on for its own manager.
  TWO_STEP_REQUIRED_ROLES: 'none',
  // The webhook receiver of api-keys.spec.ts listens on this loopback address: the one internal address webhooks may reach.
  WEBHOOK_ALLOWED_HOSTS: E2E_WEBHOOK_HOST,
  // A passkey needs a host name, never an IP address: two-step.spec.ts opens the app on localhost for it.
  PASSKEY_ORIGIN: `http://localhost:${port}`,
});

/**
 * Where the suite's servers keep their data, fixed when the runner loads the config and inherited by the servers and
 * the workers, so a spec can read the e-mails its server writes under DATA_DIR/mail.
 */
process.env.E2E_DATA_ROOT ??= path.join(tmpdir(), `adega-e2e-${E2E_BASE_PORT}-${process.pid}`);
export const e2eDataDir = (slot: number) => `${process.env.E2E_DATA_ROOT}-${slot}`;
export const e2ePort = (slot: number) => E2E_BASE_PORT + slot;

/** This worker's server. */
export const E2E_PORT = e2ePort(workerSlot);
export const E2E_DATA_DIR = e2eDataDir(workerSlot);
