import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '../../server/public-pages/filters.js';
import { WINE_CATEGORIES, WINE_COUNTRIES, WINE_STYLES } from '../wine-vocabulary.js';
import { acceptedLanguages, CATALOGUES, chooseGuestLanguage, GUEST_LANGUAGES, guestMessages, parseGuestLanguage } from './catalogue.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every source file of the code that writes guest texts (the catalogues themselves left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith('guest-i18n') ? [] : sources(full);
    return /\.(ts|tsx|js)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.min.js') ? [full] : [];
  });
}

describe('guest catalogues', () => {
  const reference = CATALOGUES['pt-BR'];

  it.each(GUEST_LANGUAGES)('%s has exactly the keys of pt-BR, none empty, with the same {slots}', (lang) => {
    const c = CATALOGUES[lang];
    for (const part of ['text', 'categories', 'blurbs', 'styles', 'priceBands'] as const) {
      const ref = reference[part] as Record<string, string>;
      const own = c[part] as Record<string, string>;
      expect(Object.keys(own).sort(), `${lang}.${part}`).toEqual(Object.keys(ref).sort());
      for (const [key, text] of Object.entries(own)) {
        expect(text.trim(), `${lang}.${part}.${key}`).not.toBe('');
        expect(placeholders(text), `${lang}.${part}.${key}`).toEqual(placeholders(ref[key] ?? ''));
      }
    }
  });

  it('names every category, style and price band of the vocabulary, and nothing else', () => {
    expect(Object.keys(reference.categories).sort()).toEqual([...WINE_CATEGORIES].sort());
    expect(Object.keys(reference.blurbs).sort()).toEqual([...WINE_CATEGORIES].sort());
    expect(Object.keys(reference.styles).sort()).toEqual([...WINE_STYLES].sort());
    expect(Object.keys(reference.priceBands).sort()).toEqual(PRICE_BANDS.map((b) => b.id).sort());
  });

  it('has no unused text key: each is named in the code (a plural by its stem)', () => {
    const code = sources(join(import.meta.dirname, '..', '..'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = Object.keys(reference.text).filter((key) => {
      const stem = key.replace(/\.(one|other)$/, '');
      return !code.includes(`'${key}'`) && !code.includes(`'${stem}'`);
    });
    expect(unused).toEqual([]);
  });

  it('is really translated: the words guests asked about differ from pt-BR', () => {
    for (const lang of ['en', 'es'] as const) {
      const m = guestMessages(lang);
      expect(m.t('stock.soldOut')).not.toBe('Esgotado');
      expect(m.t('find.byGlass')).not.toBe('Por taça');
      expect(m.t('stock.lastBottle')).not.toBe('Última garrafa');
    }
    expect(guestMessages('en').category('Vinhos Tintos Leves')).toBe('Light reds');
    expect(guestMessages('es').category('Vinhos Tintos Leves')).toBe('Tintos ligeros');
    expect(guestMessages('es').t('find.byGlass')).toBe('Por copa');
  });

  it('names the countries through Intl.DisplayNames, keeps other text as written, and counts in each language', () => {
    const en = guestMessages('en');
    const es = guestMessages('es');
    const pt = guestMessages('pt-BR');
    expect(WINE_COUNTRIES.map((c) => en.country(c))).toEqual([
      'Brazil',
      'Argentina',
      'Chile',
      'Spain',
      'Portugal',
      'France',
      'Italy',
      'United States',
    ]);
    expect(es.country('Espanha')).toBe('España');
    expect(es.country('Estados Unidos')).toBe('Estados Unidos');
    expect(pt.country('França')).toBe('França');
    expect(en.country('Serra Gaúcha')).toBe('Serra Gaúcha');
    expect(en.style('Tinto')).toBe('Red');
    expect(en.style('Licoroso')).toBe('Licoroso');
    expect([en.wines(1), en.wines(0), en.wines(1250)]).toEqual(['1 wine', '0 wines', '1,250 wines']);
    expect([pt.wines(1), pt.wines(0), pt.wines(1250)]).toEqual(['1 vinho', '0 vinhos', '1.250 vinhos']);
    expect([es.plural('find.active', 1), es.plural('find.active', 2)]).toEqual(['1 activo', '2 activos']);
  });
});

describe('the guest language of a request', () => {
  const all = ['pt-BR', 'en', 'es'] as const;

  it('reads language tags by their primary subtag', () => {
    expect(['pt', 'PT-br', 'pt-PT', 'en-US', 'en_GB', 'es-419', 'fr', '', 42].map(parseGuestLanguage)).toEqual([
      'pt-BR',
      'pt-BR',
      'pt-BR',
      'en',
      'en',
      'es',
      null,
      null,
      null,
    ]);
  });

  it('ranks Accept-Language by weight, refusing q=0 and keeping header order for equal weights', () => {
    expect(acceptedLanguages('fr-FR,fr;q=0.9,es;q=0.5,en;q=0.7')).toEqual(['en', 'es']);
    expect(acceptedLanguages('en-US;q=0, es, pt-BR')).toEqual(['es', 'pt-BR']);
    expect(acceptedLanguages('de;q=1, en;q=0.8, en-GB;q=0.9, es;q=0.8')).toEqual(['en', 'es']);
    expect(acceptedLanguages('en;q=abc, *')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('takes the explicit choice when offered, else the best accepted among those offered, else pt-BR', () => {
    expect(chooseGuestLanguage('es', 'en-US,en;q=0.9', all)).toBe('es');
    expect(chooseGuestLanguage(['en', 'es'], undefined, all)).toBe('en');
    expect(chooseGuestLanguage('pt', 'en-US', all)).toBe('pt-BR');
    // Not offered: the explicit choice falls back to the browser's, then to pt-BR.
    expect(chooseGuestLanguage('es', 'en-US', ['pt-BR', 'en'])).toBe('en');
    expect(chooseGuestLanguage('xx', 'fr,es;q=0.8,en;q=0.9', ['pt-BR', 'es'])).toBe('es');
    expect(chooseGuestLanguage(undefined, 'de-DE,fr;q=0.9', all)).toBe('pt-BR');
    expect(chooseGuestLanguage(undefined, 'en-US', ['pt-BR'])).toBe('pt-BR');
    // A Portuguese reader's pt-BR beats a weaker English.
    expect(chooseGuestLanguage(undefined, 'pt-PT,en;q=0.8', all)).toBe('pt-BR');
  });
});
