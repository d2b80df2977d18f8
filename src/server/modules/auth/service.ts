import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LOGIN_FAILED_MESSAGE, type LoginRequest, type SessionUser } from '../../../shared/auth.js';
import type { ChangePasswordRequest, ResetPasswordRequest } from '../../../shared/passwords.js';
import type { Role } from '../../../shared/roles.js';
import type { PasskeyAddRequest, PasskeyLoginRequest, TotpDisableRequest } from '../../../shared/two-step.js';
import { type SessionStage, TWO_STEP_TEXTS } from '../../../shared/two-step-rules.js';
import { appError } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../core/passwords.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Mailer } from '../mail/index.js';
import { addUser, countUsers, findUserByEmail, findUserById, findUserBySession } from '../users/index.js';
import { claimAttempt, clearFailures, trimExpiredFailures } from './login-throttle.js';
import {
  addPasskey,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  type RelyingParty,
  relyingPartyOf,
  removePasskey,
  verifyPasskeyLogin,
} from './passkeys.js';
import { changePassword } from './password-change.js';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.js';
import {
  endOtherSessions,
  endOwnSession,
  endSession,
  LAST_USED_EVERY_MS,
  listOpenSessions,
  startSession,
  startSessionRow,
  touchSession,
  trimExpiredSessions,
} from './sessions.js';
import type { TokenSigner, VerifiedToken } from './tokens.js';
import { completeLoginWithCode, confirmTotp, disableTotp, hasTotp, startTotpSetup, type TwoStepDeps, twoStepStatus } from './two-step.js';
import { createTwoStepKey } from './two-step-key.js';
import { requiredRoles, setRequiredRoles } from './two-step-policy.js';

/** Where a sign-in comes from: the client address (throttle, /conta) and its User-Agent (/conta). */
export interface SignInOrigin {
  ip: string;
  userAgent: string;
}

export interface SignInDeps {
  db: Db;
  tokens: TokenSigner;
  twoStep: TwoStepDeps;
  rp: RelyingParty | undefined;
}

export interface SignedIn {
  token: string;
  stage: SessionStage;
}

/** The stage a new session of this user starts in, right after a password or a passkey. */
async function firstStage(
  deps: SignInDeps,
  executor: Executor,
  user: { id: string; role: Role },
  byPasskey: boolean,
): Promise<SessionStage> {
  const totp = await hasTotp(executor, user.id);
  if (totp && !byPasskey) return 'second_factor';
  if (!totp && (await deps.twoStep.requiredRoles(executor)).includes(user.role)) return 'setup_required';
  return 'full';
}

export async function login(deps: SignInDeps, input: LoginRequest, origin: SignInOrigin): Promise<SignedIn> {
  const { db, tokens } = deps;
  if (!(await claimAttempt(db, input.email, origin.ip))) {
    throw appError('too_many_attempts', 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
  }
  const user = await findUserByEmail(db, input.email);
  // Always one verification, so the time taken does not tell which e-mails have a login.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !valid || user.deactivatedAt) {
    await trimExpiredFailures(db);
    // Never the typed password nor the e-mail (personal): who, when known, and why.
    await recordAuditEvent(db, {
      actor: user ? { id: user.id, role: user.role } : 'desconhecido',
      recordKind: 'session',
      action: 'sign_in_failed',
      changes: [{ field: 'reason', new: !user?.passwordHash ? 'usuário desconhecido' : !valid ? 'senha incorreta' : 'conta desativada' }],
    });
    throw appError('invalid_credentials', LOGIN_FAILED_MESSAGE);
  }
  await clearFailures(db, input.email, origin.ip);
  await trimExpiredSessions(db);
  const stage = await firstStage(deps, db, user, false);
  return db.transaction(async (tx) => {
    const { token, sessionId } = await startSessionRow(tx, tokens, user.id, { stage, ...origin });
    await recordAuditEvent(tx, {
      actor: { id: user.id, role: user.role },
      recordKind: 'session',
      recordId: sessionId,
      action: stage === 'second_factor' ? 'password_accepted' : 'sign_in',
      changes: [
        { field: 'method', new: 'senha' },
        ...(stage === 'setup_required' ? [{ field: 'stage', new: 'configurar duas etapas' }] : []),
      ],
    });
    return { token, stage };
  });
}

