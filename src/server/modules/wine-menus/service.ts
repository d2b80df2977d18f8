import { type ActionOf, scopeFor } from '../../../shared/access-policy.js';
import { effectiveGlassPrice } from '../../../shared/cellar.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { glassPriceRefusal } from '../../../shared/glass-price.js';
import type { GuestLanguage } from '../../../shared/guest-i18n/catalogue.js';
import { type ApplyPrices, ENGINEERING_TEXTS } from '../../../shared/menu-engineering.js';
import { qrLanguageNotReady } from '../../../shared/menu-languages.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import { type PublicMenuWine, type PublicStock, publicMenuPath } from '../../../shared/public-menu.js';
import { RESERVED_MENU_SLUGS } from '../../../shared/reserved-slugs.js';
import { isUuidLike, nextFreeSlug, SLUG_MAX_LENGTH, slugify } from '../../../shared/slug.js';
import {
  CELLAR_ITEM_NOT_IN_ESTABLISHMENT,
  defaultGlassDoses,
  MAX_WINES_PER_MENU,
  MENU_NOT_FOUND,
  MENU_WINE_NOT_FOUND,
  type MenuWine,
  type MenuWineData,
  type MenuWineDetail,
  menuWineSchema,
  type QrCode,
  type TableQrFormat,
  type WineMenu,
  type WineMenuData,
  type WineMenuSummary,
} from '../../../shared/wine-menus.js';
import { AppError, appError, badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller, coversEstablishment } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { toColumns, toDto } from '../../db/row-mapping.js';
import { withSlugRetry } from '../../db/slug-retry.js';
import { isLocalAddress } from '../../http/local-address.js';
import { markNothingChanged, recordWrite } from '../audit/index.js';
import { findVisibleEstablishment, type OnPublicChange } from '../establishments/index.js';
import { publicLanguages } from '../menu-languages/index.js';
import type { WebhookOutbox } from '../webhooks/index.js';
import { printableQrPng, printableQrSvg, qrPng } from './qr-print.js';
import * as repo from './repository.js';
import { tableSheet } from './table-qr-builder.js';
import type { TableSheet } from './table-qr-sheet.js';

export interface WineMenuDeps {
  onPublicChange: OnPublicChange;
  /** Tells the establishment's webhooks that a menu's public page changed (`menu.published`, issue 31). */
  webhooks?: WebhookOutbox;
}

type MenuChange = 'created' | 'updated' | 'wine_added' | 'wine_updated' | 'wine_removed' | 'reordered';

/** `menu.published`, in the transaction of the change: what the guests' page of the menu shows has just changed. */
function announcePublished(
  tx: Executor,
  deps: WineMenuDeps,
  menu: { id: string; establishmentId: string; name: string; slug: string },
  change: MenuChange,
): Promise<void> | undefined {
  return deps.webhooks?.record(tx, {
    establishmentId: menu.establishmentId,
    event: 'menu.published',
    recordKey: `menu:${menu.id}`,
    data: { menu: { id: menu.id, name: menu.name, slug: menu.slug }, change },
  });
}

type Action = ActionOf<'menus'>;
const SLUG_INVALID = 'Informe um endereço (slug) válido: letras, números e hífens.';
const slugReserved = (slug: string) => `O endereço "${slug}" é reservado pelo sistema. Escolha outro.`;
const slugTaken = (slug: string) => `Já existe uma carta com o endereço "${slug}" neste estabelecimento. Escolha outro.`;
const FALLBACK_SLUG = 'carta';
const WINE_NOT_ON_MENU = ENGINEERING_TEXTS.wineNotOnMenu;
const REORDER_DUPLICATES = 'A nova ordem tem vinhos repetidos.';
const REORDER_MISMATCH = 'A nova ordem deve conter exatamente os vinhos desta carta, cada um uma vez.';
const MENU_FULL = `Esta carta já tem o máximo de ${MAX_WINES_PER_MENU} vinhos.`;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export const isReservedMenuSlug = (slug: string) => RESERVED_MENU_SLUGS.has(slug) || isUuidLike(slug);

