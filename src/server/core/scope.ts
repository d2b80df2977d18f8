import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../../shared/access-policy.js';

/** The columns that tie a table's rows to an establishment and/or a supplier. */
export interface ScopeColumns {
  establishmentId?: AnyPgColumn;
  supplierId?: AnyPgColumn;
}

/**
 * A scope as a WHERE condition on one table: undefined for all rows (no condition), false for a scope the table
 * cannot match (a supplier's scope on a table of establishments, an empty list of establishments, none).
 */
export function scopeWhere(scope: Scope, columns: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return sql`false`;
    case 'establishments':
      return columns.establishmentId && scope.ids.length > 0 ? inArray(columns.establishmentId, [...scope.ids]) : sql`false`;
    case 'supplier':
      return columns.supplierId ? eq(columns.supplierId, scope.id) : sql`false`;
  }
}
