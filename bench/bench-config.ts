/** The config of an app a bench builds in its own process: production, quiet, no admin from the environment. */
import { type AppConfig, loadConfig } from '../src/server/config.js';

export function benchConfig(dataDir: string, databaseUrl = ''): AppConfig {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });
}
