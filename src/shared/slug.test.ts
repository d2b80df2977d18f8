import { describe, expect, it } from 'vitest';
import { foldAccents, isUuidLike, nextFreeSlug, SLUG_MAX_LENGTH, slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Rosé & Cia', 'rose-cia'],
    ['Pedra da Ilha', 'pedra-da-ilha'],
    ['  Carta   de Vinhos  ', 'carta-de-vinhos'],
    ['Açaí — Bistrô São João', 'acai-bistro-sao-joao'],
    ['Vinhos em Taça (187ml)', 'vinhos-em-taca-187ml'],
    ['ÉTÉ À L’OMBRE', 'ete-a-lombre'],
    ['snake_case name', 'snake-case-name'],
    ['--já--foi--', 'ja-foi'],
    ['Nº 1: o melhor!', 'n-1-o-melhor'],
    ['!!!', ''],
    ['', ''],
    ['中文', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('cuts long names without leaving a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} bcd`);
    expect(slug).toBe('a'.repeat(SLUG_MAX_LENGTH - 1));
    expect(slugify('abc def', 4)).toBe('abc');
  });

  it('is idempotent', () => {
    for (const text of ['Rosé & Cia', 'Côte-Rôtie 2019', 'a - b']) expect(slugify(slugify(text))).toBe(slugify(text));
  });
});

describe('foldAccents', () => {
  it('folds accents and keeps everything else', () => {
    expect(foldAccents('Ação Rosé Ñandú')).toBe('Acao Rose Nandu');
  });
});

describe('isUuidLike', () => {
  it('recognises ids', () => {
    expect(isUuidLike('3f1b2c4d-1111-4222-8333-444455556666')).toBe(true);
    expect(isUuidLike('carta-de-vinhos')).toBe(false);
  });
});

describe('nextFreeSlug', () => {
  const never = () => false;
  it('keeps a free base and counts up from -2 on collisions', () => {
    expect(nextFreeSlug('bistro', new Set(), never)).toBe('bistro');
    expect(nextFreeSlug('bistro', new Set(['bistro']), never)).toBe('bistro-2');
    expect(nextFreeSlug('bistro', new Set(['bistro', 'bistro-2', 'bistro-3']), never)).toBe('bistro-4');
  });

  it('skips blocked words', () => {
    expect(nextFreeSlug('carta', new Set(), (s) => s === 'carta')).toBe('carta-2');
  });

  it('stays within the maximum length', () => {
    const base = 'a'.repeat(SLUG_MAX_LENGTH);
    const slug = nextFreeSlug(base, new Set([base]), never);
    expect(slug).toHaveLength(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-2')).toBe(true);
  });
});
