import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural.js';

describe('countOf', () => {
  it('follows the pt-BR plural rules and groups thousands', () => {
    expect(countOf(0, 'vinho', 'vinhos')).toBe('0 vinhos');
    expect(countOf(1, 'contado', 'contados')).toBe('1 contado');
    expect(countOf(2, 'contado', 'contados')).toBe('2 contados');
    expect(countOf(1250, 'vinho', 'vinhos')).toBe('1.250 vinhos');
    expect(pluralWord(1, 'garrafa', 'garrafas')).toBe('garrafa');
  });
});
