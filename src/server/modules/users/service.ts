import { deniedDetail, invitableRoles } from '../../../shared/access-policy.js';
import { ESTABLISHMENT_ROLES, type Role } from '../../../shared/roles.js';
import type { User, UserCreate, UserUpdate } from '../../../shared/users.js';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import { hashPassword } from '../../core/passwords.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { recordWrite } from '../audit/index.js';
import * as repo from './repository.js';

const USER_NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail.';
const SUPPLIER_NOT_FOUND = 'Fornecedor não encontrado.';
const EMAIL_KEY = 'users_email_key';
const SUPPLIER_KEY = 'users_supplier_id_suppliers_id_fk';
const ESTABLISHMENT_LINK_KEY = 'user_establishments_establishment_id_establishments_id_fk';
const ESTABLISHMENT_MISSING = 'Um dos estabelecimentos escolhidos não existe.';

export function toUserDto(row: repo.UserWithLinks): User {
  return {
    id: row.id,
    email: row.email,
    // Accounts made before names existed have an empty one: no name to show.
    name: row.name || null,
    active: row.deactivatedAt === null,
    has_password: row.passwordHash !== null,
    role: row.role,
    establishment_ids: row.establishmentIds,
    supplier_id: row.supplierId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The admin sees every user; a manager the managers and sommeliers of its own establishments. */
export async function listUsers(db: Db, caller: Caller): Promise<User[]> {
  const scope = requireScope(caller, 'users', 'read');
  const rows = scope.kind === 'all' ? await repo.listAll(db) : scope.kind === 'establishments' ? await repo.listStaffOf(db, scope.ids) : [];
  return rows.map(toUserDto);
}

/**
 * Deactivate or reactivate a login. A manager only for someone it could invite (a manager or sommelier) who works
 * for none but its own establishments: a login shared with another establishment is that one's business too.
 */
export async function setActive(db: Db, caller: Caller, id: string, active: boolean): Promise<User> {
  const scope = requireScope(caller, 'users', 'deactivate');
  if (id === caller.id) throw badRequest('Você não pode desativar o seu próprio usuário.');
  const target = await mustFind(db, id);
  if (scope.kind !== 'all') {
    const own = new Set(scope.kind === 'establishments' ? scope.ids : []);
    if (!target.establishmentIds.some((e) => own.has(e))) throw notFound(USER_NOT_FOUND);
    const mine = invitableRoles(caller).includes(target.role) && target.establishmentIds.every((e) => own.has(e));
    if (!mine) throw forbidden(deniedDetail('users', 'deactivate'));
  }
  await db.transaction(async (tx) => {
    await repo.setDeactivated(tx, id, !active);
    const inScope = scope.kind === 'establishments' ? target.establishmentIds.find((e) => scope.ids.includes(e)) : undefined;
    await recordWrite(tx, caller, {
      kind: 'user',
      id,
      action: active ? 'reactivate' : 'deactivate',
      establishmentId: inScope ?? target.establishmentIds[0] ?? null,
    });
  });
  const row = await mustFind(db, id);
  // A manager sees only its own establishments among the user's links.
  return toUserDto(
    scope.kind === 'all' ? row : { ...row, establishmentIds: row.establishmentIds.filter((e) => caller.establishmentIds.includes(e)) },
  );
}

export async function createUser(db: Db, caller: Caller, input: UserCreate): Promise<User> {
  requireScope(caller, 'users', 'create');
  const links = linksFor(input.role, input.establishment_ids);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      await assertEstablishmentsExist(tx, links);
      const row = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        role: input.role,
        supplierId: supplierFor(input.role, input.supplier_id),
      });
      await repo.replaceEstablishmentLinks(tx, row.id, links);
      await recordWrite(tx, caller, {
        kind: 'user',
        id: row.id,
        action: 'create',
        establishmentId: links[0] ?? null,
        after: { ...row, establishmentIds: links },
        only: ['email', 'role', 'supplierId', 'establishmentIds'],
      });
      return row.id;
    });
    return toUserDto(await mustFind(db, id));
  } catch (err) {
    throw translateWriteError(err);
  }
}

/**
 * Ends every session of a user, in the caller's transaction. Sessions are sign-in's (the auth module, which reads
 * users through this module's door): the app hands the function in, so the two modules do not import each other.
 */
export type EndSessions = (tx: Executor, userId: string) => Promise<void>;

