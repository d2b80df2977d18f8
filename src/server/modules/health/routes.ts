import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { DiskSpace } from '../../core/disk-space.js';
import type { Database } from '../../db/client.js';

const MB = 1024 * 1024;

/** 200 while the database answers (with the disk's state: `low` when new files are refused), 503 otherwise. */
export function healthRoutes(database: Database, disk: DiskSpace) {
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
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ detail: ERROR_CODES.database_unavailable.detail, code: 'database_unavailable' });
      }
    });
  };
}
