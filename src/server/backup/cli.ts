import { parseArgs } from 'node:util';
import { countOf } from '../../shared/plural.js';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openStorage } from '../storage/storage.js';
import { requestBackup } from './backup-socket.js';
import { openLocation } from './location.js';
import { RestoreError, restoreBackup } from './restore-backup.js';
import { runBackup } from './run-backup.js';
import type { BackupProgress } from './take-backup.js';

/**
 * npm run backup -- [--to DIR | --to s3://bucket/prefix]
 * npm run restore -- FROM [--force]
 * Configured by the same variables as the server (DATA_DIR, DATABASE_URL, S3_*).
 */
const USAGE = `Uso:
  npm run backup -- [--to PASTA | --to s3://bucket/prefixo]
  npm run restore -- ORIGEM [--force]`;

const MB = 1024 * 1024;
const size = (bytes: number) => `${(bytes / MB).toFixed(1).replace('.', ',')} MB`;

/** One line rewritten in place on a terminal; nothing when the output is a file or a pipe. */
function progressLine(): { show(progress: BackupProgress): void; end(): void } {
  const tty = process.stderr.isTTY;
  let step = '';
  return {
    show({ step: current, done, total }) {
      if (!tty) return;
      if (step && current !== step) process.stderr.write('\n');
      step = current;
      const percent = total ? Math.floor((done / total) * 100) : 100;
      process.stderr.write(`\r${current}: ${done} de ${total} (${percent}%)`.padEnd(60));
    },
    end() {
      if (tty && step) process.stderr.write('\n');
    },
  };
}

async function backup(config: AppConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const to = values.to ?? config.backup?.to ?? './backups';
  const progress = progressLine();
  // The embedded database is the running server's: it takes the backup itself when it runs.
  const byServer = config.databaseUrl ? undefined : await requestBackup(config.dataDir, to, progress.show);
  if (byServer) {
    progress.end();
    process.stdout.write(
      `Backup concluído (pelo servidor em execução): ${byServer.location}\n${countOf(byServer.files, 'arquivo', 'arquivos')}, ${size(byServer.totalBytes)}\n`,
    );
    return;
  }
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, migrate: false } : { dataDir: config.dataDir },
  );
  const storage = await openStorage(config);
  try {
    const result = await runBackup(database, storage, config.s3, { to, onProgress: progress.show });
    progress.end();
    process.stdout.write(
      `Backup concluído: ${result.location}\n${countOf(result.manifest.files.length, 'arquivo', 'arquivos')}, ${size(result.manifest.totalBytes)}\n`,
    );
  } finally {
    await database.close();
    await storage.close();
  }
}

async function restore(config: AppConfig, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const from = positionals[0];
  if (!from || positionals.length > 1) throw new RestoreError(USAGE);
  const source = await openLocation(from, config.s3);
  const storage = await openStorage(config);
  const progress = progressLine();
  try {
    const target = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
    const manifest = await restoreBackup(source, target, storage, { force: values.force, onProgress: progress.show });
    progress.end();
    process.stdout.write(
      `Backup de ${manifest.createdAt} (versão ${manifest.version}) restaurado ${config.databaseUrl ? 'no PostgreSQL' : `em ${config.dataDir}`}: ${countOf(manifest.files.length, 'arquivo', 'arquivos')}, ${size(manifest.totalBytes)}\n`,
    );
  } finally {
    await source.close();
    await storage.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config, args);
  if (command === 'restore') return restore(config, args);
  throw new RestoreError(USAGE);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof RestoreError;
    process.stderr.write(`\n${known ? '' : 'Falha: '}${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
