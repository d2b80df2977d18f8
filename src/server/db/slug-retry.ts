import { slugify } from '../../shared/slug.js';
import { conflict } from '../core/app-error.js';
import { isUniqueViolation } from './errors.js';

const MAX_SLUG_ATTEMPTS = 4;
/** The unique indexes that hold slugs (schema: establishments.slug, wine_menus (establishment_id, slug)). */
export const SLUG_CONSTRAINTS = ['establishments_slug_key', 'wine_menus_establishment_slug_key'] as const;

/**
 * Two requests deriving the same slug at once: the loser's unique violation of a slug index means "derive again,
 * take the next suffix". A slug the user typed is never changed behind their back: its conflict is a 409 at once.
 * Any other unique violation (another column, another table) is not a slug clash and goes up unchanged.
 */
export async function withSlugRetry<T>(
  explicitSlug: string | undefined,
  slugTaken: (slug: string) => string,
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isUniqueViolation(err, SLUG_CONSTRAINTS)) throw err;
      if (explicitSlug !== undefined || attempt >= MAX_SLUG_ATTEMPTS) {
        const slug = slugify(explicitSlug ?? '') || 'informado';
        throw conflict(slugTaken(slug), { slug: slugTaken(slug) });
      }
    }
  }
}