// ── DTOs ────────────────────────────────────────────────────────────────────

export function toMenuWineDto(row: repo.MenuWineRow): MenuWine {
  return toDto(menuWineSchema, row);
}

/** What a glass of this wine costs, or null when it is not sold by the glass. */
function glassPriceOf(row: repo.MenuWineRow): number | null {
  if (!row.byTheGlass) return null;
  return effectiveGlassPrice({
    price: row.price,
    glass_price: row.glassPrice,
    glass_doses: row.glassDoses,
    glass_markup_percent: row.glassMarkupPercent,
  });
}

/** The editor's wine: the stored fields, the glass price guests see and the linked item's count. */
export function toMenuWineDetail(row: repo.MenuWineWithCellar): MenuWineDetail {
  const { cellar } = row;
  return {
    ...toMenuWineDto(row),
    effective_glass_price: glassPriceOf(row),
    cellar: cellar && { item_id: cellar.id, name: cellar.name, on_hand: cellar.onHand, open_bottle_doses: cellar.openBottleDoses },
  };
}

/** What the menu's cellar settings make of a linked wine's count; 'hidden' when the menu leaves sold-out wines out. */
export function publicStock(
  row: Pick<repo.MenuWineWithCellar, 'cellar' | 'byTheGlass'>,
  menu: Pick<repo.WineMenuRow, 'soldOutDisplay' | 'lowStockThreshold'>,
): PublicStock | null | 'hidden' {
  const { cellar } = row;
  if (!cellar) return null;
  const glasses = row.byTheGlass ? cellar.openBottleDoses : 0;
  if (cellar.onHand === 0 && glasses === 0) return menu.soldOutDisplay === 'hide' ? 'hidden' : { state: 'sold_out', bottles: 0 };
  if (cellar.onHand === 0) return { state: 'glass_only', bottles: 0 };
  if (cellar.onHand <= menu.lowStockThreshold) return { state: 'low', bottles: cellar.onHand };
  return null;
}

/** The guest's wine: what the page shows, nothing of the cellar but its verdict. */
function toPublicMenuWine(row: repo.MenuWineRow, stock: PublicStock | null): PublicMenuWine {
  const {
    menu_id,
    position,
    created_at,
    updated_at,
    cellar_item_id,
    by_the_glass,
    glass_price,
    glass_doses,
    glass_markup_percent,
    ...wine
  } = toMenuWineDto(row);
  return { ...wine, glass_price: glassPriceOf(row), stock };
}

function toSummaryDto(row: repo.MenuWithEstablishment): WineMenuSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    establishment_id: row.establishmentId,
    establishment_name: row.establishment.name,
    establishment_slug: row.establishment.slug,
    wine_count: row.wineCount,
    sold_out_display: row.soldOutDisplay,
    low_stock_threshold: row.lowStockThreshold,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toMenuDto(row: repo.MenuWithEstablishment, wines: repo.MenuWineWithCellar[]): WineMenu {
  const { id, name, slug, sommelier } = row.establishment;
  return { ...toSummaryDto(row), establishment: { id, name, slug, sommelier }, wines: wines.map(toMenuWineDetail) };
}

/**
 * Column values of a wine write. The cellar and glass fields a body leaves out are left out too (an update keeps
 * them); a new wine pours floor(volume / 150 ml) glasses a bottle unless told otherwise.
 */
function toWineValues(input: MenuWineData, creating: boolean): repo.MenuWineValues {
  const values = Object.fromEntries(Object.entries(toColumns(input)).filter(([, v]) => v !== undefined)) as repo.MenuWineValues;
  if (creating && input.glass_doses === undefined) values.glassDoses = defaultGlassDoses(input.volume);
  return values;
}

/**
 * A cellar item a wine of this establishment may draw from: the establishment's own (400 naming the field otherwise).
 * Run inside the write's transaction: the item is share-locked until it ends.
 */
