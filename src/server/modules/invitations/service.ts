import { deniedDetail, invitableRoles } from '../../../shared/access-policy.js';
import {
  INVITATION_DAYS,
  INVITATION_TEXTS,
  type Invitation,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationPreview,
  invitationCreateSchema,
} from '../../../shared/invitations.js';
import { passwordProblem } from '../../../shared/password-rule.js';
import { ESTABLISHMENT_ROLES, type Role } from '../../../shared/roles.js';
import { appError, badRequest, conflict, forbidden, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import { hashOneTimeToken, newOneTimeToken } from '../../core/one-time-token.js';
import { hashPassword } from '../../core/passwords.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { recordWrite } from '../audit/index.js';
import { addUser } from '../users/index.js';
import { type InvitationMailer, invitationMessage } from './message.js';
import * as repo from './repository.js';

const PENDING_EMAIL_KEY = 'invitations_pending_email_key';
const USERS_EMAIL_KEY = 'users_email_key';
const SUPPLIER_KEY = 'invitations_supplier_id_suppliers_id_fk';
const SUPPLIER_MISSING = 'Fornecedor não encontrado.';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationDeps {
  db: Db;
  mailer: InvitationMailer;
  /** Starts a session for a new user: the same function login uses (auth service). */
  /** Starts a session for a user and answers its token (the auth module's one way to sign someone in). */
  startSession(userId: string): Promise<string>;
}

/** What the inviter is told: the new invitation and, only when e-mails are written to files, its link. */
function toDto(row: repo.InvitationWithInviter, link: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    establishment_ids: row.establishmentIds,
    supplier_id: row.supplierId,
    // An account made before names existed has an empty one: the e-mail is shown instead.
    invited_by: row.inviterEmail ? { email: row.inviterEmail, name: row.inviterName || null } : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
    link,
  };
}

const expiryFromNow = () => new Date(Date.now() + INVITATION_DAYS * DAY_MS);
const invitationPath = (token: string) => `/convite?token=${encodeURIComponent(token)}`;

/**
 * May the caller invite this role to these establishments? The admin anyone anywhere; a manager only managers and
 * sommeliers of establishments it manages (403 otherwise, with the reason).
 */
function assertMayInvite(caller: Caller, role: Role, establishmentIds: readonly string[]): void {
  const scope = requireScope(caller, 'invitations', 'create');
  if (!invitableRoles(caller).includes(role)) throw forbidden(INVITATION_TEXTS.roleNotAllowed);
  if (scope.kind === 'establishments' && establishmentIds.some((id) => !scope.ids.includes(id))) {
    throw forbidden(INVITATION_TEXTS.establishmentNotOwn);
  }
}

/** One invitation and its e-mail, written in the caller's transaction (the onboarding approval uses it too). */
export async function inviteIn(
  tx: Executor,
  deps: Pick<InvitationDeps, 'mailer'>,
  input: { email: string; role: Role; establishmentIds: string[]; supplierId: string | null; invitedBy: Caller | null; linkBase: string },
): Promise<{ row: repo.InvitationRow; link: string | null }> {
  if (await repo.emailHasAccount(tx, input.email))
    throw conflict(INVITATION_TEXTS.emailHasAccount, { email: INVITATION_TEXTS.emailHasAccount });
  await repo.deleteExpiredPending(tx, input.email);
  const { token, hash } = newOneTimeToken();
  const row = await repo.insertInvitation(tx, {
    email: input.email,
    role: input.role,
    establishmentIds: input.establishmentIds,
    supplierId: input.supplierId,
    tokenHash: hash,
    expiresAt: expiryFromNow(),
    invitedBy: input.invitedBy?.id ?? null,
  });
  return { row, link: await queueMessage(tx, deps.mailer, { row, token, inviter: input.invitedBy, linkBase: input.linkBase }) };
}

/**
 * The onboarding approval's invitation of the applicant as manager. An owner who signs up a second restaurant before
 * accepting the first invitation gets one invitation for both (a new link; the old one stops working), not a refusal.
 */
export async function inviteManagerIn(
  tx: Executor,
  deps: Pick<InvitationDeps, 'mailer'>,
  input: { email: string; establishmentId: string; invitedBy: Caller; linkBase: string },
): Promise<{ row: repo.InvitationRow; link: string | null }> {
  const pending = await repo.findLivePendingByEmail(tx, input.email);
  if (!pending) {
    return inviteIn(tx, deps, {
      email: input.email,
      role: 'restaurant_manager',
      establishmentIds: [input.establishmentId],
      supplierId: null,
      invitedBy: input.invitedBy,
      linkBase: input.linkBase,
    });
  }
  if (pending.role !== 'restaurant_manager')
    throw conflict(INVITATION_TEXTS.pendingOtherRole, { contact_email: INVITATION_TEXTS.pendingOtherRole });
  const { token, hash } = newOneTimeToken();
  const establishmentIds = [...new Set([...pending.establishmentIds, input.establishmentId])];
  const row = await repo.widenPending(tx, pending.id, establishmentIds, hash, expiryFromNow());
  if (!row) throw new Error('pending invitation vanished while locked');
  return { row, link: await queueMessage(tx, deps.mailer, { row, token, inviter: input.invitedBy, linkBase: input.linkBase }) };
}

