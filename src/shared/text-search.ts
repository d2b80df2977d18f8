/** Accent- and case-insensitive text matching shared by the catalogue search and its callers. */

/** "Rosé  d'Anjou" -> "rose d'anjou": NFD, combining marks dropped, lower case, single spaces, trimmed. */
export function foldText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards (`%`, `_`) and the escape character itself (backslash, PostgreSQL's default). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Folded words of a search box, at most `max` of them, duplicates dropped. */
export function searchTerms(query: string | null | undefined, max = 8): string[] {
  const folded = foldText(query);
  if (!folded) return [];
  return [...new Set(folded.split(' '))].slice(0, max);
}
