import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { Role } from '../../shared/roles.js';
import type { AppConfig } from '../config.js';
import { createUser, type TestUser } from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The app of a test file: created in beforeAll, closed in afterAll. The returned value stands for it
 * from the start, so the file can hold it in a const; read it only inside hooks and tests.
 */
export function testAppPerFile(overrides: Partial<AppConfig> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(() => current?.close());
  const ready = () => {
    if (!current) throw new Error('The test app is created in beforeAll: use it inside hooks and tests.');
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get config() {
      return ready().config;
    },
    get databaseUrl() {
      return ready().databaseUrl;
    },
    as: (token, options) => ready().as(token, options),
    call: (user, method, url, payload) => ready().call(user, method, url, payload),
    close: () => ready().close(),
  };
}

/** A user of `role` with a token, created in beforeAll once the file's app is there. */
export function testUserPerFile(t: TestApp, role: Role): TestUser {
  let current: TestUser | undefined;
  beforeAll(async () => {
    current = await createUser(t.db, role);
  });
  const ready = () => {
    if (!current) throw new Error('The test user is created in beforeAll: use it inside hooks and tests.');
    return current;
  };
  return {
    get id() {
      return ready().id;
    },
    get email() {
      return ready().email;
    },
    get role() {
      return ready().role;
    },
    get token() {
      return ready().token;
    },
  };
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
