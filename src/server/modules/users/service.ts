import { ESTABLISHMENT_ROLES, type Role } from '../../../shared/roles.js';
import type { User, UserCreate, UserUpdate } from '../../../shared/users.js';
import type { Db } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, conflict, notFound } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import { hashPassword } from '../auth/passwords.js';
import * as repo from './repository.js';

const USER_NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail.';

export function toUserDto(row: repo.UserWithLinks): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    establishment_ids: row.establishmentIds,
    supplier_id: row.supplierId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db): Promise<User[]> {
  return (await repo.listAll(db)).map(toUserDto);
}

export async function createUser(db: Db, input: UserCreate): Promise<User> {
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
      return row.id;
    });
    return toUserDto(await mustFind(db, id));
  } catch (err) {
    throw translateWriteError(err);
  }
}

export async function updateUser(db: Db, caller: Caller, id: string, input: UserUpdate): Promise<User> {
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
      await repo.updateUser(tx, id, {
        email: input.email,
        role: input.role,
        supplierId: supplierFor(input.role, input.supplier_id === undefined ? current.supplierId : input.supplier_id),
        ...(passwordHash && { passwordHash, sessionsValidFrom: new Date() }),
      });
      await repo.replaceEstablishmentLinks(tx, id, links);
    });
  } catch (err) {
    throw translateWriteError(err);
  }
  return toUserDto(await mustFind(db, id));
}

export async function deleteUser(db: Db, caller: Caller, id: string): Promise<void> {
  if (id === caller.id) throw badRequest('Você não pode excluir o seu próprio usuário.');
  if (!(await repo.deleteUser(db, id))) throw notFound(USER_NOT_FOUND);
}

function translateWriteError(err: unknown): unknown {
  if (isUniqueViolation(err)) return conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  if (isForeignKeyViolation(err)) return badRequest('Fornecedor não encontrado.', { supplier_id: 'Fornecedor não encontrado.' });
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
    const detail = 'Um dos estabelecimentos escolhidos não existe.';
    throw new AppError('invalid', 400, detail, { establishment_ids: detail });
  }
}