async function assertCellarItemOf(tx: Executor, input: MenuWineData, establishmentId: string): Promise<void> {
  if (!input.cellar_item_id) return;
  const owner = await repo.lockCellarItemEstablishment(tx, input.cellar_item_id);
  if (owner !== establishmentId) {
    throw badRequest(CELLAR_ITEM_NOT_IN_ESTABLISHMENT, { cellar_item_id: CELLAR_ITEM_NOT_IN_ESTABLISHMENT });
  }
}

/** A written wine whose glass settings contradict each other (shared/glass-price.ts): 400, and the write is rolled back. */
const glassRefusalOf = (row: repo.MenuWineRow) =>
  glassPriceRefusal({
    by_the_glass: row.byTheGlass,
    price: row.price,
    glass_price: row.glassPrice,
    glass_doses: row.glassDoses,
    glass_markup_percent: row.glassMarkupPercent,
  });

function assertGlassPriceHolds(row: repo.MenuWineRow): repo.MenuWineRow {
  const refusal = glassRefusalOf(row);
  if (refusal) throw badRequest(refusal.message, { [refusal.field]: refusal.message });
  return row;
}

async function withCellar(db: Executor, row: repo.MenuWineRow): Promise<repo.MenuWineWithCellar> {
  return { ...row, cellar: row.cellarItemId ? await repo.cellarCount(db, row.cellarItemId) : null };
}

// ── Menus ───────────────────────────────────────────────────────────────────

export async function listMenus(db: Db, caller: Caller, establishmentId?: string): Promise<WineMenuSummary[]> {
  const rows = await repo.listMenus(db, scopeFor(caller, 'menus', 'read'), establishmentId);
  // pt-BR order whatever the database collation: by establishment, then menu name.
  rows.sort((a, b) => byName.compare(a.establishment.name, b.establishment.name) || byName.compare(a.name, b.name));
  return rows.map(toSummaryDto);
}

export async function getMenu(db: Db, caller: Caller, id: string): Promise<WineMenu> {
  await loadMenu(db, caller, id, 'read');
  return mustLoadDto(db, id);
}

/** The menu, if the caller may see it (404 otherwise) and do `action` on it (403 otherwise). */
async function loadMenu(db: Executor, caller: Caller, id: string, action: Action): Promise<repo.MenuWithEstablishment> {
  const menu = await repo.findMenu(db, id);
  if (!menu || !coversEstablishment(caller, 'menus', 'read', menu.establishmentId)) throw notFound(MENU_NOT_FOUND);
  assertEstablishmentAccess(caller, 'menus', action, menu.establishmentId, MENU_NOT_FOUND);
  return menu;
}

/** The establishment a menu is written to: visible to the caller (404) and open to `action` on menus (403). */
async function targetEstablishment(db: Executor, caller: Caller, establishmentId: string, action: Action) {
  try {
    const establishment = await findVisibleEstablishment(db, caller, establishmentId);
    assertEstablishmentAccess(caller, 'menus', action, establishmentId, ESTABLISHMENT_NOT_FOUND);
    return establishment;
  } catch (err) {
    // A form field: say which one.
    if (err instanceof AppError && err.statusCode === 404) throw establishmentMissing();
    throw err;
  }
}

function establishmentMissing(): AppError {
  return appError('not_found', ESTABLISHMENT_NOT_FOUND, { establishment_id: ESTABLISHMENT_NOT_FOUND });
}

/** A menu's columns from its form, under the slug chosen for it. */
const menuValues = (input: WineMenuData, slug: string) => ({
  establishmentId: input.establishment_id,
  name: input.name,
  description: input.description,
  slug,
  soldOutDisplay: input.sold_out_display,
  lowStockThreshold: input.low_stock_threshold,
});

