import { configDefaults, defineConfig } from 'vitest/config';

// API tests (*.api.test.ts) run on PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Tests that only mean something on a PostgreSQL server: skipped on PGlite alone, run once (on PostgreSQL) otherwise.
const POSTGRES_ONLY = ['src/server/public-pages/multi-process.api.test.ts', 'src/server/multi-process-nginx.api.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/server/test-support/global-setup.ts'],
    testTimeout: 20_000,
    // Test files share their worker's loaded modules: each file still gets its own database and app (createTestApp),
    // and loading Fastify, Drizzle and the modules again for each of ~190 files cost more than the tests themselves.
    isolate: false,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...(onPostgres ? POSTGRES_ONLY : [])],
          env: { ADEGA_TEST_DB: 'pglite' },
        },
      },
      ...(onPostgres
        ? [{ extends: true as const, test: { name: 'postgres', include: ['src/**/*.api.test.ts'], env: { ADEGA_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
