import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BackupProgress } from './take-backup.js';

/**
 * The embedded database belongs to the server's process (one process per data directory: db/pglite-lock.ts), so a
 * backup asked for on the command line while the server runs is taken by the server: the command connects to this
 * Unix socket in DATA_DIR (only the data directory's owner may), asks for a destination, and follows the progress.
 * One JSON object a line each way.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

type Reply = { progress: BackupProgress } | { done: { location: string; totalBytes: number; files: number } } | { error: string };

export type ServedBackup = (
  to: string,
  onProgress: (progress: BackupProgress) => void,
) => Promise<{ location: string; totalBytes: number; files: number }>;

/** Listens for backup requests; the returned function stops listening. */
export async function serveBackupRequests(dataDir: string, backup: ServedBackup): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // This process holds the data directory's lock: a socket file left there is a dead process's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    const send = (reply: Reply) => connection.write(`${JSON.stringify(reply)}\n`);
    connection.on('error', () => undefined);
    createInterface({ input: connection }).once('line', (line) => {
      let to: unknown;
      try {
        to = (JSON.parse(line) as { to?: unknown }).to;
      } catch {
        // answered below
      }
      if (typeof to !== 'string' || !to) {
        send({ error: 'pedido de backup inválido' });
        connection.end();
        return;
      }
      backup(to, (progress) => send({ progress })).then(
        (done) => connection.end(`${JSON.stringify({ done } satisfies Reply)}\n`),
        (err: unknown) =>
          connection.end(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err) } satisfies Reply)}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  chmodSync(socketPath, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/**
 * Asks the running server for a backup. Undefined when no server listens (no socket, or a dead one's): the caller
 * then takes the backup itself.
 */
export async function requestBackup(
  dataDir: string,
  to: string,
  onProgress: (progress: BackupProgress) => void,
): Promise<{ location: string; totalBytes: number; files: number } | undefined> {
  const connection = net.createConnection(backupSocketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => connection.once('connect', resolve).once('error', reject));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw err;
  }
  connection.write(`${JSON.stringify({ to })}\n`);
  for await (const line of createInterface({ input: connection })) {
    const reply = JSON.parse(line) as Reply;
    if ('progress' in reply) onProgress(reply.progress);
    else if ('done' in reply) return reply.done;
    else throw new Error(reply.error);
  }
  throw new Error('o servidor encerrou a conexão antes de terminar o backup');
}
