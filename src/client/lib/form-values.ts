type Blanked<T, K extends keyof T> = { [P in K]: NonNullable<T[P]> | '' };

/**
 * A record's optional fields as a form edits them: a missing value (null) becomes an empty input (''). Without a record
 * (a "new" form) every one of them starts empty.
 */
export function blankNulls<T extends object, const K extends keyof T>(record: T | null, keys: readonly K[]): Blanked<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Blanked<T, K>;
}
