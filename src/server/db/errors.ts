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
