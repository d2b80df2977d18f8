import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/roles.js';
import type { Db } from '../db/client.js';
import { catalogWines, establishments, menuWines, userEstablishments, users, wineMenus } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTokenSigner } from '../modules/auth/tokens.js';
import { catalogSearchText } from '../modules/catalog/search-text.js';
import { TEST_JWT_SECRET } from './test-app.js';

export const DEFAULT_PASSWORD = 'senha-segura-123';
let defaultHash: Promise<string> | undefined;
const signer = createTokenSigner(TEST_JWT_SECRET);

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@teste.com.br`;

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  token: string;
}

export async function createUser(db: Db, role: Role, options: { establishmentIds?: string[]; email?: string } = {}): Promise<TestUser> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const email = options.email ?? uniqueEmail(role);
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: await defaultHash, role })
    .returning();
  if (!row) throw new Error('user not created');
  for (const establishmentId of options.establishmentIds ?? []) {
    await db.insert(userEstablishments).values({ userId: row.id, establishmentId });
  }
  return { id: row.id, email, role, token: await signer.sign(row.id) };
}

export async function createEstablishmentRow(db: Db, values: Partial<typeof establishments.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(establishments)
    .values({ name: `Restaurante ${suffix}`, slug: `restaurante-${suffix}`, ...values })
    .returning();
  if (!row) throw new Error('establishment not created');
  return row;
}

export async function createMenuRow(db: Db, establishmentId: string, values: Partial<typeof wineMenus.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(wineMenus)
    .values({ establishmentId, name: `Carta ${suffix}`, slug: `carta-${suffix}`, ...values })
    .returning();
  if (!row) throw new Error('menu not created');
  return row;
}

export async function createMenuWineRow(db: Db, menuId: string, values: Partial<typeof menuWines.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(menuWines)
    .values({ menuId, position: 0, name: `Vinho ${suffix}`, price: 99.9, category: 'Vinhos Tintos Médios', ...values })
    .returning();
  if (!row) throw new Error('menu wine not created');
  return row;
}

/** A catalogue wine with a unique SKU; search_text is computed like the API does. */
export async function createCatalogWineRow(db: Db, values: Partial<typeof catalogWines.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const name = values.name ?? `Vinho de catálogo ${suffix}`;
  const [row] = await db
    .insert(catalogWines)
    .values({
      name,
      skuCode: `SKU-${suffix}`,
      searchText: catalogSearchText({ ...values, name }),
      ...values,
    })
    .returning();
  if (!row) throw new Error('catalogue wine not created');
  return row;
}