/** A sign-in with a passkey instead of password + code: the passkey is both factors. */
export async function loginWithPasskey(deps: SignInDeps, input: PasskeyLoginRequest, origin: SignInOrigin): Promise<SignedIn> {
  const { db, tokens } = deps;
  const signedIn = await db.transaction(async (tx) => {
    const found = await verifyPasskeyLogin(tx, deps.rp, input);
    const user = found ? await findUserById(tx, found.userId) : undefined;
    if (!found || !user || user.deactivatedAt) return null;
    const stage = await firstStage(deps, tx, user, true);
    const { token, sessionId } = await startSessionRow(tx, tokens, user.id, { stage, ...origin });
    await recordAuditEvent(tx, {
      actor: { id: user.id, role: user.role },
      recordKind: 'session',
      recordId: sessionId,
      action: 'sign_in',
      changes: [{ field: 'method', new: 'passkey' }],
    });
    return { token, stage };
  });
  if (!signedIn) {
    await recordAuditEvent(db, {
      actor: 'desconhecido',
      recordKind: 'session',
      action: 'sign_in_failed',
      changes: [{ field: 'reason', new: 'passkey não reconhecida' }],
    });
    throw appError('passkey_failed', TWO_STEP_TEXTS.passkeyUnknown);
  }
  return signedIn;
}

/** The caller of a token whose session still exists: one query, on every authenticated request. */
export async function loadCaller(db: Db, token: VerifiedToken): Promise<Caller | null> {
  const user = await findUserBySession(db, token.userId, token.sessionId);
  if (!user) return null;
  if (Date.now() - user.sessionLastUsedAt.getTime() > LAST_USED_EVERY_MS) await touchSession(db, token.sessionId);
  // A role that must have two-step sign-in, without it: only the set-up, whatever the session began as (a session
  // from before the rule, an accepted invitation, a passkey).
  const stage = user.sessionStage === 'full' && !user.totpEnabled && user.twoStepRequired ? 'setup_required' : user.sessionStage;
  return {
    stage,
    id: user.id,
    email: user.email,
    role: user.role,
    establishmentIds: user.establishmentIds,
    supplierId: user.supplierId,
    sessionId: token.sessionId,
  };
}

/** Logout on the server: the token stops working even if a copy of it survives somewhere. */
export async function logout(db: Db, caller: Caller): Promise<void> {
  const sessionId = caller.sessionId;
  if (!sessionId) return;
  await db.transaction(async (tx) => {
    await endSession(tx, sessionId);
    await recordAuditEvent(tx, {
      actor: { id: caller.id, role: caller.role },
      recordKind: 'session',
      recordId: sessionId,
      action: 'sign_out',
    });
  });
}

export const sessionUserOf = (caller: Caller): SessionUser => ({
  email: caller.email,
  role: caller.role,
  establishment_ids: [...caller.establishmentIds],
  supplier_id: caller.supplierId,
  stage: caller.stage ?? 'full',
});

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that admin exists after start-up (created if missing; its password is not overwritten).
 * Neither set and no users at all: an admin with a random password, printed once.
 */
