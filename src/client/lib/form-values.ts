type Blanked<T, K extends keyof T> = { [P in K]: NonNullable<T[P]> | '' };

/** A record's optional fields as a form edits them: a missing value (null) becomes an empty input (''). */
export function blankNulls<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Blanked<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? ''])) as Blanked<T, K>;
}
