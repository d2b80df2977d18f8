import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LOGIN_FAILED_MESSAGE, type LoginRequest, type SessionUser } from '../../../shared/auth.js';
import type { ChangePasswordRequest, ResetPasswordRequest } from '../../../shared/passwords.js';
import { appError } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../core/passwords.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { Mailer } from '../mail/index.js';
import { addUser, countUsers, findUserByEmail, findUserBySession } from '../users/index.js';
import { claimAttempt, clearFailures, trimExpiredFailures } from './login-throttle.js';
import { changePassword } from './password-change.js';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.js';
import { endSession, startSession, trimExpiredSessions } from './sessions.js';
import type { TokenSigner, VerifiedToken } from './tokens.js';

export async function login(db: Db, tokens: TokenSigner, input: LoginRequest, ip: string): Promise<string> {
  if (!(await claimAttempt(db, input.email, ip))) {
    throw appError('too_many_attempts', 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
  }
  const user = await findUserByEmail(db, input.email);
  // Always one verification, so the time taken does not tell which e-mails have a login.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !valid || user.deactivatedAt) {
    await trimExpiredFailures(db);
    throw appError('invalid_credentials', LOGIN_FAILED_MESSAGE);
  }
  await clearFailures(db, input.email, ip);
  await trimExpiredSessions(db);
  return startSession(db, tokens, user.id);
}

/** The caller of a token whose session still exists: one query, on every authenticated request. */
export async function loadCaller(db: Db, token: VerifiedToken): Promise<Caller | null> {
  const user = await findUserBySession(db, token.userId, token.sessionId);
  if (!user) return null;
  return {
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
  if (caller.sessionId) await endSession(db, caller.sessionId);
}

export const sessionUserOf = (caller: Caller): SessionUser => ({
  email: caller.email,
  role: caller.role,
  establishment_ids: [...caller.establishmentIds],
  supplier_id: caller.supplierId,
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
export function createAuthService({ db, tokens, jobs, mailer }: { db: Db; tokens: TokenSigner; jobs: JobRunner; mailer: Mailer }) {
  return {
    login: (input: LoginRequest, ip: string) => login(db, tokens, input, ip),
    loadCaller: (token: VerifiedToken) => loadCaller(db, token),
    logout: (caller: Caller) => logout(db, caller),
    /** A new session and its token for this user (an accepted invitation signs the person in with it). */
    startSession: (userId: string, executor: Executor = db) => startSession(executor, tokens, userId),
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
