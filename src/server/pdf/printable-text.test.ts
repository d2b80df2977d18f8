import { describe, expect, it } from 'vitest';
import { printableText, withoutControls } from './printable-text.js';

describe('withoutControls (the SVG sheets and cards)', () => {
  it('drops zero-width and bidi controls, BOM and controls; separators and tabs become spaces; other scripts stay', () => {
    expect(withoutControls('a\u200Bb\u200Cc\u200Dd\u200Ee\u200Ff\uFEFFg\u00ADh\u0007i')).toBe('abcdefghi');
    expect(withoutControls('Carta \u202Eoiram\u202C da Casa \u2066x\u2069')).toBe('Carta oiram da Casa x');
    expect(withoutControls('um\u2028dois\u2029três\tquatro')).toBe('um dois três quatro');
    expect(withoutControls('linha\nseguinte')).toBe('linha\nseguinte');
    expect(withoutControls('葡萄酒 🍷 نبيذ')).toBe('葡萄酒 🍷 نبيذ');
    expect(withoutControls('a\uD800b')).toBe('ab');
  });
});

describe('printableText (the PDFs and their Latin fonts)', () => {
  it('keeps pt-BR letters, composes decomposed accents and keeps the base of letters the fonts lack', () => {
    expect(printableText('Sele\u0063\u0327a\u0303o Rose\u0301')).toBe('Seleção Rosé');
    expect(printableText('Tokaji Ő Łódź Đà')).toBe('Tokaji O Lódz Dà');
    expect(printableText('R$ 1.250,00 – “Reserva” · 750 ml')).toBe('R$ 1.250,00 – “Reserva” · 750 ml');
  });

  it('leaves out emoji, CJK and Arabic, and the spaces they leave doubled', () => {
    expect(printableText('Vinho 🍷🇧🇷 do Porto')).toBe('Vinho do Porto');
    expect(printableText('葡萄酒 Malbec نبيذ')).toBe('Malbec');
    expect(printableText('1\uFE0F\u20E3 Tinto')).toBe('1 Tinto');
  });
});
