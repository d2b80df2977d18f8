import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { Database } from '../../db/client.js';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.get('/api/health', { config: { public: true } }, async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: database.kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ detail: ERROR_CODES.database_unavailable.detail, code: 'database_unavailable' });
      }
    });
  };
}