export async function createMenu(db: Db, caller: Caller, input: WineMenuData, deps: WineMenuDeps): Promise<WineMenu> {
  await targetEstablishment(db, caller, input.establishment_id, 'create');
  const id = await withSlugRetry(input.slug, slugTaken, () =>
    db.transaction(async (tx) => {
      const slug = await chooseMenuSlug(tx, { establishmentId: input.establishment_id, explicit: input.slug, name: input.name });
      const row = await repo.insertMenu(tx, menuValues(input, slug));
      await recordWrite(tx, caller, { kind: 'menu', id: row.id, action: 'create', establishmentId: row.establishmentId, after: row });
      await announcePublished(tx, deps, row, 'created');
      return row.id;
    }),
  );
  deps.onPublicChange(input.establishment_id);
  return mustLoadDto(db, id);
}

export async function updateMenu(db: Db, caller: Caller, id: string, input: WineMenuData, deps: WineMenuDeps): Promise<WineMenu> {
  await loadMenu(db, caller, id, 'update');
  const from = await withSlugRetry(input.slug, slugTaken, () =>
    db.transaction(async (tx) => {
      // Authorized on the locked row: the menu may have moved to another establishment since it was read above.
      const current = await repo.lockMenu(tx, id);
      if (!current || !coversEstablishment(caller, 'menus', 'read', current.establishmentId)) throw notFound(MENU_NOT_FOUND);
      assertEstablishmentAccess(caller, 'menus', 'update', current.establishmentId, MENU_NOT_FOUND);
      const moving = input.establishment_id !== current.establishmentId;
      if (moving) await targetEstablishment(tx, caller, input.establishment_id, 'create');
      // Renaming keeps the slug (printed QR codes keep working); moving keeps it too when it is free there.
      const slug = await chooseMenuSlug(tx, {
        establishmentId: input.establishment_id,
        explicit: input.slug,
        name: input.name,
        current: current.slug,
        selfId: id,
        keepCurrentIfFree: moving,
      });
      const values = menuValues(input, slug);
      const updated = await repo.updateMenu(tx, id, values);
      await recordWrite(tx, caller, {
        kind: 'menu',
        id,
        action: 'update',
        establishmentId: input.establishment_id,
        before: current,
        after: updated,
        only: Object.keys(values),
      });
      if (moving) await repo.unlinkCellarItems(tx, id);
      await announcePublished(tx, deps, { id, establishmentId: input.establishment_id, name: values.name, slug }, 'updated');
      return current.establishmentId;
    }),
  );
  deps.onPublicChange(from);
  if (from !== input.establishment_id) deps.onPublicChange(input.establishment_id);
  return mustLoadDto(db, id);
}

export async function deleteMenu(db: Db, caller: Caller, id: string, deps: WineMenuDeps): Promise<void> {
  const menu = await loadMenu(db, caller, id, 'delete');
  const removed = await db.transaction(async (tx) => {
    if (!(await repo.deleteMenu(tx, id))) return false;
    // One entry for the cascade: the menu's, saying how many wines went with it.
    await recordWrite(tx, caller, {
      kind: 'menu',
      id,
      action: 'delete',
      establishmentId: menu.establishmentId,
      before: menu,
      extra: [{ field: 'wineCount', old: menu.wineCount, new: null }],
    });
    return true;
  });
  if (!removed) throw notFound(MENU_NOT_FOUND);
  deps.onPublicChange(menu.establishmentId);
}

async function chooseMenuSlug(
  db: Executor,
  o: {
    establishmentId: string;
    explicit: string | undefined;
    name: string;
    current?: string;
    selfId?: string;
    keepCurrentIfFree?: boolean;
  },
): Promise<string> {
  if (o.explicit !== undefined) {
    const slug = slugify(o.explicit);
    if (!slug) throw badRequest(SLUG_INVALID, { slug: SLUG_INVALID });
    if (isReservedMenuSlug(slug)) throw conflict(slugReserved(slug), { slug: slugReserved(slug) });
    const owner = await repo.findMenuBySlug(db, o.establishmentId, slug);
    if (owner && owner.id !== o.selfId) throw conflict(slugTaken(slug), { slug: slugTaken(slug) });
    return slug;
  }
  if (o.current && !o.keepCurrentIfFree) return o.current;
  const base = o.current ?? (slugify(o.name) || FALLBACK_SLUG);
  const taken = await repo.menuSlugsStartingWith(db, o.establishmentId, base.slice(0, SLUG_MAX_LENGTH - 8));
  return nextFreeSlug(base, taken, isReservedMenuSlug);
}

