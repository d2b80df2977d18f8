import { passwordProblem } from '../../../shared/password-rule.js';
import { type ChangePasswordRequest, PASSWORD_TEXTS } from '../../../shared/passwords.js';
import { appError, badRequest } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import { hashPassword, verifyPassword } from '../../core/passwords.js';
import type { Db } from '../../db/client.js';
import { recordAuditEvent } from '../audit/index.js';
import { findUserById, setUserPassword } from '../users/index.js';
import { claimAttempt, clearFailures, trimExpiredFailures } from './login-throttle.js';
import { retireResetTokensOf } from './reset-tokens.js';
import { endSessionsOf } from './sessions.js';

/** The new password against the shared rule, with the person's e-mail (the schema alone cannot know it). */
export function assertPasswordRule(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(problem, { new_password: problem });
}

/**
 * The signed-in person changes their own password. The current password is checked like a login (it counts toward
 * the same throttle, so a stolen session cannot try passwords freely); on success every other session of the
 * person ends, and the one that asked stays signed in.
 */
export async function changePassword(db: Db, caller: Caller, input: ChangePasswordRequest, ip: string): Promise<void> {
  if (!(await claimAttempt(db, caller.email, ip))) throw appError('too_many_attempts');
  const user = await findUserById(db, caller.id);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.current_password))) {
    await trimExpiredFailures(db);
    throw appError('wrong_password', PASSWORD_TEXTS.wrongCurrent, { current_password: PASSWORD_TEXTS.wrongCurrent });
  }
  await clearFailures(db, caller.email, ip);
  assertPasswordRule(input.new_password, user.email);
  if (input.new_password === input.current_password) {
    throw badRequest(PASSWORD_TEXTS.sameAsCurrent, { new_password: PASSWORD_TEXTS.sameAsCurrent });
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await setUserPassword(tx, user.id, passwordHash);
    await endSessionsOf(tx, user.id, caller.sessionId);
    await retireResetTokensOf(tx, user.id);
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'user',
      recordId: user.id,
      action: 'password_change',
      changes: [{ field: 'password', personal: true }],
    });
  });
}
