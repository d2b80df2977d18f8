/** Slugs for public addresses (/{estSlug}/{menuSlug}) and accent-insensitive search text. Pure, no imports. */

export const SLUG_MAX_LENGTH = 80;

/** 'Rosé Açaí' -> 'Rose Acai': NFD decomposition with the combining marks removed (ç -> c, ã -> a). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * 'Rosé & Cia' -> 'rose-cia': accents folded, lower case, spaces to hyphens, every other non-word character
 * dropped, hyphens collapsed and trimmed; cut at `maxLength` without leaving a trailing hyphen.
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = foldAccents(text)
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/g, '');
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A slug shaped like an id would be ambiguous where a path accepts "slug or id" (/carta/{slug}). */
export function isUuidLike(slug: string): boolean {
  return UUID_LIKE.test(slug);
}

/**
 * The first of base, base-2, base-3… that is neither taken nor blocked (reserved words), each cut to `maxLength`.
 */
export function nextFreeSlug(
  base: string,
  taken: ReadonlySet<string>,
  isBlocked: (slug: string) => boolean,
  maxLength = SLUG_MAX_LENGTH,
): string {
  if (!taken.has(base) && !isBlocked(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate) && !isBlocked(candidate)) return candidate;
  }
}