async function mustLoadDto(db: Executor, id: string): Promise<WineMenu> {
  const menu = await repo.findMenu(db, id);
  if (!menu) throw notFound(MENU_NOT_FOUND);
  return toMenuDto(menu, await repo.listWinesWithCellar(db, id));
}

// ── Wines ───────────────────────────────────────────────────────────────────

/** For the public pages (no caller): a menu of an establishment by its slug. */
export const menuBySlug = (db: Executor, establishmentId: string, slug: string) => repo.findMenuBySlug(db, establishmentId, slug);

/** For the sample data, in its transaction: a new menu with these wines, in this order. */
export async function addMenuWithWines(
  tx: Executor,
  menu: Parameters<typeof repo.insertMenu>[1],
  wines: repo.MenuWineValues[],
): Promise<repo.WineMenuRow> {
  const row = await repo.insertMenu(tx, menu);
  await repo.insertWines(tx, row.id, 0, wines);
  return row;
}

/** How many wines a menu lists (the sample data's answer). */
export const menuWineCount = async (db: Executor, menuId: string) => (await repo.positionStats(db, menuId)).count;

/**
 * For the public menu (no caller): the menu's available wines, in menu order, each with what the cellar says of it;
 * a sold-out wine is left out when the menu hides them.
 */
export async function availableWines(
  db: Executor,
  menu: Pick<repo.WineMenuRow, 'id' | 'soldOutDisplay' | 'lowStockThreshold'>,
): Promise<PublicMenuWine[]> {
  const wines: PublicMenuWine[] = [];
  for (const row of await repo.listWinesWithCellar(db, menu.id, true)) {
    const stock = publicStock(row, menu);
    if (stock !== 'hidden') wines.push(toPublicMenuWine(row, stock));
  }
  return wines;
}

/** Appended after the last wine. */
export async function addWine(db: Db, caller: Caller, menuId: string, input: MenuWineData, deps: WineMenuDeps): Promise<MenuWineDetail> {
  const menu = await loadMenu(db, caller, menuId, 'update');
  const row = await db.transaction(async (tx) => {
    const locked = await repo.lockMenu(tx, menuId);
    if (!locked) throw notFound(MENU_NOT_FOUND);
    await assertCellarItemOf(tx, input, locked.establishmentId);
    const { count, max } = await repo.positionStats(tx, menuId);
    if (count >= MAX_WINES_PER_MENU) throw badRequest(MENU_FULL);
    const [inserted] = await repo.insertWines(tx, menuId, max + 1, [toWineValues(input, true)]);
    if (!inserted) throw new Error('insert returned no row');
    assertGlassPriceHolds(inserted);
    await recordWrite(tx, caller, {
      kind: 'menu_wine',
      id: inserted.id,
      action: 'create',
      establishmentId: locked.establishmentId,
      after: inserted,
    });
    await announcePublished(tx, deps, locked, 'wine_added');
    return inserted;
  });
  deps.onPublicChange(menu.establishmentId);
  return toMenuWineDetail(await withCellar(db, row));
}

