import { LIGATURES, WHITESPACE_CLASS } from '../../shared/text-search.js';

/** `value` as an ASCII-only SQL string literal: other characters as regex escapes `\uXXXX` (for regex patterns only). */
function regexLiteral(pattern: string): string {
  const escaped = [...pattern]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (c === '\t') return '\\t';
      if (c === '\n') return '\\n';
      if (c === '\v') return '\\v';
      if (c === '\f') return '\\f';
      if (c === '\r') return '\\r';
      if (code < 0x20 || code > 0x7e) return `\\u${code.toString(16).padStart(4, '0')}`;
      return c === "'" ? "''" : c;
    })
    .join('');
  return `'${escaped}'`;
}

const chr = (letters: string) => [...letters].map((c) => `chr(${c.codePointAt(0)})`).join(' || ');

/**
 * foldText() (shared/text-search.ts) as SQL text around `operand`: NFD, combining marks dropped, lower case, ligatures
 * spelled out, whitespace runs as one space, trimmed. Plain ASCII and immutable, so it can define a generated column
 * (catalog_wines.sort_key and the folded *_key columns the catalogue filters match).
 */
export function foldSqlText(operand: string): string {
  let folded = `lower(regexp_replace(normalize(${operand}, NFD), ${regexLiteral('[\u0300-\u036f]')}, '', 'g'))`;
  for (const [letter, spelled] of LIGATURES) folded = `replace(${folded}, ${chr(letter)}, '${spelled}')`;
  return `btrim(regexp_replace(${folded}, ${regexLiteral(`${WHITESPACE_CLASS}+`)}, ' ', 'g'), ' ')`;
}