async function queueMessage(
  tx: Executor,
  mailer: InvitationMailer,
  { row, token, inviter, linkBase }: { row: repo.InvitationRow; token: string; inviter: Pick<Caller, 'email'> | null; linkBase: string },
): Promise<string | null> {
  const names = (await repo.establishmentNames(tx, row.establishmentIds)).map((e) => e.name);
  const path = invitationPath(token);
  await mailer.queue(tx, {
    to: row.email,
    kind: 'invitation',
    ...mailer.compose(invitationMessage({ role: row.role, establishments: names, inviter: inviter?.email ?? null, path }), linkBase),
  });
  return mailer.delivery === 'file' ? mailer.link(path, linkBase) : null;
}

export async function createInvitation(
  deps: InvitationDeps,
  caller: Caller,
  body: InvitationCreate,
  linkBase: string,
): Promise<Invitation> {
  const input = invitationCreateSchema.parse(body);
  const staff = ESTABLISHMENT_ROLES.includes(input.role);
  const establishmentIds = staff ? [...new Set(input.establishment_ids)] : [];
  assertMayInvite(caller, input.role, establishmentIds);
  if (staff && establishmentIds.length === 0) {
    throw badRequest(INVITATION_TEXTS.establishmentRequired, { establishment_ids: INVITATION_TEXTS.establishmentRequired });
  }
  const supplierId = input.role === 'supplier' ? (input.supplier_id ?? null) : null;
  if (input.role === 'supplier' && !supplierId)
    throw badRequest(INVITATION_TEXTS.supplierRequired, { supplier_id: INVITATION_TEXTS.supplierRequired });
  try {
    const { row, link } = await deps.db.transaction(async (tx) => {
      const found = await repo.establishmentNames(tx, establishmentIds);
      if (found.length !== establishmentIds.length) {
        const missing = 'Um dos estabelecimentos escolhidos não existe.';
        throw badRequest(missing, { establishment_ids: missing });
      }
      const invited = await inviteIn(tx, deps, {
        email: input.email,
        role: input.role,
        establishmentIds,
        supplierId,
        invitedBy: caller,
        linkBase,
      });
      await recordWrite(tx, caller, {
        kind: 'invitation',
        id: invited.row.id,
        action: 'create',
        establishmentId: establishmentIds[0] ?? null,
        after: invited.row,
        only: ['email', 'role', 'establishmentIds', 'supplierId'],
      });
      return invited;
    });
    return toDto(await mustFindPending(deps.db, row.id), link);
  } catch (err) {
    if (isUniqueViolation(err, PENDING_EMAIL_KEY))
      throw conflict(INVITATION_TEXTS.alreadyInvited, { email: INVITATION_TEXTS.alreadyInvited });
    if (isForeignKeyViolation(err, SUPPLIER_KEY)) throw badRequest(SUPPLIER_MISSING, { supplier_id: SUPPLIER_MISSING });
    throw err;
  }
}

export async function listInvitations(db: Db, caller: Caller): Promise<Invitation[]> {
  const scope = requireScope(caller, 'invitations', 'read');
  const rows =
    scope.kind === 'all'
      ? await repo.listPending(db)
      : await repo.listPending(db, { establishmentIds: scope.kind === 'establishments' ? scope.ids : [], roles: invitableRoles(caller) });
  return rows.map((row) => toDto(row, null));
}

/**
 * A pending invitation the caller may act on: outside what it can see 404; seen but touching another
 * establishment (an admin's invitation to two places) 403.
 */
async function pendingFor<A extends 'resend' | 'delete'>(db: Executor, caller: Caller, id: string, action: A) {
  const scope = requireScope(caller, 'invitations', action);
  const row = await repo.findPending(db, id);
  if (!row) throw notFound(INVITATION_TEXTS.notFound);
  if (scope.kind === 'all') return row;
  const own = scope.kind === 'establishments' ? scope.ids : [];
  if (!invitableRoles(caller).includes(row.role) || !row.establishmentIds.some((e) => own.includes(e)))
    throw notFound(INVITATION_TEXTS.notFound);
  if (!row.establishmentIds.every((e) => own.includes(e))) throw forbidden(deniedDetail('invitations', action));
  return row;
}

