import { describe, expect, it } from 'vitest';
import { foldAccents, isUuidLike, SLUG_MAX_LENGTH, searchText, slugify } from './slug.js';

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

describe('foldAccents and searchText', () => {
  it('folds accents and keeps everything else', () => {
    expect(foldAccents('Ação Rosé Ñandú')).toBe('Acao Rose Nandu');
  });

  it('joins the present parts, folded and lower-cased', () => {
    expect(searchText('Château Margaux', null, 'Bordeaux  ', undefined, 'Cabernet Sauvignon')).toBe(
      'chateau margaux bordeaux cabernet sauvignon',
    );
  });
});

describe('isUuidLike', () => {
  it('recognises ids', () => {
    expect(isUuidLike('3f1b2c4d-1111-4222-8333-444455556666')).toBe(true);
    expect(isUuidLike('carta-de-vinhos')).toBe(false);
  });
});
