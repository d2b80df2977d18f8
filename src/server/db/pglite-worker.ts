import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { yieldCpuToRequests } from '../core/thread-priority.js';
import {
  errorFields,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type StatementOptions,
  type ToPgliteWorker,
} from './pglite-worker-messages.js';

/**
 * The embedded database's own thread (decision 0068): PGlite's WebAssembly runs here, so a long statement (an import's
 * batch, a slice of the search index) no longer holds the thread that answers requests. The app's thread talks to it
 * through db/pglite-in-worker.ts.
 */
if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const post = (message: FromPgliteWorker) => port.postMessage(message);
const { dataDir, startParams } = workerData as PgliteWorkerData;
yieldCpuToRequests();

/** A rollback asked for by the app's thread (its callback threw): not an error to report. */
class RollbackRequested extends Error {}

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean, replyTo: number): void;
}

const identity = (value: string) => value;
function options({ rowMode, rawTypes }: StatementOptions): QueryOptions {
  return {
    ...(rowMode && { rowMode }),
    ...(rawTypes && { parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])) }),
  };
}

/**
 * A PANIC (a WAL file that could not be written: the disk filled) aborts PostgreSQL inside PGlite, whose loop then
 * retries the dead instance for ever at full CPU and never answers again. What PostgreSQL writes to stderr is seen
 * here while that happens: the app's thread is told at once (it ends this worker and reopens the database, whose
 * recovery replays what was committed: decision 0087).
 */
let broken = false;
function onStderr(line: string): boolean {
  if (!broken && (/\bPANIC:/.test(line) || line.startsWith('Aborted('))) {
    broken = true;
    post({ type: 'broken', reason: line.replace(/^.*?PANIC:\s*/, '') });
  }
  return false;
}

let db: PGlite;
try {
  db = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams, onStderr });
} catch (err) {
  post({ type: 'failed', error: errorFields(err) });
  process.exit(1);
}
const transactions = new Map<number, OpenTransaction>();
const listening = new Map<string, () => Promise<void>>();

const reply = (id: number, result?: unknown) => post({ type: 'reply', id, result });
const fail = (id: number, err: unknown) => post({ type: 'reply', id, error: errorFields(err) });

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction is already over');
  return open.tx;
}

function begin(id: number): void {
  let endReply: number | undefined;
  db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        transactions.set(id, {
          tx,
          end(commit, replyTo) {
            endReply = replyTo;
            if (commit) resolve();
            else reject(new RollbackRequested());
          },
        });
        reply(id);
      }),
  ).then(
    () => {
      transactions.delete(id);
      if (endReply !== undefined) reply(endReply);
    },
    (err: unknown) => {
      const open = transactions.delete(id);
      // Not begun at all (the database closed): the begin itself fails.
      if (endReply === undefined) return open ? undefined : fail(id, err);
      if (err instanceof RollbackRequested) reply(endReply);
      else fail(endReply, err);
    },
  );
}

async function handle(message: ToPgliteWorker): Promise<void> {
  const { id } = message;
  try {
    switch (message.op) {
      case 'query': {
        const { rows, fields, affectedRows } = await target(message.tx).query(message.sql, message.params, options(message));
        return reply(id, { rows, fields, affectedRows });
      }
      case 'exec': {
        const results = await target(message.tx).exec(message.sql, options(message));
        return reply(
          id,
          results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })),
        );
      }
      case 'begin':
        return begin(id);
      case 'end': {
        const open = transactions.get(message.tx);
        if (!open) return reply(id);
        return open.end(message.commit, id);
      }
      case 'listen': {
        if (!listening.has(message.channel)) {
          const channel = message.channel;
          listening.set(channel, await db.listen(channel, (payload) => post({ type: 'notification', channel, payload })));
        }
        return reply(id);
      }
      case 'unlisten': {
        const stop = listening.get(message.channel);
        listening.delete(message.channel);
        await stop?.();
        return reply(id);
      }
      case 'dump': {
        const bytes = await (await db.dumpDataDir('gzip')).arrayBuffer();
        // Handed over, not copied: a large database is not held twice.
        port.postMessage({ type: 'reply', id, result: bytes } satisfies FromPgliteWorker, [bytes]);
        return;
      }
      case 'close': {
        if (!db.closed) await db.close();
        reply(id);
        port.close();
        return;
      }
    }
  } catch (err) {
    fail(id, err);
  }
}

port.on('message', (message: ToPgliteWorker) => void handle(message));
post({ type: 'ready' });
