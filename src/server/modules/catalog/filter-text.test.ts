import { describe, expect, it } from 'vitest';
import { foldText } from '../../../shared/text-search.js';
import { latin1Pattern } from './filter-text.js';

/** PostgreSQL's ILIKE with the default backslash escape, emulated: both sides lower-cased, `_` one character, `%` any. */
function ilike(text: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') source += [...pattern.slice(++i)][0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su').test(text.toLowerCase());
}

// Deterministic pseudo-random numbers, so a failure can be replayed.
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const LATIN1 = Array.from({ length: 0xff - 0x20 }, (_, i) => String.fromCharCode(0x21 + i)).filter((c) => c !== '\u007f');
const ALPHABET = [...LATIN1, ' ', '  ', '\t', '\u00a0', 'ß', 'ß', 'ss', 'æ', 'Æ', 'ae', 'é', 'ç', 'ã', '%', '_', '\\'];

describe('latin1Pattern (the cheap prefilter of the catalogue filters)', () => {
  it('spells what foldText does to Latin-1 letters as wildcards', () => {
    expect(latin1Pattern('franca')).toBe('%fr___%');
    expect(latin1Pattern('weissburgunder')).toBe('%w__%b_rg__d_r%');
    // Spaces stand for any whitespace run; an "e" or "s" at the start may be the end of "æ" or "ß", an "a" or "s"
    // at the end their start.
    expect(latin1Pattern('estados unidos')).toBe('%st_d_s%___d_%');
    expect(latin1Pattern('100%_x')).toBe('%100\\%\\_x%');
    expect(latin1Pattern('x%')).toBe('%x\\%%');
  });

  it('matches every ASCII/Latin-1 text whose fold contains the folded value (so it never hides a match)', () => {
    const next = random(42);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => pick(ALPHABET)).join('');
      const folded = foldText(text);
      if (!folded) continue;
      const start = Math.floor(next() * folded.length);
      const value = foldText(folded.slice(start, start + 1 + Math.floor(next() * (folded.length - start))));
      if (!value) continue;
      expect(folded.includes(value)).toBe(true);
      expect(ilike(text, latin1Pattern(value)), `${JSON.stringify(text)} ~ ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it('still tells values apart', () => {
    expect(ilike('Brasil', latin1Pattern('franca'))).toBe(false);
    expect(ilike('França', latin1Pattern('franca'))).toBe(true);
    expect(ilike('Weißburgunder', latin1Pattern('weissburgunder'))).toBe(true);
    expect(ilike('Weissburgunder', latin1Pattern('weissburgunder'))).toBe(true);
    expect(ilike('Grauburgunder', latin1Pattern('weissburgunder'))).toBe(false);
  });
});
