import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fair sharing of the embedded database (decision 0038). PGlite has one connection (in the server, on a worker
 * thread of its own: decision 0068), so long work (an import, the search index's load) would hold every request that
 * needs a statement for as long as it runs. Long work runs inside `inBackground()`; each of its statements or transactions then waits
 * for its turn: until no request is being served (the requests that arrived while the last statement ran are read
 * first), or at most MAX_WAIT_MS, so a steady stream of requests slows background work but never stops it. On a
 * PostgreSQL server requests have connections of their own and nothing waits.
 */
const backgroundWork = new AsyncLocalStorage<true>();

/** Runs `work` as background work: on PGlite its statements go after the requests being served. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

export const isBackground = (): boolean => backgroundWork.getStore() === true;

/** The longest a background statement waits while requests keep coming. */
export const MAX_WAIT_MS = 100;

const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FairShare {
  private requests = 0;
  private readonly idle = new Set<() => void>();

  /** A request began; the returned function ends it (call it once, when its response is finished or aborted). */
  requestStarted(): () => void {
    this.requests++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.requests--;
      if (this.requests === 0) for (const wake of [...this.idle]) wake();
    };
  }

  get requestsInFlight(): number {
    return this.requests;
  }

  /** Resolves when background work may run its next statement. */
  async turn(): Promise<void> {
    const deadline = performance.now() + MAX_WAIT_MS;
    // Requests whose bytes arrived while the last statement ran are read (and start) before this one goes.
    await nextTurnOfTheLoop();
    while (this.requests > 0) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.idle.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.idle.add(wake);
      });
      await nextTurnOfTheLoop();
    }
  }
}

const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql']);

/** The PGlite client the app's queries go through: statements of background work wait for their turn. */
export function fairClient<Client extends object>(client: Client, fair: FairShare): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!GATED.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        if (isBackground()) await fair.turn();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
