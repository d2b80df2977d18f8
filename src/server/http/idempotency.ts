import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict } from '../core/app-error.js';
import type { Db } from '../db/client.js';
import { idempotentRequests } from '../db/schema/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds the claim on its Idempotency-Key: its answer is kept for the next one. */
    idempotencyClaim?: { apiKeyId: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the one a request with the same Idempotency-Key got before. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TEXTS = {
  invalidKey: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis (ex.: um UUID).',
  otherRequest: 'Esta Idempotency-Key já foi usada com outra requisição (outro endereço ou outro corpo).',
  inProgress: 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.',
} as const;

const KEEP = sql`interval '24 hours'`;
/** A claim whose request never answered (its process died) may be taken over after this long. */
const ABANDONED = sql`interval '2 minutes'`;
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const TRIM_EVERY_MS = 60 * 60_000;

/**
 * `Idempotency-Key` on writes made with an API key (issue 31), kept in the database so it holds across processes and
 * restarts: the first request with a key claims it and its answer is kept 24 hours; the same key with the same method,
 * path and body answers that again (`Idempotent-Replayed: true`) and runs nothing; with another request it is 409.
 * A 5xx is not kept: the till may try again. Register before compression, so the answer is kept as sent.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  let lastTrim = 0;
  app.addHook('preHandler', async (request, reply) => {
    const apiKeyId = request.caller?.apiKey?.id;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!apiKeyId || key === undefined || request.method === 'GET' || request.method === 'HEAD') return;
    // A file upload's body is still a stream here, so two different files would look alike: it is not replayed. The
    // only one keys may send (the till's sales sheet) is safe to send twice: its sales are recorded once per number.
    if (request.isMultipart()) return;
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw badRequest(IDEMPOTENCY_TEXTS.invalidKey);
    if (Date.now() - lastTrim > TRIM_EVERY_MS) {
      lastTrim = Date.now();
      db.delete(idempotentRequests)
        .where(lt(idempotentRequests.createdAt, sql`now() - ${KEEP}`))
        .catch(() => undefined);
    }
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    // One statement: of two requests arriving together with one key (in any process), one claims it.
    const claimed = await db
      .insert(idempotentRequests)
      .values({ apiKeyId, idempotencyKey: key, requestHash })
      .onConflictDoUpdate({
        target: [idempotentRequests.apiKeyId, idempotentRequests.idempotencyKey],
        set: { requestHash, status: null, contentType: null, body: null, createdAt: sql`now()` },
        setWhere: sql`${idempotentRequests.createdAt} < now() - ${KEEP} or (${idempotentRequests.status} is null and ${idempotentRequests.createdAt} < now() - ${ABANDONED})`,
      })
      .returning({ apiKeyId: idempotentRequests.apiKeyId });
    if (claimed.length > 0) {
      request.idempotencyClaim = { apiKeyId, key };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.apiKeyId, apiKeyId), eq(idempotentRequests.idempotencyKey, key)));
    if (!first || first.status === null) throw conflict(IDEMPOTENCY_TEXTS.inProgress);
    if (first.requestHash !== requestHash) throw conflict(IDEMPOTENCY_TEXTS.otherRequest);
    reply.header(REPLAYED_HEADER, 'true').code(first.status);
    if (first.contentType) reply.type(first.contentType);
    return reply.send(first.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const row = and(eq(idempotentRequests.apiKeyId, claim.apiKeyId), eq(idempotentRequests.idempotencyKey, claim.key));
    if (reply.statusCode >= 500 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      await db.delete(idempotentRequests).where(row);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotentRequests)
      .set({ status: reply.statusCode, body: payload ?? '', contentType: typeof contentType === 'string' ? contentType : null })
      .where(row);
    return payload;
  });
}
