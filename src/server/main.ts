import './heap-growth.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureInitialAdmin } from './modules/auth/index.js';
import { requestMailSweep } from './modules/mail/index.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  await ensureInitialAdmin(app.database.db, app.log, { email: config.adminEmail, password: config.adminPassword });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight finish first (they may still queue jobs), then the job runner stops (waiting for the jobs
    // in progress), then the database closes: the app's onClose hook keeps that order.
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Once per process, before listening: any request may queue a job. Tests build apps without starting it.
  await app.jobs.start();
  // Messages written while no runner was started (before this start, or by a process without one) go out now.
  await requestMailSweep(app.jobs);
  // Imports a killed process left half done resume now rather than at the next recovery tick.
  await app.productImportJobs.recover();
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  app.log.info(`Adega pronto em ${url} (banco: ${app.database.kind === 'pglite' ? `embutido em ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha ao iniciar o Adega: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
