import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './tests/e2e/support/chromium.js';
import { E2E_PORT, E2E_WORKERS, e2eDataDir, e2ePort, e2eServerEnv } from './tests/e2e/support/constants.js';

const executablePath = findChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Spec files are shared out among the workers; each worker has its own server (constants.ts, decision 0088).
  workers: E2E_WORKERS,
  // A flaky test must show, not pass on its second try.
  retries: 0,
  timeout: 60_000,
  // Generous for a busy two-core machine (a 52-wine menu once took over 10 s to show there); a broken page still fails.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records a screencast and DOM snapshots of every step of every test, which cost CI a quarter of the
    // browser suite's time (decision 0097); CI's files are not kept, so only a local run records one.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  // One server per worker, each with a fresh database and data directory of its own.
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    command: 'node tests/e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${e2ePort(slot)}/api/health`,
    reuseExistingServer: false,
    // A fresh PGlite is created and migrated twice (the e2e suppliers, then the app): slow on a busy machine.
    timeout: 150_000,
    env: {
      ...e2eServerEnv(e2ePort(slot)),
      E2E_DATA_DIR: e2eDataDir(slot),
      PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePort(slot)}`,
    },
  })),
});
