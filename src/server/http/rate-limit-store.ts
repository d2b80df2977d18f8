import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitCounter } from './rate-limit-counter.js';

/** What the plugin passes to child(): the route's limit settings and, under routeInfo, the route itself. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store on the database counter, so per-route limits (login, onboarding, uploads) hold across
 * processes and restarts. Each route counts apart, as the plugin's in-memory store did: keys are prefixed with the
 * route's method and path.
 */
export function databaseRateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      counter.hit(`${this.prefix}${key}`, { max, windowMs: timeWindow }).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      const { method = '', url = '' } = (routeOptions as RouteParams).routeInfo ?? {};
      return new DatabaseStore(undefined, `${[method].flat().join(',')} ${url}\n`);
    }
  }
  return DatabaseStore;
}
