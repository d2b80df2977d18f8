import type { FastifyInstance } from 'fastify';
import { drainConnections } from './http/drain-connections.js';

/** Of SHUTDOWN_TIMEOUT, what is kept after the requests and jobs for the rest: counters written, database closed. */
const CLOSE_RESERVE_MS = 2_000;

/**
 * How a process stops on SIGTERM (main.ts) within `timeoutMs`, losing nothing (decision 0086):
 * 1. readiness answers 503 from then on (GET /api/health/ready), so balancers stop sending requests here;
 * 2. at once and side by side: the job runner takes no more jobs, waits for those in progress, and the product import
 *    hands back what it has not written (queued again, resumed by the next process at its last checkpoint); the
 *    HTTP server refuses new connections and answers the requests on those already open (drainConnections);
 * 3. app.close(): the runner lets go of the database, counted views are written, the database closes.
 * Past the grace (SHUTDOWN_TIMEOUT minus a reserve for step 3), requests still running are cut and jobs still running
 * are failed for pg-boss to retry.
 */
export async function shutDown(app: FastifyInstance, timeoutMs: number): Promise<void> {
  app.readiness.shutDown();
  const graceMs = Math.max(timeoutMs - CLOSE_RESERVE_MS, timeoutMs / 2);
  // Requests in flight may still queue jobs: the runner keeps sending until app.close() stops it.
  await Promise.all([app.jobs.quiesce(graceMs), drainConnections(app.server, graceMs)]);
  await app.close();
}
