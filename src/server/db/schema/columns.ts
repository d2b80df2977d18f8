import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** When the row was created and last changed, spread into a table's columns: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required link to the row this one belongs to (`uuid NOT NULL REFERENCES`), and what deleting that row does. */
export const belongsTo = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });
