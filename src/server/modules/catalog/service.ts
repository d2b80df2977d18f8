import type { ActionOf } from '../../../shared/access-policy.js';
import {
  CATALOG_DEFAULT_LIMIT,
  CATALOG_MESSAGES,
  type CatalogListQuery,
  type CatalogWine,
  type CatalogWineInput,
  catalogWineSchema,
} from '../../../shared/catalog.js';
import { conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { toColumns, toDto } from '../../db/row-mapping.js';
import { CatalogSearch } from './catalog-search.js';
import * as repo from './repository.js';
import { catalogSearchText } from './search-text.js';

const CATALOG_SKU_KEY = 'catalog_wines_sku_key';

/** docs/product.md §3 "Roles": everyone reads; admin and sommelier create and edit; only admin deletes. */
export function assertCatalogAccess(caller: Caller, action: ActionOf<'catalog'>): void {
  requireScope(caller, 'catalog', action);
}

export function toCatalogWineDto(row: repo.CatalogWinePageRow): CatalogWine {
  return toDto(catalogWineSchema, row);
}

/** Column values of a catalogue wine from the API body, search_text included. */
export function toCatalogWineValues(input: CatalogWineInput): repo.CatalogWineValues {
  return { ...toColumns(input), searchText: catalogSearchText(input) };
}

export async function listWines(
  search: CatalogSearch,
  caller: Caller,
  query: CatalogListQuery,
): Promise<{ items: CatalogWine[]; total: number; capped: boolean }> {
  assertCatalogAccess(caller, 'read');
  const limit = query.limit ?? CATALOG_DEFAULT_LIMIT;
  const offset = query.offset ?? (query.page ? (query.page - 1) * limit : 0);
  const { rows, total, capped } = await search.search({
    q: query.q,
    country: query.country,
    grapeVariety: query.grape_variety,
    wineStyle: query.wine_style,
    limit,
    offset,
  });
  return { items: rows.map(toCatalogWineDto), total, capped };
}

export async function getWine(db: Db, caller: Caller, id: string): Promise<CatalogWine> {
  assertCatalogAccess(caller, 'read');
  const row = await repo.findById(db, id);
  if (!row) throw notFound(CATALOG_MESSAGES.notFound);
  return toCatalogWineDto(row);
}

export async function createWine(db: Db, caller: Caller, input: CatalogWineInput): Promise<CatalogWine> {
  assertCatalogAccess(caller, 'create');
  try {
    return toCatalogWineDto(await repo.audited.insert(db, caller, toCatalogWineValues(input)));
  } catch (err) {
    throw translateWriteError(err);
  }
}

export async function updateWine(db: Db, caller: Caller, id: string, input: CatalogWineInput): Promise<CatalogWine> {
  assertCatalogAccess(caller, 'update');
  let row: repo.CatalogWineRow | undefined;
  try {
    row = await repo.audited.update(db, caller, id, toCatalogWineValues(input));
  } catch (err) {
    throw translateWriteError(err);
  }
  if (!row) throw notFound(CATALOG_MESSAGES.notFound);
  return toCatalogWineDto(row);
}

export async function deleteWine(db: Db, caller: Caller, id: string): Promise<void> {
  assertCatalogAccess(caller, 'delete');
  if (!(await repo.audited.remove(db, caller, id))) throw notFound(CATALOG_MESSAGES.notFound);
}

function translateWriteError(err: unknown): unknown {
  if (isUniqueViolation(err, CATALOG_SKU_KEY)) return conflict(CATALOG_MESSAGES.skuTaken, { sku_code: CATALOG_MESSAGES.skuTaken });
  return err;
}

/** The catalogue service, built once per app with its dependencies. */
export function createCatalogService({
  db,
  onError,
  beforeLoad,
}: {
  db: Db;
  onError?: (err: unknown) => void;
  /** Tests only: the index load waits for this. */
  beforeLoad?: () => Promise<void>;
}) {
  const search = new CatalogSearch(db, { ...(onError && { onError }), ...(beforeLoad && { beforeLoad }) });
  return {
    listWines: (caller: Caller, query: CatalogListQuery) => listWines(search, caller, query),
    /** Resolves once the search index is loaded (the benchmark measures it). */
    searchIndexLoaded: () => search.whenLoaded(),
    getWine: (caller: Caller, id: string) => getWine(db, caller, id),
    createWine: (caller: Caller, input: CatalogWineInput) => createWine(db, caller, input),
    updateWine: (caller: Caller, id: string, input: CatalogWineInput) => updateWine(db, caller, id, input),
    deleteWine: (caller: Caller, id: string) => deleteWine(db, caller, id),
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
