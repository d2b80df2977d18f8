/**
 * Database errors, recognised by what PostgreSQL reports: the SQLSTATE in `code` and the `constraint` it names.
 * Drizzle wraps driver errors (PGlite and pg alike) in `cause`, so each check walks that chain.
 */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL error in the chain: its SQLSTATE and, for integrity violations, the constraint's name. */
function postgresError(err: unknown): { sqlState: string; constraint: string | undefined } | undefined {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { sqlState: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return undefined;
}

function violates(err: unknown, sqlState: string | readonly string[], constraints: readonly string[] | string | undefined): boolean {
  const found = postgresError(err);
  if (!found || ![sqlState].flat().includes(found.sqlState)) return false;
  if (constraints === undefined) return true;
  return found.constraint !== undefined && [constraints].flat().includes(found.constraint);
}

/** A unique violation; with `constraints`, only of one of those unique indexes (e.g. 'users_email_key'). */
export const isUniqueViolation = (err: unknown, constraints?: readonly string[] | string) => violates(err, '23505', constraints);
/**
 * A foreign-key violation; with `constraints`, only of one of those keys (e.g. 'users_supplier_id_suppliers_id_fk').
 * Deleting a row an ON DELETE RESTRICT key still points at reports 23001 (restrict_violation) instead of 23503.
 */
export const isForeignKeyViolation = (err: unknown, constraints?: readonly string[] | string) =>
  violates(err, ['23503', '23001'], constraints);
/** 22021: bytes not valid in the encoding (a NUL, say); 22P02: text that is not a valid value of the column's type. */
export const isInvalidTextForDatabase = (err: unknown) => ['22021', '22P02'].includes(postgresError(err)?.sqlState ?? '');

/**
 * The disk is full under the database or a file: PostgreSQL's 53100 (disk_full: "could not extend file", the
 * statement rolled back), the embedded database reopening after a PANIC (db/pglite-in-worker.ts) or a file write's
 * ENOSPC. Nothing was written; the same write succeeds once space returns (decision 0087).
 */
export function isDiskFull(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '53100' || e.code === 'ENOSPC') return true;
  return false;
}

/** Socket errors of a server that is gone or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
/**
 * What pg and PGlite say when the server is gone, the pool waited too long for a connection, a query outlived
 * query_timeout, or the embedded database was closed under a request.
 */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection (?:is )?closed/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
  /pglite is closed/i,
];

/**
 * SQLSTATEs of a server that will not serve us now: too many connections (53300), shutting down or starting
 * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now) and a statement cancelled by the timeout
 * (57014). Class 08 (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(['53300', '57P01', '57P02', '57P03', '57014']);
/**
 * 55000 (object not in prerequisite state) is also raised for ordinary bugs (currval before nextval, say): only its
 * connection-time form, a database that does not accept connections (ALLOW_CONNECTIONS false), is an outage.
 */
const NOT_ACCEPTING_CONNECTIONS = /not (?:currently )?accepting connections/i;

/**
 * The database cannot answer right now (a 503, not a bug): the server refuses or drops connections, has too many,
 * does not accept them, is shutting down or starting, the connection failed, or a statement hit the timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_STATES.has(code)) return true;
    if (code === '55000' && typeof e.message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(e.message)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
    // Node reports a refused connection to every address of a host as one AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
