import { type ChildProcess, spawn } from 'node:child_process';
import { request as newRequest } from '@playwright/test';
import { e2eServerEnv } from './constants.js';
import { expect, test } from './fixtures.js';

/**
 * For the describe it is called in: the suite's server again, but without PUBLIC_BASE_URL (links and QR codes take
 * the address of the request), on `port`, started before its tests and stopped after them. It gets a data directory
 * of its own (start-server.mjs makes one when E2E_DATA_DIR is unset). Answers its base URL.
 */
export function serverWithoutPublicBaseUrl(port: number): string {
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    // As long as the suite's own servers get (playwright.config.ts): a fresh database is made and migrated twice, on a
    // machine busy with the other workers' browsers.
    test.setTimeout(180_000);
    const { PUBLIC_BASE_URL: _unset, E2E_DATA_DIR: _suiteServers, ...inherited } = process.env;
    server = spawn(process.execPath, ['tests/e2e/support/start-server.mjs'], {
      env: { ...inherited, ...e2eServerEnv(port) },
      stdio: 'ignore',
    });
    const probe = await newRequest.newContext({ baseURL: base });
    await expect.poll(async () => (await probe.get('/api/health').catch(() => null))?.status() ?? 0, { timeout: 150_000 }).toBe(200);
    await probe.dispose();
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });
  return base;
}