export async function updateUser(db: Db, endSessions: EndSessions, caller: Caller, id: string, input: UserUpdate): Promise<User> {
  requireScope(caller, 'users', 'update');
  if (id === caller.id && input.role !== caller.role) {
    throw badRequest('Você não pode alterar o seu próprio perfil.', { role: 'Você não pode alterar o seu próprio perfil.' });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const current = await repo.findById(tx, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      // A field left out keeps what the user has; only an explicit [] or null clears it.
      const links = linksFor(input.role, input.establishment_ids ?? current.establishmentIds);
      await assertEstablishmentsExist(tx, links);
      const values = {
        email: input.email,
        role: input.role,
        supplierId: supplierFor(input.role, input.supplier_id === undefined ? current.supplierId : input.supplier_id),
      };
      await repo.updateUser(tx, id, { ...values, ...(passwordHash && { passwordHash }) });
      await recordWrite(tx, caller, {
        kind: 'user',
        id,
        action: 'update',
        establishmentId: links[0] ?? current.establishmentIds[0] ?? null,
        before: current,
        after: { ...current, ...values, establishmentIds: links },
        only: ['email', 'role', 'supplierId', 'establishmentIds'],
        // That a password was set, never the password.
        ...(passwordHash && { extra: [{ field: 'password', personal: true }] }),
      });
      // A password set by the admin signs the person out everywhere: whoever knew the old one is out.
      if (passwordHash) await endSessions(tx, id);
      await repo.replaceEstablishmentLinks(tx, id, links);
    });
  } catch (err) {
    throw translateWriteError(err);
  }
  return toUserDto(await mustFind(db, id));
}

export async function deleteUser(db: Db, caller: Caller, id: string): Promise<void> {
  requireScope(caller, 'users', 'delete');
  if (id === caller.id) throw badRequest('Você não pode excluir o seu próprio usuário.');
  const removed = await db.transaction(async (tx) => {
    const before = await repo.findById(tx, id);
    if (!before || !(await repo.deleteUser(tx, id))) return false;
    await recordWrite(tx, caller, { kind: 'user', id, action: 'delete', establishmentId: before.establishmentIds[0] ?? null, before });
    return true;
  });
  if (!removed) throw notFound(USER_NOT_FOUND);
}

function translateWriteError(err: unknown): unknown {
  if (isUniqueViolation(err, EMAIL_KEY)) return conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  if (isForeignKeyViolation(err, SUPPLIER_KEY)) return badRequest(SUPPLIER_NOT_FOUND, { supplier_id: SUPPLIER_NOT_FOUND });
  // An establishment deleted between the check and the insert.
  if (isForeignKeyViolation(err, ESTABLISHMENT_LINK_KEY))
    return badRequest(ESTABLISHMENT_MISSING, { establishment_ids: ESTABLISHMENT_MISSING });
  return err;
}

async function mustFind(db: Db, id: string): Promise<repo.UserWithLinks> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

function linksFor(role: Role, ids: readonly string[] | undefined): string[] {
  return ESTABLISHMENT_ROLES.includes(role) ? [...new Set(ids ?? [])] : [];
}

function supplierFor(role: Role, supplierId: string | null | undefined): string | null {
  return role === 'supplier' ? (supplierId ?? null) : null;
}

async function assertEstablishmentsExist(db: Parameters<typeof repo.existingEstablishmentIds>[0], ids: string[]): Promise<void> {
  const found = new Set(await repo.existingEstablishmentIds(db, ids));
  if (ids.some((id) => !found.has(id))) {
    throw badRequest(ESTABLISHMENT_MISSING, { establishment_ids: ESTABLISHMENT_MISSING });
  }
}

// ── For other modules: sign-in, invitations, onboarding. Each runs in the caller's transaction when given one. ──

export type { UserRow, UserWithLinks } from './repository.js';
export type NewUser = Parameters<typeof repo.insertUser>[1];

export const findUserByEmail = (db: Executor, email: string) => repo.findByEmail(db, email);
export const findUserById = (db: Executor, id: string) => repo.findById(db, id);
/** The active user of a session that has not ended nor expired. */
export const findUserBySession = (db: Executor, userId: string, sessionId: string) => repo.findBySession(db, userId, sessionId);
export const countUsers = (db: Executor) => repo.countUsers(db);
export const setUserPassword = (db: Executor, id: string, passwordHash: string) => repo.setPasswordHash(db, id, passwordHash);

/** A new login, linked to these establishments (an invitation's, the first admin's: none). */
export async function addUser(db: Executor, values: NewUser, establishmentIds: readonly string[] = []): Promise<repo.UserRow> {
  const row = await repo.insertUser(db, values);
  if (establishmentIds.length > 0) await repo.replaceEstablishmentLinks(db, row.id, establishmentIds);
  return row;
}

/** The users service, built once per app with its dependencies. */
export function createUserService({ db, endSessions }: { db: Db; endSessions: EndSessions }) {
  return {
    listUsers: (caller: Caller) => listUsers(db, caller),
    createUser: (caller: Caller, input: UserCreate) => createUser(db, caller, input),
    updateUser: (caller: Caller, id: string, input: UserUpdate) => updateUser(db, endSessions, caller, id, input),
    deleteUser: (caller: Caller, id: string) => deleteUser(db, caller, id),
    setActive: (caller: Caller, id: string, active: boolean) => setActive(db, caller, id, active),
  };
}
export type UserService = ReturnType<typeof createUserService>;
