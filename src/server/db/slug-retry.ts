import { slugify } from '../../shared/slug.js';
import { conflict } from '../core/app-error.js';
import { isUniqueViolation } from './errors.js';

const MAX_SLUG_ATTEMPTS = 4;

/**
 * Two requests deriving the same slug at once: the loser's unique violation means "derive again, take the next
 * suffix". A slug the user typed is never changed behind their back: its conflict is a 409 at once.
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
      if (!isUniqueViolation(err)) throw err;
      if (explicitSlug !== undefined || attempt >= MAX_SLUG_ATTEMPTS) {
        const slug = slugify(explicitSlug ?? '') || 'informado';
        throw conflict(slugTaken(slug), { slug: slugTaken(slug) });
      }
    }
  }
}
