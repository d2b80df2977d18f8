import type { Db } from '../db/client.js';
import { productCategories, products } from '../db/schema/index.js';
import { insertRow, uniqueTag } from './factories.js';

export function createCategoryRow(db: Db, values: Partial<typeof productCategories.$inferInsert> = {}) {
  return insertRow(db, productCategories, { name: `Categoria ${uniqueTag()}`, ...values });
}

export function createProductRow(db: Db, supplierId: string, values: Partial<typeof products.$inferInsert> = {}) {
  return insertRow(db, products, { supplierId, name: `Produto ${uniqueTag()}`, ...values });
}
