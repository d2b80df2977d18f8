import { asc, eq, like, or, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { establishments, userEstablishments, wineMenus } from '../../db/schema/index.js';
import { auditedRecordQueries } from '../audit/index.js';

export type EstablishmentRow = typeof establishments.$inferSelect;
export type EstablishmentValues = Omit<typeof establishments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export interface EstablishmentWithCount extends EstablishmentRow {
  menuCount: number;
}

/** The admin list is bounded: far more establishments than any screen shows. */
export const LIST_LIMIT = 1000;

// Spelled out: in a one-table select Drizzle leaves column names unqualified, which would bind to the subquery's table.
const menuCount = sql<number>`(select count(*)::int from ${wineMenus} m where m.establishment_id = "establishments"."id")`;

/** The establishments within the caller's scope. */
export async function list(db: Executor, scope: Scope): Promise<EstablishmentWithCount[]> {
  const query = db
    .select({ row: establishments, menuCount })
    .from(establishments)
    .where(scopeWhere(scope, { establishmentId: establishments.id }))
    .orderBy(asc(establishments.name), asc(establishments.id))
    .limit(LIST_LIMIT);
  return (await query).map(({ row, menuCount }) => ({ ...row, menuCount }));
}

export async function findById(db: Executor, id: string): Promise<EstablishmentWithCount | undefined> {
  const [found] = await db.select({ row: establishments, menuCount }).from(establishments).where(eq(establishments.id, id)).limit(1);
  return found && { ...found.row, menuCount: found.menuCount };
}

export async function findBySlug(db: Executor, slug: string): Promise<EstablishmentRow | undefined> {
  const [row] = await db.select().from(establishments).where(eq(establishments.slug, slug)).limit(1);
  return row;
}

/** Slugs that start like `prefix` (candidates for base, base-2, base-3…). */
export async function slugsStartingWith(db: Executor, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: establishments.slug })
    .from(establishments)
    .where(or(eq(establishments.slug, prefix), like(establishments.slug, `${prefix}%`)));
  return new Set(rows.map((r) => r.slug));
}

/** `remove`: its menus and their wines go with it (ON DELETE CASCADE). */
export const { insert, update, remove } = recordQueries(establishments);
/** The writes of the API, each recorded in the audit trail. */
export const audited = auditedRecordQueries(establishments, 'establishment', (row) => row.id);

export async function linkUser(db: Executor, userId: string, establishmentId: string): Promise<void> {
  await db.insert(userEstablishments).values({ userId, establishmentId }).onConflictDoNothing();
}