export async function updateWine(
  db: Db,
  caller: Caller,
  menuId: string,
  wineId: string,
  input: MenuWineData,
  deps: WineMenuDeps,
): Promise<MenuWineDetail> {
  const menu = await loadMenu(db, caller, menuId, 'update');
  const row = await db.transaction(async (tx) => {
    // The menu row is locked: it cannot move to another establishment between the check and the write, and the
    // menu's webhook events are written in the order its changes commit.
    const locked = await repo.lockMenu(tx, menuId);
    if (!locked) throw notFound(MENU_NOT_FOUND);
    if (input.cellar_item_id) await assertCellarItemOf(tx, input, locked.establishmentId);
    const before = await repo.lockWine(tx, menuId, wineId);
    if (!before) return undefined;
    const values = toWineValues(input, false);
    const updated = await repo.updateWine(tx, menuId, wineId, values);
    if (!updated) return undefined;
    assertGlassPriceHolds(updated);
    await recordWrite(tx, caller, {
      kind: 'menu_wine',
      id: wineId,
      action: 'update',
      establishmentId: menu.establishmentId,
      before,
      after: updated,
      only: Object.keys(values),
    });
    await announcePublished(tx, deps, locked, 'wine_updated');
    return updated;
  });
  if (!row) throw notFound(MENU_WINE_NOT_FOUND);
  deps.onPublicChange(menu.establishmentId);
  return toMenuWineDetail(await withCellar(db, row));
}

/**
 * New bottle prices for some of a menu's wines at once (issue 32: the menu engineering's suggestions), through the
 * same write as the wine form, in one transaction: each wine's trail entry, one menu.published event, one drop of the
 * public pages. A price its glass settings refuse (a glass at or above the bottle) refuses the whole batch, naming it.
 */
export async function repriceWines(
  db: Db,
  caller: Caller,
  menuId: string,
  prices: readonly { menu_wine_id: string; price_cents: number }[],
  deps: WineMenuDeps,
): Promise<{ updated: number }> {
  const menu = await loadMenu(db, caller, menuId, 'update');
  const updated = await db.transaction(async (tx) => {
    const locked = await repo.lockMenu(tx, menuId);
    if (!locked) throw notFound(MENU_NOT_FOUND);
    let changed = 0;
    for (const { menu_wine_id: wineId, price_cents: cents } of prices) {
      const before = await repo.lockWine(tx, menuId, wineId);
      if (!before) throw badRequest(WINE_NOT_ON_MENU, { prices: WINE_NOT_ON_MENU });
      if (toCents(before.price) === cents) continue;
      const after = await repo.setWinePrice(tx, menuId, wineId, centsToDecimal(cents));
      if (!after) throw badRequest(WINE_NOT_ON_MENU, { prices: WINE_NOT_ON_MENU });
      const refusal = glassRefusalOf(after);
      if (refusal) throw badRequest(`${after.name}: ${refusal.message}`, { prices: refusal.message });
      await recordWrite(tx, caller, {
        kind: 'menu_wine',
        id: wineId,
        action: 'update',
        establishmentId: menu.establishmentId,
        before,
        after,
        only: ['price'],
      });
      changed++;
    }
    if (changed > 0) await announcePublished(tx, deps, locked, 'wine_updated');
    return changed;
  });
  if (updated > 0) deps.onPublicChange(menu.establishmentId);
  else markNothingChanged();
  return { updated };
}

export async function deleteWine(db: Db, caller: Caller, menuId: string, wineId: string, deps: WineMenuDeps): Promise<void> {
  const menu = await loadMenu(db, caller, menuId, 'update');
  const removed = await db.transaction(async (tx) => {
    const locked = await repo.lockMenu(tx, menuId);
    const before = locked && (await repo.lockWine(tx, menuId, wineId));
    if (!locked || !before || !(await repo.deleteWine(tx, menuId, wineId))) return false;
    await recordWrite(tx, caller, { kind: 'menu_wine', id: wineId, action: 'delete', establishmentId: menu.establishmentId, before });
    await announcePublished(tx, deps, locked, 'wine_removed');
    return true;
  });
  if (!removed) throw notFound(MENU_WINE_NOT_FOUND);
  deps.onPublicChange(menu.establishmentId);
}

