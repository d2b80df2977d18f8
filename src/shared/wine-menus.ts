import { z } from 'zod';
import { catalogWineInputSchema } from './catalog.js';
import { optionalImageUrl, requiredMoney } from './field-rules.js';
import { optionalSlugInput, optionalText, requiredText } from './form-fields.js';
import { idParamsSchema } from './id-params.js';
import { DEFAULT_WINE_VOLUME, WINE_CATEGORIES, WINE_VOLUMES } from './wine-vocabulary.js';

export const MENU_NOT_FOUND = 'Carta não encontrada.';
export const MENU_WINE_NOT_FOUND = 'Vinho não encontrado nesta carta.';
export const MAX_WINES_PER_MENU = 500;
export const MAX_PRICE = 999_999.99;

// ── Menu ────────────────────────────────────────────────────────────────────

/** POST /api/wine-menus and PUT /api/wine-menus/{id}. Slug: derived from the name when absent (POST) or kept (PUT). */
export const wineMenuInputSchema = z.object({
  name: requiredText('Informe o nome da carta.', 'Nome', 120),
  description: optionalText('Descrição', 2000),
  establishment_id: z.uuid({ error: 'Escolha o estabelecimento.' }),
  slug: optionalSlugInput,
});
export type WineMenuInput = z.input<typeof wineMenuInputSchema>;
export type WineMenuData = z.output<typeof wineMenuInputSchema>;

// ── Menu wine ───────────────────────────────────────────────────────────────

/** A menu price: "89,90", "1.250,50", "2.400", "89.90" or a number. */
export const priceSchema = requiredMoney({
  max: MAX_PRICE,
  requiredMessage: 'Informe o preço.',
  invalidMessage: 'Informe um preço válido (ex.: 89,90).',
  negativeMessage: 'O preço não pode ser negativo.',
  tooHighMessage: 'Preço alto demais.',
  decimalsMessage: 'O preço deve ter no máximo 2 casas decimais.',
});

export const menuWineInputSchema = z.object({
  name: requiredText('Informe o nome do vinho.', 'Nome', 200),
  description: optionalText('Descrição', 2000),
  price: priceSchema,
  category: z.enum(WINE_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null ? 'Escolha a categoria.' : 'Categoria inválida.',
  }),
  country: optionalText('País', 60),
  region: optionalText('Região', 200),
  producer: optionalText('Produtor', 200),
  /** A year, by the catalogue's rule (1800 to next year), so an imported wine always fits. */
  vintage: catalogWineInputSchema.shape.vintage.optional().transform((v) => v ?? null),
  wine_style: optionalText('Estilo', 60),
  grape_variety: optionalText('Uva', 200),
  alcohol_content: optionalText('Teor alcoólico', 20),
  volume: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_WINE_VOLUME : v),
    z.enum(WINE_VOLUMES, { error: `Volume inválido. Use ${WINE_VOLUMES.join(', ')}.` }),
  ),
  aging: optionalText('Amadurecimento', 300),
  color: optionalText('Cor', 300),
  aroma: optionalText('Aroma', 1000),
  palate: optionalText('Paladar', 1000),
  pairing: optionalText('Harmonização', 1000),
  image_url: optionalImageUrl(),
  available: z.boolean({ error: 'Disponível deve ser verdadeiro ou falso.' }).default(true),
});
export type MenuWineInput = z.input<typeof menuWineInputSchema>;
export type MenuWineData = z.output<typeof menuWineInputSchema>;

export const reorderInputSchema = z.object({
  new_order: z
    .array(z.uuid('Identificador de vinho inválido.'), { error: 'Envie a nova ordem dos vinhos (new_order).' })
    .max(MAX_WINES_PER_MENU, 'Vinhos demais.'),
});
export type ReorderInput = z.infer<typeof reorderInputSchema>;

// ── Responses ───────────────────────────────────────────────────────────────

export const menuWineSchema = z.object({
  id: z.string(),
  menu_id: z.string(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  category: z.string(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  producer: z.string().nullable(),
  vintage: z.number().int().nullable(),
  wine_style: z.string().nullable(),
  grape_variety: z.string().nullable(),
  alcohol_content: z.string().nullable(),
  volume: z.string(),
  aging: z.string().nullable(),
  color: z.string().nullable(),
  aroma: z.string().nullable(),
  palate: z.string().nullable(),
  pairing: z.string().nullable(),
  image_url: z.string().nullable(),
  available: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MenuWine = z.infer<typeof menuWineSchema>;

/** An item of GET /api/wine-menus. */
export const wineMenuSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  establishment_id: z.string(),
  establishment_name: z.string(),
  establishment_slug: z.string(),
  wine_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WineMenuSummary = z.infer<typeof wineMenuSummarySchema>;

/** GET /api/wine-menus/{id} and every menu write: the summary plus its establishment and its wines in order. */
export const wineMenuSchema = wineMenuSummarySchema.extend({
  establishment: z.object({ id: z.string(), name: z.string(), slug: z.string(), sommelier: z.string().nullable() }),
  wines: z.array(menuWineSchema),
});
export type WineMenu = z.infer<typeof wineMenuSchema>;

/** GET /api/wine-menus/{id}/qr-code. */
/** Sheets of QR codes per table: tables 1..N, each code opening the menu with `?mesa=N`. */
export const MAX_TABLE_QR_CODES = 200;
export const TABLE_COUNT_MESSAGE = `Informe um número de mesas entre 1 e ${MAX_TABLE_QR_CODES}.`;
export const tableQrQuerySchema = z.object({
  tables: z.coerce
    .number({ error: TABLE_COUNT_MESSAGE })
    .int({ error: TABLE_COUNT_MESSAGE })
    .min(1, { error: TABLE_COUNT_MESSAGE })
    .max(MAX_TABLE_QR_CODES, { error: TABLE_COUNT_MESSAGE }),
});
export const TABLE_QR_FORMATS = ['pdf', 'png', 'svg'] as const;
export type TableQrFormat = (typeof TABLE_QR_FORMATS)[number];

export const qrCodeSchema = z.object({
  /** Base64 PNG, without a data: prefix. */
  qr_code: z.string(),
  /** Absolute URL of the public menu page. */
  menu_url: z.string(),
  /** Download name without extension: "{establishment}-{menu}-qr-code". */
  file_name: z.string(),
  /** The URL points at this machine or a private network: guests' phones cannot open it. */
  local_address: z.boolean(),
  /** Where the address comes from: PUBLIC_BASE_URL ('config') or the host this request came to ('request'). */
  base_url_source: z.enum(['config', 'request']),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/** POST /api/seed/pedra-da-ilha. */
export const seedResultSchema = z.object({
  establishment_id: z.string(),
  menu_id: z.string(),
  wines: z.number().int(),
  catalog_wines: z.number().int(),
});
export type SeedResult = z.infer<typeof seedResultSchema>;

export const menuWineParamsSchema = idParamsSchema.extend({ wineId: z.uuid('Identificador inválido.') });
export const menuListQuerySchema = z.object({
  establishment_id: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('Estabelecimento inválido.').optional()),
});