/** A new link valid for another 7 days; the old link stops working (only the new token's hash is kept). */
export async function resendInvitation(deps: InvitationDeps, caller: Caller, id: string, linkBase: string): Promise<Invitation> {
  const link = await deps.db.transaction(async (tx) => {
    const row = await pendingFor(tx, caller, id, 'resend');
    const { token, hash } = newOneTimeToken();
    const expiresAt = expiryFromNow();
    if (!(await repo.replaceToken(tx, row.id, hash, expiresAt))) throw notFound(INVITATION_TEXTS.notFound);
    await recordWrite(tx, caller, { kind: 'invitation', id: row.id, action: 'resend', establishmentId: row.establishmentIds[0] ?? null });
    return queueMessage(tx, deps.mailer, { row: { ...row, tokenHash: hash, expiresAt }, token, inviter: caller, linkBase });
  });
  return toDto(await mustFindPending(deps.db, id), link);
}

export async function deleteInvitation(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await pendingFor(tx, caller, id, 'delete');
    if (!(await repo.deletePending(tx, id))) throw notFound(INVITATION_TEXTS.notFound);
    await recordWrite(tx, caller, { kind: 'invitation', id, action: 'delete', establishmentId: row.establishmentIds[0] ?? null });
  });
}

const invalidLink = () => appError('invalid_link');

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await repo.findUsableByTokenHash(db, hashOneTimeToken(token), false);
  if (!row) throw invalidLink();
  const names = await repo.establishmentNames(db, row.establishmentIds);
  return { email: row.email, role: row.role, establishments: names.map((e) => e.name) };
}

/** Creates the account, links its establishments (those that still exist), uses the token up, starts a session. */
export async function acceptInvitation(deps: InvitationDeps, input: InvitationAccept): Promise<string> {
  const tokenHash = hashOneTimeToken(input.token);
  const peek = await repo.findUsableByTokenHash(deps.db, tokenHash, false);
  if (!peek) throw invalidLink();
  const problem = passwordProblem(input.password, peek.email);
  if (problem) throw badRequest(problem, { password: problem });
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await deps.db.transaction(async (tx) => {
      // Locked and checked again: two tabs accepting the same link make one account.
      const invitation = await repo.findUsableByTokenHash(tx, tokenHash, true);
      if (!invitation) throw invalidLink();
      if (await repo.emailHasAccount(tx, invitation.email)) throw conflict(INVITATION_TEXTS.emailHasAccount);
      const existing = (await repo.establishmentNames(tx, invitation.establishmentIds)).map((e) => e.id);
      const created = await addUser(
        tx,
        { email: invitation.email, name: input.name, passwordHash, role: invitation.role, supplierId: invitation.supplierId },
        existing,
      );
      await repo.markAccepted(tx, invitation.id, created.id);
      // The new user accepted: the entry names them (id and role), never the e-mail or the password.
      const actor = { id: created.id, role: invitation.role };
      await recordWrite(tx, actor, { kind: 'invitation', id: invitation.id, action: 'accept', establishmentId: existing[0] ?? null });
      await recordWrite(tx, actor, {
        kind: 'user',
        id: created.id,
        action: 'create',
        establishmentId: existing[0] ?? null,
        after: { ...created, establishmentIds: existing },
        only: ['email', 'name', 'role', 'supplierId', 'establishmentIds'],
      });
      return created;
    });
    return await deps.startSession(user.id);
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_KEY)) throw conflict(INVITATION_TEXTS.emailHasAccount);
    throw err;
  }
}

async function mustFindPending(db: Executor, id: string): Promise<repo.InvitationWithInviter> {
  const row = await repo.findPending(db, id);
  if (!row) throw notFound(INVITATION_TEXTS.notFound);
  return row;
}

/** The invitations service, built once per app with its dependencies. */
export function createInvitationService(deps: InvitationDeps) {
  return {
    create: (caller: Caller, body: InvitationCreate, linkBase: string) => createInvitation(deps, caller, body, linkBase),
    list: (caller: Caller) => listInvitations(deps.db, caller),
    resend: (caller: Caller, id: string, linkBase: string) => resendInvitation(deps, caller, id, linkBase),
    remove: (caller: Caller, id: string) => deleteInvitation(deps.db, caller, id),
    preview: (token: string) => previewInvitation(deps.db, token),
    accept: (input: InvitationAccept) => acceptInvitation(deps, input),
    /** For the onboarding approval: the applicant's invitation as manager, written in its transaction. */
    inviteManagerIn: (tx: Executor, input: Parameters<typeof inviteManagerIn>[2]) => inviteManagerIn(tx, deps, input),
    /** Where the links of invitations sent for this request point. */
    linkBase: deps.mailer.linkBase,
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