/** `newOrder` must be exactly the menu's wine ids, each once; applied in one transaction. */
export async function reorderWines(db: Db, caller: Caller, menuId: string, newOrder: string[], deps: WineMenuDeps): Promise<WineMenu> {
  const menu = await loadMenu(db, caller, menuId, 'update');
  if (new Set(newOrder).size !== newOrder.length) throw badRequest(REORDER_DUPLICATES, { new_order: REORDER_DUPLICATES });
  await db.transaction(async (tx) => {
    const locked = await repo.lockMenu(tx, menuId);
    if (!locked) throw notFound(MENU_NOT_FOUND);
    const current = new Set(await repo.wineIds(tx, menuId));
    if (current.size !== newOrder.length || newOrder.some((id) => !current.has(id))) {
      throw badRequest(REORDER_MISMATCH, { new_order: REORDER_MISMATCH });
    }
    await repo.applyOrder(tx, menuId, newOrder);
    await recordWrite(tx, caller, {
      kind: 'menu',
      id: menuId,
      action: 'reorder',
      establishmentId: menu.establishmentId,
      extra: [{ field: 'wineCount', new: newOrder.length }],
    });
    await announcePublished(tx, deps, locked, 'reordered');
  });
  deps.onPublicChange(menu.establishmentId);
  return mustLoadDto(db, menuId);
}

// ── QR code ─────────────────────────────────────────────────────────────────

/** The address QR codes encode: PUBLIC_BASE_URL when set ('config'), else the host the request came to. */
export interface QrBase {
  url: string;
  source: 'config' | 'request';
}

interface QrTarget {
  /** The public address, without a query. */
  url: string;
  /** What the code encodes: the address, with `?lang=` for a language other than pt-BR. */
  codeUrl: string;
  lang: GuestLanguage;
  establishmentName: string;
  /** The menu's name in the code's language. */
  menuName: string;
  /** "{establishment}-{menu}-qr-code" ("…-qr-code-en" for English), without the extension. */
  fileName: string;
}

/**
 * A code opens the menu in pt-BR, or in a language guests can read on it ("QR para turistas"): offered, and every
 * text of the restaurant's translated and reviewed. A code for any other language would print a promise the page
 * does not keep.
 */
async function qrTarget(db: Db, caller: Caller, menuId: string, base: QrBase, lang: GuestLanguage = 'pt-BR'): Promise<QrTarget> {
  const menu = await loadMenu(db, caller, menuId, 'read');
  let menuName = menu.name;
  if (lang !== 'pt-BR') {
    const readable = await publicLanguages(db, menu);
    const translated = readable.translations[lang];
    if (!translated) throw badRequest(qrLanguageNotReady(lang));
    menuName = translated.name;
  }
  const suffix = lang === 'pt-BR' ? '' : `-${lang}`;
  const fileName = [menu.establishment.slug, menu.slug, `qr-code${suffix}`].filter(Boolean).join('-');
  const url = `${base.url.replace(/\/+$/, '')}${publicMenuPath(menu.establishment, menu)}`;
  return {
    url,
    codeUrl: lang === 'pt-BR' ? url : `${url}?lang=${lang}`,
    lang,
    establishmentName: menu.establishment.name,
    menuName,
    fileName,
  };
}

export async function qrCode(db: Db, caller: Caller, menuId: string, base: QrBase, lang?: GuestLanguage): Promise<QrCode> {
  const target = await qrTarget(db, caller, menuId, base, lang);
  const png = await qrPng(target.codeUrl);
  return {
    qr_code: png.toString('base64'),
    menu_url: target.codeUrl,
    file_name: target.fileName,
    local_address: isLocalAddress(target.url),
    base_url_source: base.source,
  };
}

/** Print-ready SVG: the code with the establishment and menu name under it. */
export async function qrCodeSvg(
  db: Db,
  caller: Caller,
  menuId: string,
  base: QrBase,
  lang?: GuestLanguage,
): Promise<{ svg: string; fileName: string }> {
  const t = await qrTarget(db, caller, menuId, base, lang);
  return { svg: await printableQrSvg(t.codeUrl, t.establishmentName, t.menuName, t.lang), fileName: `${t.fileName}.svg` };
}

