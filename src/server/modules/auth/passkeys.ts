import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { PasskeyAddRequest, PasskeyLoginRequest } from '../../../shared/two-step.js';
import { TWO_STEP_TEXTS } from '../../../shared/two-step-rules.js';
import { appError, notFound } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { passkeys, webauthnChallenges } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { findUserById } from '../users/index.js';

/** A challenge is good for five minutes and for one answer. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const RP_NAME = 'Adega';

/** Where passkeys belong: the site's origin (PUBLIC_BASE_URL, or PASSKEY_ORIGIN) and its host name as the RP id. */
export interface RelyingParty {
  origin: string;
  id: string;
}

export function relyingPartyOf(origin: string | undefined): RelyingParty | undefined {
  if (!origin) return undefined;
  const url = new URL(origin);
  return { origin: url.origin, id: url.hostname };
}

const unavailable = () =>
  appError('two_step_state', 'Passkeys não estão disponíveis neste servidor: defina PUBLIC_BASE_URL com o endereço do Adega.');
const failed = () => appError('passkey_failed', TWO_STEP_TEXTS.passkeyFailed);

function requireRp(rp: RelyingParty | undefined): RelyingParty {
  if (!rp) throw unavailable();
  return rp;
}

async function storeChallenge(db: Db, purpose: 'register' | 'authenticate', challenge: string, userId: string | null): Promise<string> {
  const now = new Date();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ userId, purpose, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Takes the challenge out (one answer per challenge): its text, or an error when it is gone, expired or someone else's. */
async function takeChallenge(executor: Executor, id: string, purpose: 'register' | 'authenticate', userId: string | null): Promise<string> {
  const [row] = await executor
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning();
  if (!row || row.userId !== userId) throw appError('passkey_failed', TWO_STEP_TEXTS.challengeExpired);
  return row.challenge;
}

export async function passkeyRegistrationOptions(db: Db, rp: RelyingParty | undefined, caller: Caller) {
  const { id: rpID } = requireRp(rp);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, caller.id));
  const user = await findUserById(db, caller.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: caller.email,
    userDisplayName: user?.name || caller.email,
    userID: new TextEncoder().encode(caller.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(db, 'register', options.challenge, caller.id);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

export async function addPasskey(db: Db, rp: RelyingParty | undefined, caller: Caller, input: PasskeyAddRequest) {
  const { origin, id: rpID } = requireRp(rp);
  return db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, input.challenge_id, 'register', caller.id);
    const result = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!result.verified) throw failed();
    const { credential } = result.registrationInfo;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: caller.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw appError('conflict', 'Esta passkey já está cadastrada.');
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'passkey',
      recordId: row.id,
      action: 'passkey_add',
      changes: [{ field: 'name', new: row.name }],
    });
    return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), last_used_at: null };
  });
}

/** Only the caller's own passkey: someone else's answers 404 like a missing one. */
export async function removePasskey(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.id)))
      .returning();
    if (!row) throw notFound('Passkey não encontrada.');
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'passkey',
      recordId: row.id,
      action: 'passkey_remove',
      changes: [{ field: 'name', old: row.name }],
    });
  });
}

/** A sign-in with a passkey: the browser picks one of this site's (discoverable credentials, no e-mail asked). */
export async function passkeyLoginOptions(db: Db, rp: RelyingParty | undefined) {
  const { id: rpID } = requireRp(rp);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  const challengeId = await storeChallenge(db, 'authenticate', options.challenge, null);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks the browser's answer: the user whose passkey signed the challenge, or an error. The signature counter is
 * moved on in the same transaction (a cloned authenticator whose counter goes back is refused by the library).
 */
export async function verifyPasskeyLogin(
  executor: Executor,
  rp: RelyingParty | undefined,
  input: PasskeyLoginRequest,
): Promise<{ userId: string; passkeyId: string } | null> {
  const { origin, id: rpID } = requireRp(rp);
  const challenge = await takeChallenge(executor, input.challenge_id, 'authenticate', null);
  const response = input.response as unknown as AuthenticationResponseJSON;
  if (typeof response.id !== 'string') return null;
  const [key] = await executor.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key) return null;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports as never,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified || !result.authenticationInfo) return null;
  await executor
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return { userId: key.userId, passkeyId: key.id };
}
