/** Slugs for public addresses (/{estSlug}/{menuSlug}) and accent-insensitive search text. Pure, no imports. */

export const SLUG_MAX_LENGTH = 80;

/** 'Rosé Açaí' -> 'Rose Acai': NFD decomposition with the combining marks removed (ç -> c, ã -> a). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Accent-folded, lower-case, single-spaced text of the given parts: what accent-insensitive searches compare against. */
export function searchText(...parts: ReadonlyArray<string | null | undefined>): string {
  return foldAccents(parts.filter((p): p is string => Boolean(p)).join(' '))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
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
