import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Role } from '../../../shared/roles.js';
import type { TotpDisableRequest, TotpSetup, TwoStepStatus } from '../../../shared/two-step.js';
import { isRecoveryCode, isTotpCode, normalizeCode, TWO_STEP_TEXTS } from '../../../shared/two-step-rules.js';
import { appError, forbidden } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import { verifyPassword } from '../../core/passwords.js';
import type { Db, Executor } from '../../db/client.js';
import { passkeys, recoveryCodes, sessions, userTotp } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { findUserById } from '../users/index.js';
import { claimAttempt, clearFailures, trimExpiredFailures } from './login-throttle.js';
import type { TwoStepKey } from './two-step-key.js';

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Adega';
/** One step either side of now: a phone whose clock is up to 30 s off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Without 0/o, 1/i/l: easy to read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoStepDeps {
  db: Db;
  key: TwoStepKey;
  /** The roles that must have two-step sign-in now (two_step_policy, set by an admin). */
  requiredRoles: (executor: Executor) => Promise<Role[]>;
}

const invalidCode = () => appError('invalid_two_step_code', TWO_STEP_TEXTS.codeInvalid, { code: TWO_STEP_TEXTS.codeInvalid });
const tooManyAttempts = () => appError('too_many_attempts');

/** A recovery code as shown once: "abcd-efgh-jk" (ten letters and digits, about 49 bits). */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

export async function twoStepStatus(deps: TwoStepDeps, caller: Caller): Promise<TwoStepStatus> {
  const { db } = deps;
  const [totp] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, caller.id));
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, caller.id), isNull(recoveryCodes.usedAt)));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, caller.id))
    .orderBy(passkeys.createdAt);
  return {
    totp_enabled: Boolean(totp?.enabledAt),
    recovery_codes_left: left?.n ?? 0,
    required: (await deps.requiredRoles(db)).includes(caller.role),
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** A new secret, pending until a code confirms it; a pending one before it is replaced. Refused while one is on. */
export async function startTotpSetup(deps: TwoStepDeps, caller: Caller): Promise<TotpSetup> {
  const [current] = await deps.db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, caller.id));
  if (current?.enabledAt) throw appError('two_step_state', TWO_STEP_TEXTS.alreadyOn);
  const secret = generateSecret();
  const secretEncrypted = deps.key.encrypt(secret);
  await deps.db
    .insert(userTotp)
    .values({ userId: caller.id, secretEncrypted })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() } });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: caller.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/**
 * A TOTP code against the person's secret: accepted once, only for a time step after the last one accepted (the
 * conditional UPDATE makes two requests with the same code race for one row; one wins).
 */
async function spendTotpCode(deps: TwoStepDeps, executor: Executor, userId: string, code: string, pending = false): Promise<boolean> {
  const [row] = await executor.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const secret = deps.key.decrypt(row.secretEncrypted);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(row.lastUsedStep !== null && { afterTimeStep: row.lastUsedStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const claimed = await executor
    .update(userTotp)
    .set({ lastUsedStep: result.timeStep, ...(pending && { enabledAt: new Date() }) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, result.timeStep))))
    .returning({ userId: userTotp.userId });
  return claimed.length === 1;
}

async function spendRecoveryCode(deps: TwoStepDeps, executor: Executor, userId: string, code: string): Promise<boolean> {
  const used = await executor
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, deps.key.hashCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** A code of the app or a recovery code, spent if right: which kind it was, or null. */
export async function spendSecondFactor(
  deps: TwoStepDeps,
  executor: Executor,
  userId: string,
  rawCode: string,
): Promise<'totp' | 'recovery' | null> {
  const code = normalizeCode(rawCode);
  if (isTotpCode(code)) return (await spendTotpCode(deps, executor, userId, code)) ? 'totp' : null;
  if (isRecoveryCode(code)) return (await spendRecoveryCode(deps, executor, userId, code)) ? 'recovery' : null;
  return null;
}

async function replaceRecoveryCodes(deps: TwoStepDeps, tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: deps.key.hashCode(normalizeCode(code)) })));
  return codes;
}

/**
 * The first code from the app turns two-step sign-in on: ten new recovery codes, shown once. A session that was only
 * allowed to set it up becomes a full one. Counted toward the login throttle like a password.
 */
