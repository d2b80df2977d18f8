/** Accent- and case-insensitive text matching shared by the catalogue search and its callers. */

/** Letters that fold to more than one letter (NFD leaves them whole), lower case: foldText lowers first. */
export const LIGATURES: readonly (readonly [string, string])[] = [
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['œ', 'oe'],
];

/** The characters JavaScript's `\s` matches, spelled out so SQL can use the very same class. */
export const WHITESPACE_CLASS = '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';

/**
 * "Rosé  d'Anjou" -> "rose d'anjou", "Weißburgunder" -> "weissburgunder": NFD, combining marks dropped, lower case,
 * ligatures spelled out, single spaces, trimmed. The catalogue filters repeat these steps in SQL (catalog/repository.ts).
 */
export function foldText(value: string | null | undefined): string {
  if (!value) return '';
  let folded = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const [letter, spelled] of LIGATURES) folded = folded.replaceAll(letter, spelled);
  return folded.replace(/\s+/g, ' ').trim();
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
