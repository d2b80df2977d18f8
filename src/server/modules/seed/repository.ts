import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogWines } from '../../db/schema/index.js';
import type { CatalogWineValues } from '../catalog/index.js';

/** Inserts the sample catalogue in one statement; wines whose sku_code already exists are left alone. */
export async function insertCatalogWines(db: Executor, values: CatalogWineValues[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(catalogWines).values(values).onConflictDoNothing({ target: catalogWines.skuCode });
}

export async function countCatalogSkus(db: Executor, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogWines)
    .where(inArray(catalogWines.skuCode, [...skus]));
  return row?.n ?? 0;
}
