import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, foldText, LIGATURES, WHITESPACE_CLASS } from '../../../shared/text-search.js';

/**
 * The catalogue filters (country, grape, style) match a folded value anywhere in a column exactly as `q` matches
 * search_text: both sides through foldText(), the column side by `sqlFold` (the same steps in SQL, portable: no
 * `unaccent` on PGlite or the server). Folding in SQL is costly per row, so a cheap test picks the rows first:
 * see `latin1Prefilter`.
 */

/** foldText() in SQL: NFD, combining marks dropped, lower case, ligatures spelled out, whitespace runs as one space. */
export function sqlFold(column: AnyPgColumn): SQL {
  let folded = sql`lower(regexp_replace(normalize(${column}, NFD), ${'[\u0300-\u036f]'}, '', 'g'))`;
  for (const [letter, spelled] of LIGATURES) folded = sql`replace(${folded}, ${letter}, ${spelled})`;
  // Trimming does not change whether a folded value (trimmed itself) is contained.
  return sql`regexp_replace(${folded}, ${`${WHITESPACE_CLASS}+`}, ' ', 'g')`;
}

// What foldText() does to the characters of ASCII and Latin-1 beyond lower-casing them: letters it strips to a base
// letter ('é' -> 'e'), letters it spells out ('ß' -> 'ss', 'æ' -> 'ae') and whitespace (the no-break space).
const STRIPPED = new Set<string>();
const SPELLED = new Set<string>();
for (let code = 0x01; code <= 0xff; code++) {
  const char = String.fromCharCode(code);
  const folded = foldText(char);
  if (folded === char.toLowerCase() || /\s/.test(char)) continue;
  if (folded.length === 1) STRIPPED.add(folded);
  else if (folded.length > 1) SPELLED.add(folded);
  else throw new Error(`foldText drops U+${code.toString(16)}: the catalogue filter prefilter must learn about it`);
}
const SPELLED_FIRST = new Set([...SPELLED].map((s) => s[0]));
const SPELLED_LAST = new Set([...SPELLED].map((s) => s[s.length - 1]));

/**
 * An ILIKE pattern every ASCII/Latin-1 text whose fold contains `folded` matches: letters an accented Latin-1 letter
 * folds to become `_`, spelled-out letters (and a half of one at either end) become `%`, spaces `%`.
 * "franca" -> "%fr___%", "weissburgunder" -> "%w__%b_rg__d_r%" (a superset: sqlFold decides).
 */
export function latin1Pattern(folded: string): string {
  const chars = [...folded];
  const tokens = chars.map((c) => (c === ' ' ? '%' : STRIPPED.has(c) ? '_' : escapeLike(c)));
  for (let i = 0; i + 1 < chars.length; i++) {
    for (const spelled of SPELLED) {
      if (chars.slice(i, i + spelled.length).join('') === spelled) tokens.fill('%', i, i + spelled.length);
    }
  }
  const first = chars[0];
  const last = chars[chars.length - 1];
  if (first !== undefined && SPELLED_LAST.has(first)) tokens[0] = '%';
  if (last !== undefined && SPELLED_FIRST.has(last)) tokens[tokens.length - 1] = '%';
  // One `%` for a run of them (an escaped `\%` is a token of its own, left alone).
  return ['%', ...tokens, '%'].filter((t, i, all) => t !== '%' || all[i - 1] !== '%').join('');
}

/**
 * `column`'s fold contains `folded` (already folded, non-empty). The ILIKE pattern settles ASCII/Latin-1 values
 * cheaply; values with other characters (rare: 'Grašac', 'Œil de Perdrix') go straight to the full fold.
 */
export function foldedColumnContains(column: AnyPgColumn, folded: string): SQL {
  const beyondLatin1 = sql`(octet_length(${column}) <> char_length(${column}) and ${column} ~ ${'[^\u0001-\u00ff]'})`;
  return sql`(${column} ilike ${latin1Pattern(folded)} or ${beyondLatin1}) and ${sqlFold(column)} like ${`%${escapeLike(folded)}%`}`;
}
