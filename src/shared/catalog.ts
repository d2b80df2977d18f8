/** Global wine catalogue (docs/product.md §4 "Catalogue wine"): one schema for the API and the React form. */
import { z } from 'zod';
import { optionalImageUrl, optionalMoney, optionalPercent } from './field-rules.js';
import { queryInt, queryLimit, queryPage } from './list-query.js';
import { namedRecord, recordStamps, wineDetails } from './record-fields.js';

export const CATALOG_DEFAULT_LIMIT = 50;
export const CATALOG_MAX_LIMIT = 100;
export const CATALOG_MIN_VINTAGE = 1800;
export const CATALOG_MAX_PRICE = 99_999_999.99;

export const CATALOG_MESSAGES = {
  notFound: 'Vinho não encontrado no catálogo.',
  skuTaken: 'Já existe um vinho no catálogo com este código SKU.',
  nameRequired: 'Informe o nome do vinho.',
  price: 'O preço de referência deve ser um número maior ou igual a zero, com no máximo duas casas decimais.',
} as const;

/** The latest vintage accepted today: next year's (wines are sometimes listed before release). */
export const maxVintage = (now = new Date()) => now.getFullYear() + 1;

/** Optional text: trimmed; empty, null or absent become null. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .nullish()
    // NFC: one code point per accented letter, as the search folding in SQL expects.
    .transform((v) => (v ? v.normalize('NFC') : null));

/** '' / null / undefined / NaN -> null; numeric strings ("2019", "89,90") -> numbers; anything else is left for the schema to reject. */
const emptyToNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isNaN(value)) return null;
  if (typeof value === 'string') {
    const v = value.trim();
    if (v === '') return null;
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? n : value;
  }
  return value;
};

export const catalogWineInputSchema = z.object({
  name: z
    .string({ error: CATALOG_MESSAGES.nameRequired })
    .trim()
    .min(1, CATALOG_MESSAGES.nameRequired)
    .max(200, 'Nome: no máximo 200 caracteres.')
    .transform((v) => v.normalize('NFC')),
  description: optionalText(4000, 'Descrição'),
  country: optionalText(100, 'País'),
  region: optionalText(200, 'Região'),
  grape_variety: optionalText(300, 'Uva'),
  wine_style: optionalText(100, 'Estilo'),
  alcohol_content: optionalPercent('Teor alcoólico', 'Teor alcoólico: informe uma porcentagem entre 0 e 100, ex.: 13,5%.'),
  volume: optionalText(50, 'Volume'),
  color: optionalText(1000, 'Cor'),
  aroma: optionalText(2000, 'Aroma'),
  palate: optionalText(2000, 'Paladar'),
  pairing: optionalText(2000, 'Harmonização'),
  image_url: optionalImageUrl(),
  producer: optionalText(200, 'Produtor'),
  vintage: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Safra: informe um ano (ex.: 2019).' })
      .int('Safra: informe um ano inteiro (ex.: 2019).')
      .min(CATALOG_MIN_VINTAGE, `Safra: informe um ano a partir de ${CATALOG_MIN_VINTAGE}.`)
      .refine((v) => v <= maxVintage(), { error: () => `Safra: informe um ano até ${maxVintage()}.` })
      .nullable(),
  ),
  price_reference: optionalMoney({
    max: CATALOG_MAX_PRICE,
    invalidMessage: CATALOG_MESSAGES.price,
    negativeMessage: CATALOG_MESSAGES.price,
    decimalsMessage: CATALOG_MESSAGES.price,
  }),
  sku_code: optionalText(64, 'Código SKU'),
});
/** Create and update (PUT replaces every field) take the same body. */
export type CatalogWineInput = z.output<typeof catalogWineInputSchema>;
export type CatalogWineFormValues = z.input<typeof catalogWineInputSchema>;

export const catalogWineSchema = z.object({
  ...namedRecord,
  ...wineDetails,
  volume: z.string().nullable(),
  vintage: z.number().nullable(),
  price_reference: z.number().nullable(),
  sku_code: z.string().nullable(),
  ...recordStamps,
});
export type CatalogWine = z.infer<typeof catalogWineSchema>;

const filterText = z.string().trim().max(200, 'Filtro longo demais (máximo 200 caracteres).').optional();
/**
 * GET /api/catalog/wines. Answers a plain array (at most `limit`, default 50, capped at 100) ordered by name;
 * the number of matching wines is in the `X-Total-Count` header (a lower bound when `X-Total-Count-Capped: true`).
 * `page` (1-based) is a shortcut for `offset`.
 */
export const catalogListQuerySchema = z.object({
  q: filterText,
  country: filterText,
  grape_variety: filterText,
  wine_style: filterText,
  limit: queryLimit(CATALOG_MAX_LIMIT),
  offset: queryInt('offset', 0, 1_000_000).optional(),
  page: queryPage(),
});
export type CatalogListQuery = z.output<typeof catalogListQuerySchema>;

/** Number of matching wines. */
export const CATALOG_TOTAL_HEADER = 'x-total-count';
/**
 * Present ("true") when more wines match than were counted: the total is then a lower bound
 * (at least 1,000, or the end of the requested page); show it as "1000+" and ask for a narrower search.
 */
export const CATALOG_TOTAL_CAPPED_HEADER = 'x-total-count-capped';