/** The same card as a PNG. */
export async function qrCodePng(
  db: Db,
  caller: Caller,
  menuId: string,
  base: QrBase,
  lang?: GuestLanguage,
): Promise<{ png: Buffer; fileName: string }> {
  const t = await qrTarget(db, caller, menuId, base, lang);
  return { png: await printableQrPng(t.codeUrl, t.establishmentName, t.menuName, t.lang), fileName: `${t.fileName}.png` };
}

const SHEET_TYPES: Record<TableQrFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml; charset=utf-8',
};

/** QR codes for tables 1..tables (validated by the route: 1 to MAX_TABLE_QR_CODES) as a PDF, PNG or SVG sheet. */
export async function tableQrSheet(
  db: Db,
  caller: Caller,
  menuId: string,
  base: QrBase,
  tables: number,
  format: TableQrFormat,
  lang?: GuestLanguage,
): Promise<{ body: Buffer; type: string; fileName: string }> {
  const target = await qrTarget(db, caller, menuId, base, lang);
  const sheet: TableSheet = {
    menuUrl: target.url,
    establishmentName: target.establishmentName,
    menuName: target.menuName,
    tables,
    lang: target.lang,
  };
  const body = await tableSheet(format, sheet);
  const suffix = target.lang === 'pt-BR' ? '' : `-${target.lang}`;
  const fileName = `${target.fileName.replace(/-qr-code(-\w+)?$/, '')}-qr-mesas-1-a-${tables}${suffix}.${format}`;
  return { body, type: SHEET_TYPES[format], fileName };
}

export interface WineMenuServiceDeps extends WineMenuDeps {
  db: Db;
  /** PUBLIC_BASE_URL; without it QR codes point at the host the request came to. */
  publicBaseUrl: string | undefined;
}

/** The wine lists service, built once per app with its dependencies. */
export function createWineMenuService(deps: WineMenuServiceDeps) {
  const { db } = deps;
  return {
    publicBaseUrl: deps.publicBaseUrl,
    listMenus: (caller: Caller, establishmentId?: string) => listMenus(db, caller, establishmentId),
    getMenu: (caller: Caller, id: string) => getMenu(db, caller, id),
    createMenu: (caller: Caller, input: WineMenuData) => createMenu(db, caller, input, deps),
    updateMenu: (caller: Caller, id: string, input: WineMenuData) => updateMenu(db, caller, id, input, deps),
    deleteMenu: (caller: Caller, id: string) => deleteMenu(db, caller, id, deps),
    addWine: (caller: Caller, menuId: string, input: MenuWineData) => addWine(db, caller, menuId, input, deps),
    updateWine: (caller: Caller, menuId: string, wineId: string, input: MenuWineData) =>
      updateWine(db, caller, menuId, wineId, input, deps),
    deleteWine: (caller: Caller, menuId: string, wineId: string) => deleteWine(db, caller, menuId, wineId, deps),
    reorderWines: (caller: Caller, menuId: string, newOrder: string[]) => reorderWines(db, caller, menuId, newOrder, deps),
    repriceWines: (caller: Caller, menuId: string, prices: ApplyPrices['prices']) => repriceWines(db, caller, menuId, prices, deps),
    qrCode: (caller: Caller, menuId: string, base: QrBase, lang?: GuestLanguage) => qrCode(db, caller, menuId, base, lang),
    qrCodeSvg: (caller: Caller, menuId: string, base: QrBase, lang?: GuestLanguage) => qrCodeSvg(db, caller, menuId, base, lang),
    qrCodePng: (caller: Caller, menuId: string, base: QrBase, lang?: GuestLanguage) => qrCodePng(db, caller, menuId, base, lang),
    tableQrSheet: (caller: Caller, menuId: string, base: QrBase, tables: number, format: TableQrFormat, lang?: GuestLanguage) =>
      tableQrSheet(db, caller, menuId, base, tables, format, lang),
  };
}
export type WineMenuService = ReturnType<typeof createWineMenuService>;
