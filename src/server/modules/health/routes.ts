import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { DiskSpace } from '../../core/disk-space.js';
import type { Database } from '../../db/client.js';
import { isDiskFull } from '../../db/errors.js';
import type { Readiness } from '../../http/readiness.js';

const MB = 1024 * 1024;

type NotReady = 'search_index_loading' | 'shutting_down' | 'disk_low' | 'database_unavailable';

/**
 * GET /api/health: liveness, 200 while the database answers (with the disk's state: `low` when new files are refused),
 * 503 otherwise. GET /api/health/ready: readiness (decision 0085), 200 only when this process should get traffic: not
 * while a start-up step is under way (main.ts answers 503 `starting` before the app exists), not with the disk low or
 * the database unreachable, and never once shutdown has begun.
 */
export function healthRoutes(database: Database, disk: DiskSpace, readiness: Readiness) {
  return async (app: FastifyInstance) => {
    app.get('/api/health', { config: { public: true } }, async (request, reply) => {
      try {
        const [space] = await Promise.all([disk.read(), database.ping()]);
        return {
          status: 'ok',
          database: database.kind,
          disk: {
            status: space.low ? 'low' : 'ok',
            ...(Number.isFinite(space.freeBytes) && { free_mb: Math.floor(space.freeBytes / MB) }),
            min_free_mb: Math.floor(space.minFreeBytes / MB),
          },
        };
      } catch (err) {
        // The embedded database is being reopened after the disk filled (decision 0087): the operator reads why.
        const code = isDiskFull(err) ? 'no_disk_space' : 'database_unavailable';
        request.log.error({ err }, `health check: ${code === 'no_disk_space' ? 'disk full' : 'database unreachable'}`);
        return reply.status(503).send({ detail: ERROR_CODES[code].detail, code });
      }
    });

    app.get('/api/health/ready', { config: { public: true } }, async (request, reply) => {
      const notReady = (code: NotReady) =>
        reply.status(503).header('cache-control', 'no-store').send({ status: 'not_ready', detail: ERROR_CODES[code].detail, code });
      const held = readiness.heldBack();
      if (held) return notReady(held);
      const [space, reached] = await Promise.all([
        disk.read(),
        database.ping().then(
          () => true,
          (err: unknown) => {
            request.log.warn({ err }, 'readiness: database unreachable');
            return false;
          },
        ),
      ]);
      if (!reached) return notReady('database_unavailable');
      if (space.low) return notReady('disk_low');
      return reply.header('cache-control', 'no-store').send({ status: 'ready' });
    });
  };
}
