import { spawn } from 'node:child_process';
import type { Database } from '../db/client.js';

export interface DatabaseDump {
  kind: 'pglite' | 'postgres';
  /** Its name inside the backup. */
  path: string;
  bytes: Buffer;
}

/**
 * One consistent copy of the database. Embedded: PGlite's own gzipped tarball of its data directory, taken in its
 * worker between two statements (what was committed before it is in, what comes after is not; a transaction caught
 * half-way is rolled back when the copy is opened). PostgreSQL: pg_dump in its custom format, from one snapshot.
 */
export async function dumpDatabase(database: Database): Promise<DatabaseDump> {
  if (database.pglite) {
    const tarball = await database.pglite.dumpDataDir('gzip');
    return { kind: 'pglite', path: 'database.tar.gz', bytes: Buffer.from(await tarball.arrayBuffer()) };
  }
  if (!database.connectionString) throw new Error('the database offers nothing to dump');
  const bytes = await runPgTool('pg_dump', ['--format=custom', '--no-password'], database.connectionString);
  return { kind: 'postgres', path: 'database.pgdump', bytes };
}

/**
 * Runs a PostgreSQL client tool (Debian's, on PATH) against the server. The address goes in PG* variables rather
 * than on the command line, so a password does not show in the process list.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], connectionString: string, input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...pgEnvironment(connectionString) }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (cause) => reject(Object.assign(new Error(`${tool} não pôde ser executado: ${cause.message}`), { cause })));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${tool} falhou (código ${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

function pgEnvironment(connectionString: string): Record<string, string> {
  const url = new URL(connectionString);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = url.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}
