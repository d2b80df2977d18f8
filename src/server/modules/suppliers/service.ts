import { can, scopeCovers } from '../../../shared/access-policy.js';
import {
  SUPPLIER_MESSAGES,
  SUPPLIERS_DEFAULT_LIMIT,
  type Supplier,
  type SupplierInput,
  type SupplierListQuery,
  supplierSchema,
} from '../../../shared/suppliers.js';
import { conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { toColumns, toDto } from '../../db/row-mapping.js';
import * as repo from './repository.js';

/** Deleting a supplier never destroys history: orders and products keep it (docs/decisions/0013). */
const KEEPS_SUPPLIER = {
  orders_supplier_id_suppliers_id_fk: SUPPLIER_MESSAGES.hasOrders,
  products_supplier_id_suppliers_id_fk: SUPPLIER_MESSAGES.hasProducts,
} as const;

export const toSupplierDto = (row: repo.SupplierRow): Supplier => toDto(supplierSchema, row);

export async function listSuppliers(db: Db, caller: Caller, query: SupplierListQuery): Promise<{ items: Supplier[]; total: number }> {
  const scope = requireScope(caller, 'suppliers', 'read');
  const limit = query.limit ?? SUPPLIERS_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const { rows, total } = await repo.search(db, scope, { search: query.search, limit, offset });
  return { items: rows.map(toSupplierDto), total };
}

/** The supplier if the caller may read it; 404 otherwise (another supplier's record stays hidden). */
async function findReadable(db: Db, caller: Caller, id: string): Promise<repo.SupplierRow> {
  const scope = requireScope(caller, 'suppliers', 'read');
  const row = scopeCovers(scope, { supplierId: id }) ? await repo.findById(db, id) : undefined;
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return row;
}

export async function getSupplier(db: Db, caller: Caller, id: string): Promise<Supplier> {
  return toSupplierDto(await findReadable(db, caller, id));
}

export async function createSupplier(db: Db, caller: Caller, input: SupplierInput): Promise<Supplier> {
  requireScope(caller, 'suppliers', 'create');
  return toSupplierDto(await repo.insert(db, toColumns(input)));
}

export async function updateSupplier(db: Db, caller: Caller, id: string, input: SupplierInput): Promise<Supplier> {
  const current = await findReadable(db, caller, id);
  const scope = requireScope(caller, 'suppliers', 'update');
  if (!scopeCovers(scope, { supplierId: id })) throw notFound(SUPPLIER_MESSAGES.notFound);
  const values = toColumns(input);
  // Commission and contract are the marketplace's terms: whoever may not set them keeps the current ones.
  if (!can(caller, 'suppliers', 'setTerms')) {
    values.commissionRate = current.commissionRate;
    values.contractStartDate = current.contractStartDate;
    values.contractEndDate = current.contractEndDate;
  }
  const row = await repo.update(db, id, values);
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return toSupplierDto(row);
}

export async function deleteSupplier(db: Db, caller: Caller, id: string): Promise<void> {
  requireScope(caller, 'suppliers', 'delete');
  let removed: boolean;
  try {
    removed = await repo.remove(db, id);
  } catch (err) {
    for (const [constraint, detail] of Object.entries(KEEPS_SUPPLIER)) if (isForeignKeyViolation(err, constraint)) throw conflict(detail);
    throw err;
  }
  if (!removed) throw notFound(SUPPLIER_MESSAGES.notFound);
}

/** The suppliers service, built once per app with its dependencies. */
/** For other modules, in their transaction (an order reads its supplier's rate); no access check: the caller's. */
export const findSupplierById = (db: Executor, id: string) => repo.findById(db, id);

export function createSupplierService({ db }: { db: Db }) {
  return {
    listSuppliers: (caller: Caller, query: SupplierListQuery) => listSuppliers(db, caller, query),
    getSupplier: (caller: Caller, id: string) => getSupplier(db, caller, id),
    createSupplier: (caller: Caller, input: SupplierInput) => createSupplier(db, caller, input),
    updateSupplier: (caller: Caller, id: string, input: SupplierInput) => updateSupplier(db, caller, id, input),
    deleteSupplier: (caller: Caller, id: string) => deleteSupplier(db, caller, id),
  };
}
export type SupplierService = ReturnType<typeof createSupplierService>;
