import { can } from '../../../shared/access-policy.js';
import type { SeedResult } from '../../../shared/wine-menus.js';
import type { WineStyle } from '../../../shared/wine-vocabulary.js';
import { conflict } from '../../core/app-error.js';
import { type Caller, coversEstablishment, requireScope } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { toColumns } from '../../db/row-mapping.js';
import type { FileStorage } from '../../storage/storage.js';
import { markNothingChanged, recordWrite } from '../audit/index.js';
import { toCatalogWineValues } from '../catalog/index.js';
import { seedSampleCellar } from '../cellar/index.js';
import { seedSampleCrm } from '../crm/index.js';
import { addEstablishment, findEstablishmentBySlug, linkUserToEstablishment, type OnPublicChange } from '../establishments/index.js';
import { seedSampleMarketplace } from '../orders/index.js';
import { addMenuWithWines, menuBySlug, menuWineCount } from '../wine-menus/index.js';
import { storeBottleImages, storeMonogram } from './bottle-images.js';
import * as repo from './repository.js';
import { loadSampleData } from './sample-data.js';

export interface SeedDeps {
  storage: FileStorage;
  onPublicChange: OnPublicChange;
}

const OWNED_BY_OTHERS = 'Os dados de exemplo "Pedra da Ilha" já existem e pertencem a outra equipe.';

/**
 * Creates what is missing of the sample data — establishment "Pedra da Ilha", its wine list, and, for callers who may
 * add to the shared catalogue (docs/product.md "Roles": admin; a manager only reads it), the sample catalogue — in one
 * transaction, so calling it again creates nothing twice. `created` is true when the establishment is new.
 * `catalog_wines` counts the sample catalogue wines in place for a caller who may seed them, and is 0 for the others
 * (their seed leaves the catalogue alone).
 */
export async function seedPedraDaIlha(db: Db, caller: Caller, deps: SeedDeps): Promise<{ created: boolean; result: SeedResult }> {
  requireScope(caller, 'seed', 'create');
  let seeded: { created: boolean; result: SeedResult };
  try {
    seeded = await seedOnce(db, caller, deps);
  } catch (err) {
    // Two first calls at once: the loser finds what the winner created.
    if (!isUniqueViolation(err)) throw err;
    seeded = await seedOnce(db, caller, deps);
  }
  // The sample CRM comes with the sample data for those who work the CRM (admin); it is idempotent too.
  if (can(caller, 'crm', 'create')) await seedSampleCrm(db, caller);
  // Suppliers and six months of orders of the sample establishment, for those who register suppliers (admin), and
  // the house cellar a delivery of them filled a month ago, linked to the wine list (issue 18).
  if (can(caller, 'suppliers', 'create')) {
    await seedSampleMarketplace(db, seeded.result.establishment_id);
    await seedSampleCellar(db, seeded.result.establishment_id, seeded.result.menu_id);
    deps.onPublicChange(seeded.result.establishment_id);
  }
  return seeded;
}

async function seedOnce(db: Db, caller: Caller, deps: SeedDeps): Promise<{ created: boolean; result: SeedResult }> {
  const sample = await loadSampleData();
  const existing = await findEstablishmentBySlug(db, sample.establishment.slug);
  // Never hand another team's establishment to a manager by linking them to it.
  if (existing && caller.role !== 'admin' && !coversEstablishment(caller, 'establishments', 'read', existing.id)) {
    throw conflict(OWNED_BY_OTHERS);
  }
  const existingMenu = existing && (await menuBySlug(db, existing.id, sample.menu.slug));
  const seedsCatalog = can(caller, 'catalog', 'create');
  const catalogMissing = seedsCatalog && (await repo.countCatalogSkus(db, sample.catalogSkus)) < sample.catalogSkus.length;
  const complete = existing && existingMenu && !catalogMissing;

  // Images are rendered and stored only for what is going to use them.
  const images = complete
    ? undefined
    : await storeImages(deps.storage, {
        logo: !existing,
        styles: [
          ...(existingMenu ? [] : sample.wines.map((w) => w.wine_style)),
          ...(catalogMissing ? sample.catalog.map((w) => w.wine_style) : []),
        ],
      });

  const outcome = await db.transaction(async (tx) => {
    const establishment =
      existing ??
      (await addEstablishment(tx, {
        ...toColumns(sample.establishment),
        logo: images?.logo ?? null,
      }));
    if (caller.role !== 'admin') await linkUserToEstablishment(tx, caller.id, establishment.id);

    let menuId = existingMenu?.id;
    if (!menuId) {
      const menu = await addMenuWithWines(
        tx,
        { establishmentId: establishment.id, ...sample.menu },
        sample.wines.map((w) => toColumns({ ...w, image_url: images?.bottles.get(w.wine_style) ?? null })),
      );
      menuId = menu.id;
    }

    if (catalogMissing) {
      await repo.insertCatalogWines(
        tx,
        sample.catalog.map((w) => toCatalogWineValues({ ...w, image_url: images?.bottles.get(w.wine_style) ?? null })),
      );
    }

    const wines = await menuWineCount(tx, menuId);
    const catalogWines = seedsCatalog ? await repo.countCatalogSkus(tx, sample.catalogSkus) : 0;
    if (complete && caller.role === 'admin') markNothingChanged();
    else {
      await recordWrite(tx, caller, {
        kind: 'sample_data',
        id: 'pedra-da-ilha',
        action: 'create',
        establishmentId: establishment.id,
        extra: [
          { field: 'establishmentId', new: existing ? null : establishment.id },
          { field: 'wineCount', new: existingMenu ? 0 : wines },
          { field: 'catalogWines', new: catalogMissing ? catalogWines : 0 },
        ],
      });
    }
    return { created: !existing, result: { establishment_id: establishment.id, menu_id: menuId, wines, catalog_wines: catalogWines } };
  });
  if (!complete) deps.onPublicChange(outcome.result.establishment_id);
  return outcome;
}

async function storeImages(
  storage: FileStorage,
  needs: { logo: boolean; styles: readonly WineStyle[] },
): Promise<{ logo: string | null; bottles: Map<WineStyle, string> }> {
  return {
    logo: needs.logo ? await storeMonogram(storage, 'PI') : null,
    bottles: await storeBottleImages(storage, needs.styles),
  };
}

export interface SeedServiceDeps extends SeedDeps {
  db: Db;
}

/** The sample data service, built once per app with its dependencies. */
export function createSeedService(deps: SeedServiceDeps) {
  return { seedPedraDaIlha: (caller: Caller) => seedPedraDaIlha(deps.db, caller, deps) };
}
export type SeedService = ReturnType<typeof createSeedService>;
