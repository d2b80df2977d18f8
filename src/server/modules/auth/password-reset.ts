import type { FastifyBaseLogger } from 'fastify';
import type { ResetPasswordRequest } from '../../../shared/passwords.js';
import { appError } from '../../core/app-error.js';
import { hashOneTimeToken, newOneTimeToken } from '../../core/one-time-token.js';
import { hashPassword } from '../../core/passwords.js';
import type { Db } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Mailer } from '../mail/index.js';
import { findUserByEmail, setUserPassword } from '../users/index.js';
import { clearFailuresOfEmail } from './login-throttle.js';
import { assertPasswordRule } from './password-change.js';
import { claimResetToken, findLiveResetToken, insertResetToken, retireResetTokensOf, trimExpiredResetTokens } from './reset-tokens.js';
import { endSessionsOf } from './sessions.js';

const RESET_QUEUE = 'password-reset-request';
export const RESET_PATH = '/redefinir-senha';

interface ResetRequestJob {
  email: string;
  /** Where the link points (Mailer.linkBase of the request); absent in jobs queued before links carried it. */
  linkBase?: string;
}

/**
 * "Esqueci minha senha" answers before anyone looks the e-mail up: the request only queues this job, the same work
 * whether or not the e-mail has an account, so neither the answer nor its timing tells which e-mails exist
 * (docs/decisions/0050). The job makes the link and queues its e-mail, in one transaction.
 */
export function registerPasswordResetJobs(jobs: JobRunner, deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }): void {
  jobs.register<ResetRequestJob>({
    name: RESET_QUEUE,
    handle: ({ email, linkBase }) => sendResetLink(deps, email, linkBase ?? deps.mailer.fallbackLinkBase),
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  });
}

export async function requestPasswordReset(jobs: JobRunner, email: string, linkBase: string): Promise<void> {
  await jobs.send(RESET_QUEUE, { email, linkBase } satisfies ResetRequestJob);
}

async function sendResetLink(
  { db, mailer, log }: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  email: string,
  linkBase: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  // A record-only user (no password: a sample CRM owner) or a deactivated one cannot be given a way in by e-mail.
  if (!user?.passwordHash || user.deactivatedAt) {
    log.info('password reset asked for an e-mail without an active account: nothing sent');
    return;
  }
  const { token, hash } = newOneTimeToken();
  const message = mailer.compose(
    {
      subject: 'Redefinir a sua senha do Adega',
      greeting: user.name ? `Olá, ${user.name}.` : 'Olá.',
      paragraphs: [
        `Recebemos um pedido para redefinir a senha da conta ${user.email} no Adega.`,
        'Use o botão abaixo para escolher uma nova senha. O link vale por 60 minutos e funciona uma única vez.',
      ],
      action: { label: 'Redefinir senha', path: `${RESET_PATH}?token=${encodeURIComponent(token)}` },
      footnote: 'Se você não pediu a redefinição, ignore este e-mail: a sua senha continua a mesma.',
    },
    linkBase,
  );
  await db.transaction(async (tx) => {
    await trimExpiredResetTokens(tx);
    await insertResetToken(tx, user.id, hash);
    await mailer.queue(tx, { to: user.email, kind: 'password_reset', ...message });
  });
}

const invalidLink = () => appError('invalid_reset_link');
/** Ours are 43 characters; anything much longer is not worth hashing. */
const TOKEN_MAX_LENGTH = 200;

/** The live link of a token as the e-mail carried it, or 400 "Link inválido ou expirado". Reads only. */
async function liveLink(db: Db, token: string) {
  if (token === '' || token.length > TOKEN_MAX_LENGTH) throw invalidLink();
  const link = await findLiveResetToken(db, hashOneTimeToken(token));
  if (!link) throw invalidLink();
  return link;
}

/** Whether the link can still set a password, without using it up: the page asks before anyone types. */
export async function checkResetLink(db: Db, token: string): Promise<void> {
  await liveLink(db, token);
}

/** A new password through an e-mailed link: single use, 60 minutes; every session of the person ends. */
export async function resetPassword(db: Db, input: ResetPasswordRequest): Promise<void> {
  const link = await liveLink(db, input.token);
  // Checked before the link is used up: a password the rule refuses leaves the link working for another try.
  assertPasswordRule(input.new_password, link.email);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    if (!(await claimResetToken(tx, link.id))) throw invalidLink();
    await setUserPassword(tx, link.userId, passwordHash);
    await retireResetTokensOf(tx, link.userId);
    await endSessionsOf(tx, link.userId);
    await clearFailuresOfEmail(tx, link.email);
    await recordAuditEvent(tx, {
      actor: { id: link.userId, role: link.role },
      recordKind: 'user',
      recordId: link.userId,
      action: 'password_reset',
      changes: [{ field: 'password', personal: true }],
    });
  });
}
