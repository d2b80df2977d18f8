import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failedMailListSchema } from '../../../shared/mail.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from './mailer.js';
import { listFailedMail } from './repository.js';

const FAILED_LIST_LIMIT = 100;

export function mailRoutes(db: Db, mailer: Mailer) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/mail/failed',
        { config: { policy: { area: 'mail', action: 'readFailed' } }, schema: { response: { 200: failedMailListSchema } } },
        async (request) => ({
          delivery: mailer.delivery,
          link_base: { source: mailer.linkBaseSource, url: mailer.linkBase(request) },
          messages: (await listFailedMail(db, FAILED_LIST_LIMIT)).map((row) => ({
            id: row.id,
            kind: row.kind,
            recipient: row.recipient,
            subject: row.subject,
            attempts: row.attempts,
            last_error: row.lastError,
            created_at: row.createdAt.toISOString(),
          })),
        }),
      );
  };
}
