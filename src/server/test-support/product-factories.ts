import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { productCategories, products, suppliers, users } from '../db/schema/index.js';
import { createUser, type TestUser, uniqueTag } from './factories.js';

const suffix = uniqueTag;

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('row not created');
  return row;
}

export function createSupplierRow(db: Db, values: Partial<typeof suppliers.$inferInsert> = {}) {
  const s = suffix();
  return one(
    db
      .insert(suppliers)
      .values({
        name: `Contato ${s}`,
        companyName: `Distribuidora ${s}`,
        email: `fornecedor-${s}@teste.com.br`,
        phone: '+5548999991234',
        ...values,
      })
      .returning(),
  );
}

/** A supplier user of `supplierId` (the caller is loaded from the database on each request, so linking after is enough). */
export async function createSupplierUser(db: Db, supplierId: string): Promise<TestUser> {
  const user = await createUser(db, 'supplier');
  await db.update(users).set({ supplierId }).where(eq(users.id, user.id));
  return user;
}

export function createCategoryRow(db: Db, values: Partial<typeof productCategories.$inferInsert> = {}) {
  return one(
    db
      .insert(productCategories)
      .values({ name: `Categoria ${suffix()}`, ...values })
      .returning(),
  );
}

export function createProductRow(db: Db, supplierId: string, values: Partial<typeof products.$inferInsert> = {}) {
  return one(
    db
      .insert(products)
      .values({ supplierId, name: `Produto ${suffix()}`, ...values })
      .returning(),
  );
}
