import { scopeFor } from '../../../shared/access-policy.js';
import {
  ESTABLISHMENT_NOT_FOUND,
  type Establishment,
  type EstablishmentData,
  establishmentSchema,
} from '../../../shared/establishments.js';
import { RESERVED_SLUGS } from '../../../shared/reserved-slugs.js';
import { isUuidLike, nextFreeSlug, SLUG_MAX_LENGTH, slugify } from '../../../shared/slug.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller, coversEstablishment, requireScope } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { toDto } from '../../db/row-mapping.js';
import { withSlugRetry } from '../../db/slug-retry.js';
import * as repo from './repository.js';

/** Called after every committed change to what a public page shows (the public page cache drops that establishment). */
export type OnPublicChange = (establishmentId: string) => void;
export interface EstablishmentDeps {
  onPublicChange: OnPublicChange;
}
const ORDERS_ESTABLISHMENT_KEY = 'orders_establishment_id_establishments_id_fk';
const ESTABLISHMENT_HAS_ORDERS =
  'Este estabelecimento tem pedidos registrados e não pode ser excluído: o histórico de pedidos é preservado.';
const SLUG_INVALID = 'Informe um endereço (slug) válido: letras, números e hífens.';
const slugReserved = (slug: string) => `O endereço "${slug}" é reservado pelo sistema. Escolha outro.`;
const slugTaken = (slug: string) => `Já existe um estabelecimento com o endereço "${slug}". Escolha outro.`;
/** When a name has no letter or digit to make a slug of. */
const FALLBACK_SLUG = 'casa';

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export const isReservedEstablishmentSlug = (slug: string) => RESERVED_SLUGS.has(slug) || isUuidLike(slug);

export function toEstablishmentDto(row: repo.EstablishmentWithCount): Establishment {
  return toDto(establishmentSchema, row);
}

export async function listEstablishments(db: Db, caller: Caller): Promise<Establishment[]> {
  const rows = await repo.list(db, scopeFor(caller, 'establishments', 'read'));
  // The database's collation differs between PGlite and servers; people expect pt-BR order (Água before Bistrô).
  return rows.sort((a, b) => byName.compare(a.name, b.name)).map(toEstablishmentDto);
}

export async function getEstablishment(db: Db, caller: Caller, id: string): Promise<Establishment> {
  if (!coversEstablishment(caller, 'establishments', 'read', id)) throw notFound(ESTABLISHMENT_NOT_FOUND);
  return toEstablishmentDto(await mustFind(db, id));
}

/** Throws 404 when the caller may not see it or it does not exist. For other modules (menus, seed). */
export async function findVisibleEstablishment(db: Executor, caller: Caller, id: string): Promise<repo.EstablishmentRow> {
  if (!coversEstablishment(caller, 'establishments', 'read', id)) throw notFound(ESTABLISHMENT_NOT_FOUND);
  const row = await repo.findById(db, id);
  if (!row) throw notFound(ESTABLISHMENT_NOT_FOUND);
  return row;
}

export async function createEstablishment(
  db: Db,
  caller: Caller,
  input: EstablishmentData,
  deps: EstablishmentDeps,
): Promise<Establishment> {
  requireScope(caller, 'establishments', 'create');
  const id = await withSlugRetry(input.slug, slugTaken, () =>
    db.transaction(async (tx) => {
      const slug = await chooseSlug(tx, { explicit: input.slug, name: input.name });
      const row = await repo.audited.insert(tx, caller, { ...fieldsOf(input), slug });
      // A manager who creates an establishment works for it from now on (same transaction).
      if (caller.role !== 'admin') await repo.linkUser(tx, caller.id, row.id);
      return row.id;
    }),
  );
  deps.onPublicChange(id);
  return toEstablishmentDto(await mustFind(db, id));
}

export async function updateEstablishment(
  db: Db,
  caller: Caller,
  id: string,
  input: EstablishmentData,
  deps: EstablishmentDeps,
): Promise<Establishment> {
  requireScope(caller, 'establishments', 'update');
  assertEstablishmentAccess(caller, 'establishments', 'update', id, ESTABLISHMENT_NOT_FOUND);
  await withSlugRetry(input.slug, slugTaken, () =>
    db.transaction(async (tx) => {
      const current = await repo.findById(tx, id);
      if (!current) throw notFound(ESTABLISHMENT_NOT_FOUND);
      // Renaming keeps the slug: printed QR codes must keep working. Only an explicit new slug changes it.
      const slug = await chooseSlug(tx, { explicit: input.slug, name: input.name, current: current.slug, selfId: id });
      await repo.audited.update(tx, caller, id, { ...fieldsOf(input), slug });
    }),
  );
  deps.onPublicChange(id);
  return toEstablishmentDto(await mustFind(db, id));
}

