import { can, scopeCovers } from '../../../shared/access-policy.js';
import {
  SUPPLIER_MESSAGES,
  SUPPLIERS_DEFAULT_LIMIT,
  type Supplier,
  type SupplierInput,
  type SupplierListQuery,
  supplierInputSchema,
  supplierSchema,
} from '../../../shared/suppliers.js';
import { foldText } from '../../../shared/text-search.js';
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
  return toSupplierDto(await repo.audited.insert(db, caller, toColumns(input)));
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
  const row = await repo.audited.update(db, caller, id, values);
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return toSupplierDto(row);
}

export async function deleteSupplier(db: Db, caller: Caller, id: string): Promise<void> {
  requireScope(caller, 'suppliers', 'delete');
  let removed: boolean;
  try {
    removed = await repo.audited.remove(db, caller, id);
  } catch (err) {
    for (const [constraint, detail] of Object.entries(KEEPS_SUPPLIER)) if (isForeignKeyViolation(err, constraint)) throw conflict(detail);
    throw err;
  }
  if (!removed) throw notFound(SUPPLIER_MESSAGES.notFound);
}

/** The suppliers service, built once per app with its dependencies. */
// ── For other modules, in their transaction; access is the calling module's to check ──

/** An order reads its supplier's rate. */
export const findSupplierById = (db: Executor, id: string) => repo.findById(db, id);

/** Supplier ids by folded company name and by folded contact name (the spreadsheet import's supplier column). */
export async function supplierIdsByFoldedName(db: Executor): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const s of await repo.listNames(db)) {
    for (const name of [s.companyName, s.name]) if (!map.has(foldText(name))) map.set(foldText(name), s.id);
  }
  return map;
}

/** Why a supplier cannot be named this (the rules of the supplier form for its name and company name); null if it can. */
export function supplierNameProblem(name: string): string | null {
  const checked = supplierInputSchema.shape.name.pipe(supplierInputSchema.shape.company_name).safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? SUPPLIER_MESSAGES.nameRequired);
}

/**
 * A supplier known only by its name (the import's, docs/decisions/0020): the contact data stays empty and `notes`
 * asks for it. The name must pass supplierNameProblem first.
 */
export async function addSupplierByName(tx: Executor, name: string, notes: string): Promise<string> {
  return (await repo.insert(tx, { name, companyName: name, email: '', phone: '', notes })).id;
}

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
