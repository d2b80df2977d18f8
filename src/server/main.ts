import './heap-growth.js';
import { buildApp } from './app.js';
import { serveBackupRequests } from './backup/backup-socket.js';
import { runBackup } from './backup/run-backup.js';
import { ConfigError, loadConfig } from './config.js';
import { listenWhileStarting } from './http/readiness.js';
import { ensureInitialAdmin, ensureTwoStepPolicy } from './modules/auth/index.js';
import { requestMailSweep } from './modules/mail/index.js';
import { requestWebhookSweep } from './modules/webhooks/index.js';
import { shutDown } from './shutdown.js';

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

  // The port answers 503 (`starting`) while the database opens and migrates: readiness says so rather than nothing.
  const startup = await listenWhileStarting(config.port, config.host);
  const app = await buildApp(config);
  await ensureInitialAdmin(app.database.db, app.log, { email: config.adminEmail, password: config.adminPassword });
  // Written here rather than in buildApp: building an app must not need the database to answer (readiness tests).
  await ensureTwoStepPolicy(app.database.db, config.twoStepRequiredRoles);

  let closing = false;
  let stopServingBackups: (() => Promise<void>) | undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight and handing back unfinished jobs');
    // Whatever happens, the process is gone within SHUTDOWN_TIMEOUT.
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // No new backup request is taken (one under way finishes), then requests, jobs and the database (shutdown.ts).
    Promise.resolve(stopServingBackups?.())
      .then(() => shutDown(app, config.shutdownTimeoutMs))
      .then(
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
  // So are webhooks that came due while no process ran.
  await requestWebhookSweep(app.jobs);
  // Imports a killed process left half done resume now rather than at the next recovery tick.
  await app.productImportJobs.recover();
  await app.tillImportJobs.recover();
  // Not ready until the catalogue's search index is loaded (searches are answered in SQL meanwhile).
  app.readiness.waitFor('search_index_loading', app.catalog.searchIndexLoaded());
  // Requests held while the app was built go to it; then the app takes the port.
  await app.ready();
  await startup.close(app.server);
  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== undefined) await app.metrics.listen(config.metrics.port, config.metrics.host);
  // The embedded database is this process's alone: `npm run backup` asks it for backups through DATA_DIR/backup.sock.
  if (app.database.kind === 'pglite') {
    stopServingBackups = await serveBackupRequests(config.dataDir, async (to, onProgress) => {
      const { location, manifest } = await runBackup(app.database, app.storage, config.s3, { to, onProgress });
      return { location, totalBytes: manifest.totalBytes, files: manifest.files.length };
    });
  }
  const url = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  app.log.info(`Adega pronto em ${url} (banco: ${app.database.kind === 'pglite' ? `embutido em ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha ao iniciar o Adega: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
