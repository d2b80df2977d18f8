import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairShare, fairClient, inBackground, MAX_WAIT_MS } from './fair-share.js';

/** Stands in for PGlite: records the statements in the order they reach it. */
function fakeClient() {
  const ran: string[] = [];
  const client = {
    closed: false,
    async query(text: string) {
      ran.push(text);
      return { rows: [] };
    },
    async transaction(work: (tx: unknown) => Promise<unknown>) {
      ran.push('transaction');
      return work({});
    },
  };
  return { ran, client: client as unknown as PGlite };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('fair sharing of the embedded database (decision 0038)', () => {
  it("background statements wait until the requests being served end; a request's statements never wait", async () => {
    const fair = new FairShare();
    const { ran, client } = fakeClient();
    const db = fairClient(client, fair);
    const endRequest = fair.requestStarted();
    const background = inBackground(async () => {
      await db.query('background 1');
      await db.transaction(async () => undefined);
    });
    await db.query('request');
    // The background statement is still waiting for its turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['request']);
    endRequest();
    await background;
    expect(ran).toEqual(['request', 'background 1', 'transaction']);
    // Other properties are the client's own.
    expect(db.closed).toBe(false);
  });

  it('without requests background work runs at once; with requests that keep coming it still gets a turn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const fair = new FairShare();
    const { ran, client } = fakeClient();
    const db = fairClient(client, fair);
    const idle = inBackground(() => db.query('idle'));
    await vi.advanceTimersByTimeAsync(0);
    await idle;
    expect(ran).toEqual(['idle']);

    // One request after another, never a moment without one.
    let end = fair.requestStarted();
    const busy = inBackground(() => db.query('busy'));
    for (let t = 0; t < MAX_WAIT_MS - 10; t += 10) {
      const next = fair.requestStarted();
      end();
      end = next;
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(ran).toEqual(['idle']);
    await vi.advanceTimersByTimeAsync(20);
    await busy;
    expect(ran).toEqual(['idle', 'busy']);
    expect(fair.requestsInFlight).toBe(1);
    end();
    expect(fair.requestsInFlight).toBe(0);
  });
});
