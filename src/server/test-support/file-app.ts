import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { Role } from '../../shared/roles.js';
import type { AppConfig } from '../config.js';
import { createUser, type TestUser } from './factories.js';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A value made in beforeAll, held from the start: the returned object stands for it (reads go to it once
 * it is made), so a test file can keep it in a const. Read it only inside hooks and tests.
 */
function madeBeforeAll<T extends object>(make: () => Promise<T>, what: string): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!made) throw new Error(`${what} is made in beforeAll: use it inside hooks and tests.`);
      return Reflect.get(made, key);
    },
  });
}

/** The app of a test file with a fresh database: made in beforeAll, closed in afterAll. */
export function testAppPerFile(
  overrides: Partial<AppConfig> = {},
  buildOptions: Parameters<typeof createTestApp>[2] = {},
  logStream?: NodeJS.WritableStream,
): TestApp {
  const t = madeBeforeAll(() => createTestApp(overrides, logStream, buildOptions), 'The test app');
  afterAll(() => t.close());
  return t;
}

/** The app of a test file that sends mail: a local SMTP server, the app sending to it and its jobs started. */
export function mailingTestAppPerFile(
  buildOptions: Parameters<typeof createTestApp>[2] = {},
  overrides: Partial<AppConfig> = {},
): { t: TestApp; smtp: TestSmtpServer } {
  const smtp = madeBeforeAll(() => startTestSmtpServer(), 'The test SMTP server');
  const t = madeBeforeAll(async () => {
    const app = await createTestApp({ ...overrides, smtpUrl: smtp.url }, undefined, buildOptions);
    await app.app.jobs.start();
    return app;
  }, 'The test app');
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  return { t, smtp };
}

/** A user of `role` with a token, made in beforeAll once the file's app is there. */
export function testUserPerFile(t: TestApp, role: Role): TestUser {
  return madeBeforeAll(() => createUser(t.db, role), `The test ${role}`);
}

/** One user of each of `roles`, made in beforeAll (in that order) once the file's app is there. */
export function testUsersPerFile<R extends Role>(t: TestApp, roles: readonly R[]): Record<R, TestUser> {
  return Object.fromEntries(roles.map((role) => [role, testUserPerFile(t, role)])) as Record<R, TestUser>;
}

/** Records every public-page invalidation of the file's app (the pages are still invalidated), cleared before each test. */
export function invalidationSpyPerFile(t: TestApp) {
  const invalidate = vi.fn<(establishmentId: string) => void>();
  beforeAll(() => {
    const pages = t.app.publicPages;
    const invalidateEstablishment = pages.invalidateEstablishment.bind(pages);
    pages.invalidateEstablishment = (establishmentId) => {
      invalidate(establishmentId);
      invalidateEstablishment(establishmentId);
    };
  });
  beforeEach(() => invalidate.mockClear());
  return invalidate;
}
