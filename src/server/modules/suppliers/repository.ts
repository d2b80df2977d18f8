import { and, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import { escapeLike, searchTerms } from '../../../shared/text-search.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import { foldSqlText } from '../../db/fold-sql.js';
import { recordQueries } from '../../db/records.js';
import { suppliers } from '../../db/schema/index.js';
import { auditedRecordQueries } from '../audit/index.js';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// Name, company and e-mail folded like foldText (accents and case ignored). A few hundred suppliers: no index needed.
const searchable = sql.raw(foldSqlText(`concat_ws(' ', "suppliers"."name", "suppliers"."company_name", "suppliers"."email")`));
const sortKey = sql.raw(`${foldSqlText('"suppliers"."name"')} collate "C"`);

export interface SupplierSearch {
  search: string | undefined;
  limit: number;
  offset: number;
}

/** One page of the suppliers within the scope whose name, company or e-mail contain every word, and how many match. */
export async function search(db: Executor, scope: Scope, query: SupplierSearch): Promise<{ rows: SupplierRow[]; total: number }> {
  const words: SQL[] = searchTerms(query.search).map((term) => sql`${searchable} like ${`%${escapeLike(term)}%`}`);
  const where = and(scopeWhere(scope, { supplierId: suppliers.id }), ...words);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(suppliers)
    .where(where);
  const rows = await db.select().from(suppliers).where(where).orderBy(sortKey, suppliers.id).limit(query.limit).offset(query.offset);
  return { rows, total: count?.n ?? 0 };
}

export const { findById, insert, update, remove } = recordQueries(suppliers);
/** The writes of the API, each recorded in the audit trail. */
export const audited = auditedRecordQueries(suppliers, 'supplier');

export const listNames = (db: Executor) =>
  db.select({ id: suppliers.id, name: suppliers.name, companyName: suppliers.companyName }).from(suppliers);
