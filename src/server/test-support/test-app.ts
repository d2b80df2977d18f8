import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ensureTwoStepPolicy } from '../modules/auth/index.js';
import { openTestDatabase } from './test-database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing!';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** The PostgreSQL database of this test file, for a second app process on it (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** app.inject with a Bearer token. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Shorthand of `as` for the common case: a user, a method, a URL and an optional JSON body. */
  call(
    user: { token: string },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The config of an app under test: a silent log, the test JWT secret and files in `dataDir`. */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    adminEmail: undefined,
    adminPassword: undefined,
    publicBaseUrl: 'https://adega.test',
    passkeyOrigin: 'https://adega.test',
    // Existing tests sign admins in without two-step; two-step.api.test.ts turns the rule on where it tests it.
    twoStepRequiredRoles: [],
    logLevel: 'silent',
    smtpUrl: undefined,
    mailFrom: 'Adega <nao-responda@adega.test>',
    trustProxy: false,
    onboardingEmailDnsCheck: false,
    apiKeyRateLimit: 600,
    // A test's webhook receiver runs on 127.0.0.1: webhooks.api.test.ts lists it where it means to reach it.
    webhookAllowedHosts: [],
    s3: undefined,
    // Tests write a few files: the threshold is not what they test (disk-space.api.test.ts sets its own).
    minFreeDiskBytes: 0,
    shutdownTimeoutMs: 20_000,
    backup: undefined,
    clientDir: undefined,
    metrics: { port: undefined, host: '127.0.0.1', token: undefined },
    ...overrides,
  };
}

/** One app and one fresh database per test file (create it in beforeAll, close it in afterAll). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  logStream?: NodeJS.WritableStream,
  buildOptions: Pick<BuildOptions, 'mailDomainResolver' | 'mailRetry' | 'webhookRetry' | 'disk' | 'searchIndexBeforeLoad'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-app-'));
  const config = testConfig(dataDir, overrides);
  const database = await openTestDatabase();
  const as = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  // Jobs a test waits for (an e-mail, a QR sheet) are picked up as their transaction commits, and a retry that comes
  // due within half a second rather than pg-boss's two.
  const app = await buildApp(config, {
    jobPollingSeconds: 0.5,
    jobWakeups: true,
    ...buildOptions,
    ...(logStream ? { database, logStream } : { database, logger: false }),
  });
  await app.ready();
  await ensureTwoStepPolicy(app.database.db, config.twoStepRequiredRoles);
  return {
    app,
    db: database.db,
    config,
    databaseUrl: database.connectionString,
    as,
    call: (user, method, url, payload) => as(user.token, { method, url, ...(payload && { payload }) }),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