export async function deleteEstablishment(db: Db, caller: Caller, id: string, deps: EstablishmentDeps): Promise<void> {
  requireScope(caller, 'establishments', 'delete');
  assertEstablishmentAccess(caller, 'establishments', 'delete', id, ESTABLISHMENT_NOT_FOUND);
  let removed: boolean;
  try {
    removed = await repo.audited.remove(db, caller, id);
  } catch (err) {
    // Purchase orders keep their establishment (docs/decisions/0013): the history is not destroyed with it.
    if (isForeignKeyViolation(err, ORDERS_ESTABLISHMENT_KEY)) throw conflict(ESTABLISHMENT_HAS_ORDERS);
    throw err;
  }
  if (!removed) throw notFound(ESTABLISHMENT_NOT_FOUND);
  deps.onPublicChange(id);
}

function fieldsOf(input: EstablishmentData): Omit<repo.EstablishmentValues, 'slug'> {
  return {
    name: input.name,
    description: input.description,
    address: input.address,
    phone: input.phone,
    email: input.email,
    website: input.website,
    sommelier: input.sommelier,
    logo: input.logo,
  };
}

/**
 * An explicit slug is normalised and must be free and not reserved (409 otherwise). Without one, an existing
 * establishment keeps its slug; a new one derives it from the name, suffixed -2, -3… until it is free.
 */
export async function chooseSlug(
  db: Executor,
  options: { explicit: string | undefined; name: string; current?: string; selfId?: string },
): Promise<string> {
  if (options.explicit !== undefined) {
    const slug = slugify(options.explicit);
    if (!slug) throw badRequest(SLUG_INVALID, { slug: SLUG_INVALID });
    if (slug === options.current) return slug;
    if (isReservedEstablishmentSlug(slug)) throw conflict(slugReserved(slug), { slug: slugReserved(slug) });
    const owner = await repo.findBySlug(db, slug);
    if (owner && owner.id !== options.selfId) throw conflict(slugTaken(slug), { slug: slugTaken(slug) });
    return slug;
  }
  if (options.current) return options.current;
  const base = slugify(options.name) || FALLBACK_SLUG;
  const taken = await repo.slugsStartingWith(db, base.slice(0, SLUG_MAX_LENGTH - 8));
  return nextFreeSlug(base, taken, isReservedEstablishmentSlug);
}

async function mustFind(db: Executor, id: string): Promise<repo.EstablishmentWithCount> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound(ESTABLISHMENT_NOT_FOUND);
  return row;
}

// ── For other modules: onboarding's approval and the sample data, each in its own transaction. ──

export type { EstablishmentRow, EstablishmentValues } from './repository.js';
export const findEstablishmentBySlug = (db: Executor, slug: string) => repo.findBySlug(db, slug);
export const addEstablishment = (db: Executor, values: repo.EstablishmentValues) => repo.insert(db, values);
export const linkUserToEstablishment = (db: Executor, userId: string, establishmentId: string) =>
  repo.linkUser(db, userId, establishmentId);

export interface EstablishmentServiceDeps extends EstablishmentDeps {
  db: Db;
}

/** The establishments service, built once per app with its dependencies. */
export function createEstablishmentService(deps: EstablishmentServiceDeps) {
  const { db } = deps;
  return {
    listEstablishments: (caller: Caller) => listEstablishments(db, caller),
    getEstablishment: (caller: Caller, id: string) => getEstablishment(db, caller, id),
    findVisibleEstablishment: (caller: Caller, id: string, executor: Executor = db) => findVisibleEstablishment(executor, caller, id),
    createEstablishment: (caller: Caller, input: EstablishmentData) => createEstablishment(db, caller, input, deps),
    updateEstablishment: (caller: Caller, id: string, input: EstablishmentData) => updateEstablishment(db, caller, id, input, deps),
    deleteEstablishment: (caller: Caller, id: string) => deleteEstablishment(db, caller, id, deps),
  };
}
export type EstablishmentService = ReturnType<typeof createEstablishmentService>;
