import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActionOf } from '../../../shared/access-policy.js';
import { API_KEY_TEXTS, type ApiKey, type ApiKeyCreated, type ApiKeyScope, type apiKeyCreateSchema } from '../../../shared/api-keys.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { calendarDay, TIME_ZONE } from '../../../shared/time.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { apiKeys, establishments, users } from '../../db/schema/index.js';
import { shownUserName as creatorName } from '../../db/user-name.js';
import type { ApiKeyAuth } from '../../http/authenticate.js';
import type { RateLimitCounter } from '../../http/rate-limit-counter.js';
import { recordAuditEvent } from '../audit/index.js';
import { apiKeyHash, newApiKey } from './key-secret.js';

type KeyRow = typeof apiKeys.$inferSelect & { creatorName: string | null };

/** A key's last use is written at most this often: a till calling every second should not write every second. */
const LAST_USED_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

const toDto = (row: KeyRow): ApiKey => ({
  id: row.id,
  establishment_id: row.establishmentId,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  created_by: row.creatorName,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

function selectKeys(db: Executor) {
  return db.select({ key: apiKeys, creatorName }).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).$dynamic();
}
const rowOf = ({ key, creatorName }: { key: typeof apiKeys.$inferSelect; creatorName: string | null }): KeyRow => ({ ...key, creatorName });

/** The caller may take `action` on this establishment's keys, and it exists (the admin reaches any id). */
async function assertKeysOf(db: Executor, caller: Caller, action: ActionOf<'apiKeys'>, establishmentId: string) {
  assertEstablishmentAccess(caller, 'apiKeys', action, establishmentId, ESTABLISHMENT_NOT_FOUND);
  const [found] = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, establishmentId));
  if (!found) throw notFound(ESTABLISHMENT_NOT_FOUND);
}

async function listKeys(db: Db, caller: Caller, establishmentId: string): Promise<ApiKey[]> {
  await assertKeysOf(db, caller, 'read', establishmentId);
  const rows = await selectKeys(db).where(eq(apiKeys.establishmentId, establishmentId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toDto(rowOf(row)));
}

async function createKey(
  db: Db,
  caller: Caller,
  establishmentId: string,
  input: z.output<typeof apiKeyCreateSchema>,
): Promise<ApiKeyCreated> {
  await assertKeysOf(db, caller, 'create', establishmentId);
  const expiresOn = input.expires_on ?? null;
  if (expiresOn && expiresOn < calendarDay()) throw badRequest(API_KEY_TEXTS.expiryPast, { expires_on: API_KEY_TEXTS.expiryPast });
  const { key, prefix, hash } = newApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        establishmentId,
        name: input.name,
        prefix,
        keyHash: hash,
        scopes: input.scopes,
        createdBy: caller.id,
        // The key works through the whole of its last day in Brazil.
        expiresAt: expiresOn ? sql`(${expiresOn}::date + 1)::timestamp at time zone ${TIME_ZONE}` : null,
      })
      .returning();
    if (!row) throw new Error('api key not inserted');
    await recordAuditEvent(tx, {
      actor: caller,
      establishmentId,
      recordKind: 'api_key',
      recordId: row.id,
      action: 'create',
      changes: [
        { field: 'name', new: row.name },
        { field: 'scopes', new: row.scopes.join(', ') },
        { field: 'expiresAt', new: row.expiresAt?.toISOString() ?? null },
      ],
    });
    const [created] = await selectKeys(tx).where(eq(apiKeys.id, row.id));
    if (!created) throw new Error('api key not read back');
    return { ...toDto(rowOf(created)), key };
  });
}

async function revokeKey(db: Db, caller: Caller, establishmentId: string, keyId: string): Promise<ApiKey> {
  await assertKeysOf(db, caller, 'revoke', establishmentId);
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.establishmentId, establishmentId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!revoked) {
      const [existing] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.establishmentId, establishmentId)));
      throw existing ? conflict(API_KEY_TEXTS.alreadyRevoked) : notFound(API_KEY_TEXTS.notFound);
    }
    await recordAuditEvent(tx, {
      actor: caller,
      establishmentId,
      recordKind: 'api_key',
      recordId: revoked.id,
      action: 'revoke',
      changes: [{ field: 'name', new: revoked.name }],
    });
    const [row] = await selectKeys(tx).where(eq(apiKeys.id, revoked.id));
    if (!row) throw new Error('api key not read back');
    return toDto(rowOf(row));
  });
}

/**
 * The caller a key acts as: its creator, as a manager of the key's establishment alone, limited to the key's scopes.
 * Unknown, revoked or expired keys, and keys whose creator was deactivated or removed, act as nobody.
 */
async function callerOfKey(db: Db, key: string): Promise<Caller | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      establishmentId: apiKeys.establishmentId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      current: sql<boolean>`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), isNull(users.deactivatedAt)))
    .where(eq(apiKeys.keyHash, apiKeyHash(key)));
  if (!row?.current) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
  }
  return {
    id: row.userId,
    email: row.email,
    role: 'restaurant_manager',
    establishmentIds: [row.establishmentId],
    supplierId: null,
    apiKey: { id: row.id, scopes: row.scopes as ApiKeyScope[] },
  };
}

export function createApiKeyService({ db, rateLimits, perMinute }: { db: Db; rateLimits: RateLimitCounter; perMinute: number }) {
  const auth: ApiKeyAuth = {
    callerOfKey: (key) => callerOfKey(db, key),
    async waitBeforeNext(keyId) {
      const hit = await rateLimits.hit(`api-key\n${keyId}`, { max: perMinute, windowMs: RATE_WINDOW_MS });
      return hit.allowed ? null : hit.resetInMs;
    },
  };
  return {
    list: (caller: Caller, establishmentId: string) => listKeys(db, caller, establishmentId),
    create: (caller: Caller, establishmentId: string, input: z.output<typeof apiKeyCreateSchema>) =>
      createKey(db, caller, establishmentId, input),
    revoke: (caller: Caller, establishmentId: string, keyId: string) => revokeKey(db, caller, establishmentId, keyId),
    auth,
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
