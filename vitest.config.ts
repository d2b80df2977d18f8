import { configDefaults, defineConfig } from 'vitest/config';

// API tests (*.api.test.ts) run on PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Tests that only mean something on a PostgreSQL server: skipped on PGlite alone, run once (on PostgreSQL) otherwise.
const POSTGRES_ONLY = [
  'src/server/public-pages/multi-process.api.test.ts',
  'src/server/multi-process-nginx.api.test.ts',
  'src/server/rolling-restart.api.test.ts',
];
// Tests of the embedded database alone: not run again on PostgreSQL, where they would only show as skipped.
const PGLITE_ONLY = [
  'src/server/http/low-disk-process.api.test.ts',
  'src/server/modules/product-import/import-kill-restart.api.test.ts',
  'src/server/db/fair-share-requests.api.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['src/server/test-support/global-setup.ts'],
    // Generous for a slow two-core machine: a file's 40 s once took 9 minutes there (product-import.api, 2026-12-06,
    // when this suite still ran beside the browser suite). A hung test still fails, later.
    testTimeout: 120_000,
    // Test files share their worker's loaded modules: each file still gets its own database and app (createTestApp),
    // and loading Fastify, Drizzle and the modules again for each of ~190 files cost more than the tests themselves.
    isolate: false,
    // Vitest's default on two cores is one worker (cores - 1), yet much of an API test's time is waiting: for a child
    // process to start, an SMTP retry, a job poll. Two files at a time (three gained 5 % and loaded the machine to 90 %:
    // decision 0099). VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    hookTimeout: 180_000,
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
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/**/*.api.test.ts'],
                exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
                env: { ADEGA_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
