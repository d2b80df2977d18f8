import { randomUUID } from 'node:crypto';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { eq, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/roles.js';
import { hashPassword } from '../core/passwords.js';
import type { Db } from '../db/client.js';
import { catalogWines, establishments, menuWines, suppliers, userEstablishments, users, wineMenus } from '../db/schema/index.js';
import { createTokenSigner, startSession } from '../modules/auth/index.js';
import { catalogSearchText } from '../modules/catalog/index.js';
import { TEST_JWT_SECRET } from './test-app.js';

export const DEFAULT_PASSWORD = 'senha-segura-123';
let defaultHash: Promise<string> | undefined;
const signer = createTokenSigner(TEST_JWT_SECRET);

/** The public sign-up form of a restaurant as a person fills it: a fresh CNPJ and fresh e-mails each time. */
export const onboardingFormValues = (overrides: Record<string, unknown> = {}) => ({
  establishment_name: 'Bistrô Mar Aberto',
  cnpj: generateCnpj(),
  email: uniqueEmail('contato'),
  phone: '(48) 99999-1234',
  address: 'Rua das Gaivotas, 120',
  city: 'Florianópolis',
  state: 'SC',
  zip_code: '88010-000',
  contact_name: 'Marina Souza',
  contact_email: uniqueEmail('marina'),
  contact_phone: '(48) 3232-4455',
  ...overrides,
});

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@teste.com.br`;

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  token: string;
}

export async function createUser(
  db: Db,
  role: Role,
  options: { establishmentIds?: string[]; email?: string; supplierId?: string } = {},
): Promise<TestUser> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const email = options.email ?? uniqueEmail(role);
  const row = await insertRow(db, users, { email, passwordHash: await defaultHash, role, supplierId: options.supplierId ?? null });
  for (const establishmentId of options.establishmentIds ?? []) {
    await db.insert(userEstablishments).values({ userId: row.id, establishmentId });
  }
  return { id: row.id, email, role, token: await startSession(db, signer, row.id) };
}

/** Inserts one row and returns it. */
export async function insertRow<T extends PgTable>(db: Db, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  if (!row) throw new Error(`${getTableName(table)}: row not created`);
  return row as T['$inferSelect'];
}

/** A short unique word for names, slugs and e-mails: tests never depend on each other's rows (a letter first, for searches). */
export const uniqueTag = () => `t${randomUUID().slice(0, 8)}`;
const suffix = uniqueTag;

export function createEstablishmentRow(db: Db, values: Partial<typeof establishments.$inferInsert> = {}) {
  const s = suffix();
  return insertRow(db, establishments, { name: `Restaurante ${s}`, slug: `restaurante-${s}`, ...values });
}

export function createMenuRow(db: Db, establishmentId: string, values: Partial<typeof wineMenus.$inferInsert> = {}) {
  const s = suffix();
  return insertRow(db, wineMenus, { establishmentId, name: `Carta ${s}`, slug: `carta-${s}`, ...values });
}

export function createMenuWineRow(db: Db, menuId: string, values: Partial<typeof menuWines.$inferInsert> = {}) {
  return insertRow(db, menuWines, {
    menuId,
    position: 0,
    name: `Vinho ${suffix()}`,
    price: 99.9,
    category: 'Vinhos Tintos Médios',
    ...values,
  });
}

/** A catalogue wine with a unique SKU; search_text is computed like the API does. */
export function createCatalogWineRow(db: Db, values: Partial<typeof catalogWines.$inferInsert> = {}) {
  const s = suffix();
  const name = values.name ?? `Vinho de catálogo ${s}`;
  const searchText = catalogSearchText({ ...values, name });
  return insertRow(db, catalogWines, { name, skuCode: `SKU-${s}`, searchText, ...values });
}

/** Two establishments — `own`, with a manager and a sommelier linked to it, and `other` — plus a supplier user. */
export async function createTeam(db: Db, ownValues: Partial<typeof establishments.$inferInsert> = {}) {
  const own = await createEstablishmentRow(db, ownValues);
  const other = await createEstablishmentRow(db);
  return {
    own,
    other,
    manager: await createUser(db, 'restaurant_manager', { establishmentIds: [own.id] }),
    sommelier: await createUser(db, 'sommelier', { establishmentIds: [own.id] }),
    supplier: await createUser(db, 'supplier'),
  };
}

/** The ids of the establishments a user is linked to, sorted. */
export async function establishmentLinks(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select().from(userEstablishments).where(eq(userEstablishments.userId, userId));
  return rows.map((l) => l.establishmentId).sort();
}

/** A supplier with the required fields filled in. */
export function createSupplierRow(db: Db, values: Partial<typeof suppliers.$inferInsert> = {}) {
  const s = suffix();
  return insertRow(db, suppliers, {
    name: `Contato ${s}`,
    companyName: `Importadora ${s} Ltda.`,
    email: `fornecedor-${s}@teste.com.br`,
    phone: '+5548999991234',
    ...values,
  });
}
