import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database.js';
import type { Database } from './client.js';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from './errors.js';
import { userEstablishments, users } from './schema/index.js';
import { withSlugRetry } from './slug-retry.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The error the database (PGlite or PostgreSQL, through Drizzle) raises for `work`. */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected the database to refuse');
}

const newUser = (values: Partial<typeof users.$inferInsert> = {}) =>
  database.db.insert(users).values({ email: `${randomUUID()}@teste.com.br`, passwordHash: 'x', role: 'admin', ...values });

describe('database errors by the constraint PostgreSQL names', () => {
  it('tells a duplicate e-mail from other unique violations', async () => {
    const email = `${randomUUID()}@teste.com.br`;
    await newUser({ email });
    const err = await failureOf(() => newUser({ email }));
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(err, ['establishments_slug_key', 'wine_menus_establishment_slug_key'])).toBe(false);
    expect(isForeignKeyViolation(err)).toBe(false);
  });

  it('tells a missing supplier from a missing establishment', async () => {
    const supplierMissing = await failureOf(() => newUser({ role: 'supplier', supplierId: randomUUID() }));
    expect(isForeignKeyViolation(supplierMissing, 'users_supplier_id_suppliers_id_fk')).toBe(true);

    const [user] = await newUser().returning();
    const establishmentMissing = await failureOf(() =>
      database.db.insert(userEstablishments).values({ userId: user!.id, establishmentId: randomUUID() }),
    );
    expect(isForeignKeyViolation(establishmentMissing)).toBe(true);
    expect(isForeignKeyViolation(establishmentMissing, 'users_supplier_id_suppliers_id_fk')).toBe(false);
  });

  it('retries a slug only on a slug index: another unique violation goes up unchanged', async () => {
    const email = `${randomUUID()}@teste.com.br`;
    await newUser({ email });
    let attempts = 0;
    const err = await failureOf(() =>
      withSlugRetry(
        undefined,
        (slug) => `slug ${slug} em uso`,
        async () => {
          attempts++;
          await newUser({ email });
        },
      ),
    );
    expect(attempts).toBe(1);
    expect(isUniqueViolation(err, 'users_email_key')).toBe(true);
  });
});

describe('database unavailable', () => {
  it('recognises a refused or dropped connection, a server shutting down and the pool giving up, also when wrapped', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Query read timeout')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006', message: 'connection failure' }))).toBe(true);
    const refusedEverywhere = new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]);
    expect(isDatabaseUnavailable(refusedEverywhere)).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '53300', message: 'sorry, too many clients already' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '55000', message: 'database "adega" is not currently accepting connections' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped({ code: '57P02', message: 'terminating connection because of crash' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    // The same SQLSTATE for a bug in a statement is not an outage.
    expect(isDatabaseUnavailable(wrapped({ code: '55000', message: 'currval of sequence "s" is not yet defined in this session' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
