import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

export interface RateLimit {
  /** Hits allowed in one window. */
  max: number;
  windowMs: number;
}

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** count <= max. */
  allowed: boolean;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Rate limits counted in the database (table rate_limit_counters): every process on it sees the same count and a
 * restart does not reset it. Fixed windows that start with a key's first hit.
 */
export interface RateLimitCounter {
  /** Counts one hit under the key and says whether it is within the limit. */
  hit(key: string, limit: RateLimit): Promise<RateLimitHit>;
  /** Forgets the key's hits (a success that should not count against the client, say). */
  reset(key: string): Promise<void>;
}

/** Expired rows are deleted at most this often per process, on a hit, so the table stays small without a scheduler. */
const TRIM_EVERY_MS = 60_000;

export function createRateLimitCounter(db: Db): RateLimitCounter {
  let lastTrim = 0;
  const trimExpired = () => {
    if (Date.now() - lastTrim < TRIM_EVERY_MS) return;
    lastTrim = Date.now();
    // Not awaited: a hit does not wait for housekeeping, and a failed trim is tried again a minute later.
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowEndsAt, sql`now()`))
      .catch(() => undefined);
  };
  return {
    async hit(key, { max, windowMs }) {
      // One statement: the row lock of ON CONFLICT makes hits arriving together (from any process) count one by one.
      // The database's clock decides windows, so processes on machines whose clocks differ agree.
      const expired = sql`${rateLimitCounters.windowEndsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, windowEndsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({
          count: rateLimitCounters.hits,
          resetInMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000))::integer`,
        });
      trimExpired();
      const count = row?.count ?? 1;
      return { count, allowed: count <= max, resetInMs: row?.resetInMs ?? windowMs };
    },
    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
