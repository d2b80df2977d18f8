import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { FairShare, fairClient } from './fair-share.js';
import { initdbInChild } from './initdb-in-child.js';
import { type PgliteClient, PgliteInWorker } from './pglite-in-worker.js';
import { lockDataDir } from './pglite-lock.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded client itself (PGlite only), for libraries that take one: the job runner. The server's PGlite runs
   * in a worker thread (decision 0068); tests hand in one of their own.
   */
  pglite?: PgliteClient;
  /** The server's address (PostgreSQL only), for libraries that open their own pool: the job runner. */
  connectionString?: string;
  /**
   * PGlite only: requests tell it when they start and end, and background work (`inBackground`) waits for them
   * (decision 0038). A PostgreSQL server gives each request a connection of its own: nothing to share.
   */
  fairShare?: FairShare;
  ping(): Promise<void>;
  /** How its connections are used now (the metrics). */
  poolUse(): PoolUse;
  /**
   * Tells the OTHER app processes on this database that something changed (NOTIFY on a PostgreSQL server; with
   * PGlite, which serves one process, nobody). The caller handles its own process directly.
   */
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open: PostgreSQL's pool (up to 10); PGlite has one. */
  connections: number;
  /** Connections running a statement or holding a transaction. */
  busy: number;
  /** Statements waiting for a connection. */
  waiting: number;
}

type Listeners = Map<string, Set<(payload: string) => void>>;

function addListener(listeners: Listeners, channel: string, listener: (payload: string) => void): boolean {
  const isNew = !listeners.has(channel);
  const set = listeners.get(channel) ?? new Set();
  set.add(listener);
  listeners.set(channel, set);
  return isNew;
}

function dispatch(listeners: Listeners, channel: string, payload: string): void {
  for (const listener of listeners.get(channel) ?? []) listener(payload);
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The advisory lock processes migrate under, one at a time (a test holds it to keep a process starting). */
export const MIGRATION_LOCK_KEY = 7_240_311;

/**
 * A server that is gone or cut off must fail requests in seconds (503), not hang them: a connection attempt gives
 * up after 5 s, the server cancels a statement after 15 s, the client stops waiting for an answer after 20 s (a
 * partition: the server's cancel never arrives), and TCP keepalive finds a dead idle connection.
 */
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  query_timeout: 20_000,
  idle_in_transaction_session_timeout: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

export type DatabaseOptions =
  /** `migrate: false` only for tests that open a database they know is migrated, or unreachable on purpose. */
  | { databaseUrl: string; migrate?: boolean }
  | { dataDir: string }
  /** An already open PGlite (tests load one from a migrated template). */
  | { pglite: PGlite };

/**
 * PGlite's own start parameters plus 32 MB of shared buffers instead of 128: the server uses less memory idle and
 * during a large import, and the benchmarks keep their figures (decision 0027). Pages beyond the buffers
 * come from the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** The start parameters of every embedded database the app opens (tests' copies of the template too). */
export function pgliteStartParams(): string[] {
  return [...PGLITE_START_PARAMS];
}

export function pgliteExtensions() {
  return { pg_trgm };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.migrate ?? true);
  if ('pglite' in options) return wrapPglite(options.pglite, () => undefined);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  try {
    await initdbInChild(dir);
    // Its own thread: its statements' WebAssembly does not hold the thread that answers requests (decision 0068).
    const client = await PgliteInWorker.open({ dataDir: dir, startParams: PGLITE_START_PARAMS });
    const database = wrapPglite(client, unlock);
    try {
      await migratePglite(drizzlePglite({ client: client as unknown as PGlite, schema }), { migrationsFolder });
    } catch (err) {
      await client.close();
      throw err;
    }
    return database;
  } catch (err) {
    unlock();
    throw err;
  }
}

function wrapPglite(client: PgliteClient, unlock: () => void): Database {
  const fairShare = new FairShare();
  const db = drizzlePglite({ client: fairClient(client, fairShare) as unknown as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    fairShare,
    async ping() {
      await client.query('select 1');
    },
    poolUse() {
      // The worker's calls in flight: one runs, the others wait (a PGlite handed in by a test tells nothing).
      const calls = client instanceof PgliteInWorker ? client.callsInFlight : 0;
      return { connections: 1, busy: Math.min(calls, 1), waiting: Math.max(calls - 1, 0) };
    },
    async publish() {},
    async subscribe() {},
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

async function openPostgres(connectionString: string, migrate: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, ...POOL_TIMEOUTS });
  // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
  // pg re-emits it on the pool, and the next query simply gets a fresh connection.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  if (migrate) await migrateOnce(pool, db);
  const listeners: Listeners = new Map();
  // Payloads carry the sender, so a process ignores the echo of its own notifications.
  const origin = randomUUID();
  const notifications = new NotificationListener(connectionString, (channel, raw) => {
    const separator = raw.indexOf(':');
    if (raw.slice(0, separator) !== origin) dispatch(listeners, channel, raw.slice(separator + 1));
  });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    connectionString,
    async ping() {
      await pool.query('select 1');
    },
    poolUse: () => ({ connections: pool.totalCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, `${origin}:${payload}`]);
    },
    async subscribe(channel, listener) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      if (addListener(listeners, channel, listener)) await notifications.listen(channel);
    },
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

/** Several app processes may start together against one server: migrate one at a time. */
async function migrateOnce(pool: pg.Pool, db: Parameters<typeof migratePg>[0]): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}

/** One dedicated connection that LISTENs; reconnects (and listens again) if the server drops it. */
class NotificationListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {}
  private readonly channels = new Set<string>();

  /** Never fails: with the server unreachable it keeps trying, and listens to every channel once connected. */
  async listen(channel: string): Promise<void> {
    this.channels.add(channel);
    try {
      const client = await this.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      this.reconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: POOL_TIMEOUTS.connectionTimeoutMillis,
      keepAlive: true,
      keepAliveInitialDelayMillis: POOL_TIMEOUTS.keepAliveInitialDelayMillis,
    });
    client.on('notification', (msg) => this.onNotification(msg.channel, msg.payload ?? ''));
    client.on('error', () => this.reconnect());
    await client.connect();
    this.client = client;
    return client;
  }

  private reconnect(): void {
    this.client = undefined;
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.connect()
        .then(async (client) => {
          for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
        })
        .catch(() => this.reconnect());
    }, 1000).unref();
  }
}