export async function confirmTotp(deps: TwoStepDeps, caller: Caller, rawCode: string, ip: string): Promise<string[]> {
  const { db } = deps;
  if (!(await claimAttempt(db, caller.email, ip))) throw tooManyAttempts();
  const code = normalizeCode(rawCode);
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, caller.id));
  if (!row) throw appError('two_step_state', TWO_STEP_TEXTS.noSetup);
  if (row.enabledAt) throw appError('two_step_state', TWO_STEP_TEXTS.alreadyOn);
  const codes = await db.transaction(async (tx) => {
    if (!isTotpCode(code) || !(await spendTotpCode(deps, tx, caller.id, code, true))) return null;
    const fresh = await replaceRecoveryCodes(deps, tx, caller.id);
    if (caller.sessionId) {
      await tx
        .update(sessions)
        .set({ stage: 'full' })
        .where(and(eq(sessions.id, caller.sessionId), eq(sessions.stage, 'setup_required')));
    }
    await recordAuditEvent(tx, { actor: caller, recordKind: 'user', recordId: caller.id, action: 'two_step_enable' });
    return fresh;
  });
  if (!codes) {
    await trimExpiredFailures(db);
    throw invalidCode();
  }
  await clearFailures(db, caller.email, ip);
  return codes;
}

/** Turning it off asks for the password and a code (app or recovery); a role that requires it cannot. */
export async function disableTotp(deps: TwoStepDeps, caller: Caller, input: TotpDisableRequest, ip: string): Promise<void> {
  const { db } = deps;
  if ((await deps.requiredRoles(db)).includes(caller.role)) throw forbidden(TWO_STEP_TEXTS.requiredByRole);
  if (!(await claimAttempt(db, caller.email, ip))) throw tooManyAttempts();
  const user = await findUserById(db, caller.id);
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, caller.id));
  if (!row?.enabledAt) throw appError('two_step_state', TWO_STEP_TEXTS.notOn);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    await trimExpiredFailures(db);
    throw appError('wrong_password', 'Senha incorreta.', { password: 'Senha incorreta.' });
  }
  const done = await db.transaction(async (tx) => {
    const kind = await spendSecondFactor(deps, tx, caller.id, input.code);
    if (!kind) return false;
    await tx.delete(userTotp).where(eq(userTotp.userId, caller.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'user',
      recordId: caller.id,
      action: 'two_step_disable',
      ...(kind === 'recovery' && { changes: [{ field: 'recovery_code', new: 'usado' }] }),
    });
    return true;
  });
  if (!done) {
    await trimExpiredFailures(db);
    throw invalidCode();
  }
  await clearFailures(db, caller.email, ip);
}

/**
 * The second step of a login: the session that knew the password becomes a full one. Same throttle as passwords
 * (per e-mail and address); every try, right or wrong, is in the audit trail.
 */
export async function completeLoginWithCode(deps: TwoStepDeps, caller: Caller, rawCode: string, ip: string): Promise<void> {
  const { db } = deps;
  if (!caller.sessionId || caller.stage !== 'second_factor') throw appError('two_step_state');
  const sessionId = caller.sessionId;
  if (!(await claimAttempt(db, caller.email, ip))) throw tooManyAttempts();
  const kind = await db.transaction(async (tx) => {
    const used = await spendSecondFactor(deps, tx, caller.id, rawCode);
    if (!used) return null;
    await tx
      .update(sessions)
      .set({ stage: 'full', lastUsedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.stage, 'second_factor')));
    await recordAuditEvent(tx, {
      actor: { id: caller.id, role: caller.role },
      recordKind: 'session',
      recordId: sessionId,
      action: 'sign_in',
      changes: [{ field: 'method', new: used === 'totp' ? 'senha + código do aplicativo' : 'senha + código de recuperação' }],
    });
    if (used === 'recovery') {
      await recordAuditEvent(tx, {
        actor: { id: caller.id, role: caller.role },
        recordKind: 'user',
        recordId: caller.id,
        action: 'recovery_code_used',
      });
    }
    return used;
  });
  if (!kind) {
    await trimExpiredFailures(db);
    await recordAuditEvent(db, {
      actor: { id: caller.id, role: caller.role },
      recordKind: 'session',
      recordId: sessionId,
      action: 'sign_in_failed',
      changes: [{ field: 'reason', new: 'código inválido' }],
    });
    throw invalidCode();
  }
  await clearFailures(db, caller.email, ip);
}

/** Whether the user has a confirmed authenticator app. */
export async function hasTotp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`${userTotp.enabledAt} is not null` })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return Boolean(row?.on);
}
