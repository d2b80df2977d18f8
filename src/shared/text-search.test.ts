import { describe, expect, it } from 'vitest';
import { foldText, searchTerms } from './text-search.js';

describe('foldText', () => {
  it('drops accents, lowers case, spells out ligatures (capitals too) and collapses whitespace', () => {
    expect(foldText("  Rosé \t d'Anjou ")).toBe("rose d'anjou");
    expect(foldText('Rose\u0301')).toBe('rose');
    expect(foldText('Weißburgunder')).toBe('weissburgunder');
    expect(foldText('ẞTRASSE')).toBe('sstrasse');
    expect(foldText('Æble Œil')).toBe('aeble oeil');
    expect(foldText('Graševina\u00a0Tămâioasă')).toBe('grasevina tamaioasa');
    expect(foldText(null)).toBe('');
  });

  it('splits a search box into distinct folded words', () => {
    expect(searchTerms('Weiß  WEISS rosé')).toEqual(['weiss', 'rose']);
  });
});
