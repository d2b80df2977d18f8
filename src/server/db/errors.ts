/** Drizzle wraps driver errors; PGlite and pg both carry PostgreSQL's SQLSTATE in `code`. */
function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === '23503';
/** 22021: bytes not valid in the encoding (a NUL, say); 22P02: text that is not a valid value of the column's type. */
export const isInvalidTextForDatabase = (err: unknown) => ['22021', '22P02'].includes(sqlState(err) ?? '');
