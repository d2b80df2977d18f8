/**
 * Drizzle rows use camelCase properties (`grapeVariety`); the API and its zod schemas use snake_case
 * (`grape_variety`). These two functions turn one into the other by name, so that a field list is written
 * once — in the shared zod schema — instead of in every mapper.
 */
import type { z } from 'zod';

/** `grape_variety` -> `grapeVariety`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The column values of a snake_case object: the same fields under Drizzle's camelCase names. */
export type Columns<T> = { [K in keyof T & string as CamelCase<K>]: T[K] };

/** What a row must hold to become the API object T: T's fields in camelCase; a timestamp may be a Date. */
export type RowFor<T> = { [K in keyof T & string as CamelCase<K>]: T[K] extends string ? T[K] | Date : T[K] };

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Each schema's fields and their camelCase names, worked out once (lists map every row of a page). */
const fieldsOf = new WeakMap<z.ZodObject, [string, string][]>();

function fieldNames(schema: z.ZodObject): [string, string][] {
  let fields = fieldsOf.get(schema);
  if (!fields) {
    fields = Object.keys(schema.shape).map((key) => [key, camelCase(key)]);
    fieldsOf.set(schema, fields);
  }
  return fields;
}

/** The API object of a row: exactly the schema's fields, in the schema's order; Dates become ISO strings. */
export function toDto<Schema extends z.ZodObject>(schema: Schema, row: RowFor<z.output<Schema>>): z.output<Schema> {
  const source = row as Record<string, unknown>;
  const dto: Record<string, unknown> = {};
  for (const [key, column] of fieldNames(schema)) {
    const value = source[column];
    dto[key] = value instanceof Date ? value.toISOString() : value;
  }
  return dto as z.output<Schema>;
}

/** Column values for an insert or update from a snake_case object (a parsed API body or sample data). */
export function toColumns<T extends object>(data: T): Columns<T> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [camelCase(key), value])) as Columns<T>;
}
