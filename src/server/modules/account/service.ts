import type { Account, AccountUpdate } from '../../../shared/account.js';
import { notFound } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import type { AuditChange } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';
import * as repo from './repository.js';

// The caller was read a moment ago; the row can only be missing if it was deleted in between.
const GONE = 'Usuário não encontrado.';

export async function getAccount(db: Db, caller: Caller): Promise<Account> {
  const row = await repo.findAccount(db, caller.id);
  if (!row) throw notFound(GONE);
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    establishments: row.establishments,
    supplier_name: row.supplierName,
    order_emails: row.orderEmails,
  };
}

/** Only the caller's own row: the id comes from the session, never from the request. */
export async function updateAccount(db: Db, caller: Caller, input: AccountUpdate): Promise<Account> {
  const before = await repo.findAccount(db, caller.id);
  if (!before) throw notFound(GONE);
  await db.transaction(async (tx) => {
    await repo.updateAccount(tx, caller.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.order_emails !== undefined && { orderEmails: input.order_emails }),
    });
    // The name is personal: recorded as changed, without its values.
    const changes: AuditChange[] = [
      ...(input.name !== undefined && input.name !== before.name ? [{ field: 'name', personal: true as const }] : []),
      ...(input.order_emails !== undefined && input.order_emails !== before.orderEmails
        ? [{ field: 'order_emails', old: before.orderEmails, new: input.order_emails }]
        : []),
    ];
    await recordAuditEvent(tx, { actor: caller, recordKind: 'user', recordId: caller.id, action: 'update', changes });
  });
  return getAccount(db, caller);
}

/** The account service, built once per app with its dependencies. */
export function createAccountService({ db }: { db: Db }) {
  return {
    getAccount: (caller: Caller) => getAccount(db, caller),
    updateAccount: (caller: Caller, input: AccountUpdate) => updateAccount(db, caller, input),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
