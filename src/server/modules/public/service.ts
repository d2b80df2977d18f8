/** What anonymous guests may see: establishments, and menus with only their available wines. */
import { formatPhone } from '../../../shared/field-rules.js';
import type { PublicEstablishment, PublicEstablishmentResponse, PublicMenuResponse } from '../../../shared/public-menu.js';
import type { Db } from '../../db/client.js';
import { publicLanguages } from '../menu-languages/index.js';
import { availableWines, menuBySlug } from '../wine-menus/index.js';
import * as repo from './repository.js';

export const MENU_NOT_FOUND = 'Carta não encontrada';
export const ESTABLISHMENT_NOT_FOUND = 'Estabelecimento não encontrado';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_KEY_LENGTH = 200;

/** Slugs are stored lower-case; anything too long or empty cannot be one. */
function slugKey(value: string | undefined): string | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  return key && key.length <= MAX_KEY_LENGTH ? key : null;
}

function toEstablishment(row: repo.EstablishmentRow): PublicEstablishment {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    address: row.address,
    // Stored as E.164; guests read it masked, "(48) 3232-4455".
    phone: row.phone ? formatPhone(row.phone) : null,
    email: row.email,
    website: row.website,
    sommelier: row.sommelier,
    logo: row.logo,
  };
}

async function menuResponse(db: Db, menu: repo.MenuRow, establishment?: repo.EstablishmentRow): Promise<PublicMenuResponse | null> {
  const [est, wines, guest] = await Promise.all([
    establishment ?? repo.establishmentById(db, menu.establishmentId),
    availableWines(db, menu),
    publicLanguages(db, menu),
  ]);
  if (!est) return null;
  return {
    menu: {
      id: menu.id,
      name: menu.name,
      description: menu.description,
      slug: menu.slug,
      establishment_id: menu.establishmentId,
      wines,
      ...(guest.languages.length > 1 ? guest : {}),
    },
    establishment: toEstablishment(est),
  };
}

/** /{estSlug}/{menuSlug or menu id}; null when either is missing. */
export async function menuByPath(db: Db, estSlug: string, menuSlug: string): Promise<PublicMenuResponse | null> {
  const estKey = slugKey(estSlug);
  const menuKey = slugKey(menuSlug);
  if (!estKey || !menuKey) return null;
  const establishment = await repo.establishmentBySlug(db, estKey);
  if (!establishment) return null;
  let menu = await menuBySlug(db, establishment.id, menuKey);
  if (!menu && UUID.test(menuKey)) {
    const byId = await repo.menuById(db, menuKey);
    if (byId?.establishmentId === establishment.id) menu = byId;
  }
  return menu ? menuResponse(db, menu, establishment) : null;
}

/** /carta/{slug or id}: a slug shared by several establishments' menus resolves to the oldest menu. */
export async function menuBySlugOrId(db: Db, slugOrId: string): Promise<PublicMenuResponse | null> {
  const key = slugKey(slugOrId);
  if (!key) return null;
  const menu = (UUID.test(key) ? await repo.menuById(db, key) : undefined) ?? (await repo.firstMenuBySlug(db, key));
  return menu ? menuResponse(db, menu) : null;
}

/** The establishment and its active menus (those with at least one available wine). */
export async function establishmentPage(db: Db, estSlug: string): Promise<PublicEstablishmentResponse | null> {
  const key = slugKey(estSlug);
  if (!key) return null;
  const establishment = await repo.establishmentBySlug(db, key);
  if (!establishment) return null;
  const menus = await repo.activeMenus(db, establishment.id);
  return {
    establishment: toEstablishment(establishment),
    menus: menus.map((m) => ({ id: m.id, name: m.name, description: m.description, slug: m.slug, wine_count: m.wineCount })),
  };
}

/** The guest JSON service, built once per app with its dependencies. */
export function createPublicService({ db }: { db: Db }) {
  return {
    menuByPath: (estSlug: string, menuSlug: string) => menuByPath(db, estSlug, menuSlug),
    menuBySlugOrId: (slugOrId: string) => menuBySlugOrId(db, slugOrId),
    establishmentPage: (estSlug: string) => establishmentPage(db, estSlug),
  };
}
export type PublicService = ReturnType<typeof createPublicService>;