export async function ensureInitialAdmin(db: Db, log: FastifyBaseLogger, admin: { email?: string; password?: string }): Promise<void> {
  if (admin.email && admin.password) {
    if (await findUserByEmail(db, admin.email)) return;
    await addUser(db, { email: admin.email, passwordHash: await hashPassword(admin.password), role: 'admin', supplierId: null });
    log.info({ email: admin.email }, 'admin user created from ADMIN_EMAIL');
    return;
  }
  if ((await countUsers(db)) > 0) return;
  const email = 'admin@adega.local';
  const password = randomBytes(12).toString('base64url');
  await addUser(db, { email, passwordHash: await hashPassword(password), role: 'admin', supplierId: null });
  // Deliberately printed once, outside the structured log, so it is not confused with a leaked secret.
  process.stdout.write(
    `\n  Primeiro acesso ao Adega\n  E-mail: ${email}\n  Senha:  ${password}\n  (troque a senha em Minha conta, /conta; esta mensagem não aparece de novo)\n\n`,
  );
}

/** The sign-in service, built once per app with its dependencies. */
export function createAuthService({
  db,
  tokens,
  jobs,
  mailer,
  passkeyOrigin,
  signingSecret,
}: {
  db: Db;
  tokens: TokenSigner;
  jobs: JobRunner;
  mailer: Mailer;
  /** PASSKEY_ORIGIN or PUBLIC_BASE_URL: where passkeys belong; without it passkeys are off. */
  passkeyOrigin: string | undefined;
  /** The server's signing secret: the two-step keys are derived from it (two-step-key.ts). */
  signingSecret: string;
}) {
  const twoStep: TwoStepDeps = { db, key: createTwoStepKey(signingSecret), requiredRoles };
  const rp = relyingPartyOf(passkeyOrigin);
  const signIn: SignInDeps = { db, tokens, twoStep, rp };
  return {
    login: (input: LoginRequest, origin: SignInOrigin) => login(signIn, input, origin),
    loginWithCode: (caller: Caller, code: string, ip: string) => completeLoginWithCode(twoStep, caller, code, ip),
    passkeyLoginOptions: () => passkeyLoginOptions(db, rp),
    loginWithPasskey: (input: PasskeyLoginRequest, origin: SignInOrigin) => loginWithPasskey(signIn, input, origin),
    loadCaller: (token: VerifiedToken) => loadCaller(db, token),
    requiredRoles: () => requiredRoles(db),
    setRequiredRoles: (caller: Caller, roles: readonly Role[]) => setRequiredRoles(db, caller, roles),
    logout: (caller: Caller) => logout(db, caller),
    /** A new session and its token for this user (an accepted invitation signs the person in with it). */
    startSession: (userId: string, executor: Executor = db) => startSession(executor, tokens, userId),
    twoStepStatus: (caller: Caller) => twoStepStatus(twoStep, caller),
    startTotpSetup: (caller: Caller) => startTotpSetup(twoStep, caller),
    confirmTotp: (caller: Caller, code: string, ip: string) => confirmTotp(twoStep, caller, code, ip),
    disableTotp: (caller: Caller, input: TotpDisableRequest, ip: string) => disableTotp(twoStep, caller, input, ip),
    passkeyRegistrationOptions: (caller: Caller) => passkeyRegistrationOptions(db, rp, caller),
    addPasskey: (caller: Caller, input: PasskeyAddRequest) => addPasskey(db, rp, caller, input),
    removePasskey: (caller: Caller, id: string) => removePasskey(db, caller, id),
    listOpenSessions: (caller: Caller) => listOpenSessions(db, caller),
    endOwnSession: (caller: Caller, sessionId: string) => endOwnSession(db, caller, sessionId),
    endOtherSessions: (caller: Caller) => endOtherSessions(db, caller),
    verifyToken: tokens.verify,
    changePassword: (caller: Caller, input: ChangePasswordRequest, ip: string) => changePassword(db, caller, input, ip),
    requestPasswordReset: (email: string, linkBase: string) => requestPasswordReset(jobs, email, linkBase),
    checkResetLink: (token: string) => checkResetLink(db, token),
    resetPassword: (input: ResetPasswordRequest) => resetPassword(db, input),
    mailDelivery: mailer.delivery,
    linkBase: (request: FastifyRequest) => mailer.anonymousLinkBase(request),
    sessionUserOf,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
