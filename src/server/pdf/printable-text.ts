/**
 * User text made safe to lay out in the PDFs and QR sheets we draw. A name typed or pasted by a person can carry
 * invisible characters (a zero-width space crashed the PDF font library: "Offset is outside the bounds of the
 * DataView"), bidi controls (U+202E would turn everything after it around), line separators, emoji or scripts the
 * embedded fonts do not have. The page in the browser can show those; print cannot, so they are cleaned here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Format characters (zero-width spaces and joiners, bidi marks, embeddings, overrides and isolates, the byte order
 * mark, soft hyphen, tags), controls other than the line break, and unpaired surrogates: none has a glyph to print.
 */
const INVISIBLE = /[\p{Cf}\p{Cs}]|[^\P{Cc}\n]|[\uFE00-\uFE0F]/gu;
/** Line and paragraph separators, and tabs: a plain space in print. */
const SEPARATORS = /[\p{Zl}\p{Zp}\t]/gu;

/** Drops what has no glyph and can reorder or break a line (bidi controls, zero-width characters, controls). */
export function withoutControls(text: string): string {
  return text.normalize('NFC').replace(SEPARATORS, ' ').replace(INVISIBLE, '');
}

/** Letters with a stroke have no decomposition to fall back on. */
const PLAIN_LETTER: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h' };

type Ranges = (readonly [number, number])[];

/** "U+0000-00FF,U+0131" (a font subset's unicode-range) as code point ranges. */
function parseRanges(unicodeRange: string): Ranges {
  return unicodeRange.split(',').map((part) => {
    const [from = '0', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
  });
}

let latin: Ranges | undefined;

/** What the embedded Latin subsets cover: the unicode-range both Fontsource packages declare for them. */
function latinCoverage(): Ranges {
  if (!latin) {
    const [first, ...others] = ['@fontsource/source-sans-3', '@fontsource/lora'].map((pkg) => {
      const ranges = JSON.parse(readFileSync(join(dirname(require.resolve(pkg)), 'unicode.json'), 'utf8')) as { latin: string };
      return ranges.latin;
    });
    if (!first || others.some((r) => r !== first)) throw new Error('the PDF fonts cover different Latin ranges');
    latin = parseRanges(first);
  }
  return latin;
}

const covered = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return latinCoverage().some(([from, to]) => code >= from && code <= to);
};

/** A character the fonts lack: its base letter when it has one they carry ("ő" -> "o"), else nothing. */
function fallback(char: string): string {
  const plain = PLAIN_LETTER[char];
  if (plain) return plain;
  return [...char.normalize('NFD')].filter((part) => !/\p{M}/u.test(part) && covered(part)).join('');
}

/**
 * Text the embedded PDF fonts can lay out: no control or invisible character, and every character one of the
 * Latin subsets carries (emoji, CJK, Arabic… are left out; an accented letter outside them keeps its base letter).
 * Spaces left doubled by what was dropped are folded into one.
 */
export function printableText(text: string): string {
  const kept = [...withoutControls(text)].map((char) => (covered(char) ? char : fallback(char))).join('');
  return kept.replace(/ {2,}/g, ' ').trim();
}
