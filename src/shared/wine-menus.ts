import { z } from 'zod';
import { catalogWineInputSchema } from './catalog.js';
import { cellarStock, MAX_GLASS_DOSES, SOLD_OUT_DISPLAYS, type SoldOutDisplay } from './cellar.js';
import { optionalImageUrl, optionalMoney, requiredMoney } from './field-rules.js';
import { optionalSlugInput, optionalText, requiredText } from './form-fields.js';
import { idParamsSchema } from './id-params.js';
import { qrLanguageQuerySchema } from './menu-languages.js';
import { namedRecord, recordStamps, wineDetails } from './record-fields.js';
import { DEFAULT_WINE_VOLUME, WINE_CATEGORIES, WINE_VOLUMES } from './wine-vocabulary.js';

export const MENU_NOT_FOUND = 'Carta não encontrada.';
export const MENU_WINE_NOT_FOUND = 'Vinho não encontrado nesta carta.';
export const MAX_WINES_PER_MENU = 500;
export const MAX_PRICE = 999_999.99;

// ── Menu ────────────────────────────────────────────────────────────────────

/** What the public page does with a wine of the cellar that ran out: mark it "Esgotado", or leave it out. */
export const SOLD_OUT_DISPLAY_LABELS: Record<SoldOutDisplay, string> = {
  show: 'Mostrar como Esgotado',
  hide: 'Esconder da carta',
};
export const DEFAULT_LOW_STOCK_THRESHOLD = 1;
export const MAX_LOW_STOCK_THRESHOLD = 99;
const THRESHOLD_MESSAGE = `Aviso de últimas garrafas: informe um número inteiro de 0 a ${MAX_LOW_STOCK_THRESHOLD}.`;

/** "", null or absent -> undefined (the stored value is kept, or the default on create); "3" -> 3. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v);

/** An integer typed in a form ("3") or sent as a number; "" and null count as absent. */
const optionalInteger = (min: number, max: number, message: string) =>
  z.preprocess((v) => {
    const value = emptyToUndefined(v);
    return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  }, z.number({ error: message }).int(message).min(min, message).max(max, message).optional());

/**
 * POST /api/wine-menus and PUT /api/wine-menus/{id}. Slug: derived from the name when absent (POST) or kept (PUT).
 * The cellar settings likewise: the defaults on POST, the stored values on a PUT that leaves them out.
 */
export const wineMenuInputSchema = z.object({
  name: requiredText('Informe o nome da carta.', 'Nome', 120),
  description: optionalText('Descrição', 2000),
  establishment_id: z.uuid({ error: 'Escolha o estabelecimento.' }),
  slug: optionalSlugInput,
  sold_out_display: z.preprocess(
    emptyToUndefined,
    z.enum(SOLD_OUT_DISPLAYS, { error: 'Vinhos esgotados: escolha mostrar como Esgotado ou esconder da carta.' }).optional(),
  ),
  low_stock_threshold: optionalInteger(0, MAX_LOW_STOCK_THRESHOLD, THRESHOLD_MESSAGE),
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

export const MAX_GLASS_MARKUP_PERCENT = 1000;
const GLASS_DOSES_MESSAGE = `Taças por garrafa: informe um número inteiro de 1 a ${MAX_GLASS_DOSES}.`;
const GLASS_MARKUP_MESSAGE = `Acréscimo da taça: informe uma porcentagem de 0 a ${MAX_GLASS_MARKUP_PERCENT} (ex.: 20 ou 12,5).`;
export const CELLAR_ITEM_NOT_IN_ESTABLISHMENT = 'Item da adega não encontrado neste estabelecimento.';
const CELLAR_ITEM_INVALID = 'Item da adega inválido.';

/** A typed glass price; empty -> null (the price is computed from the bottle's). Absent: see menuWineInputSchema. */
export const glassPriceSchema = optionalMoney({
  max: MAX_PRICE,
  invalidMessage: 'Informe um preço da taça válido (ex.: 32,00).',
  negativeMessage: 'O preço da taça não pode ser negativo.',
  tooHighMessage: 'Preço da taça alto demais.',
  decimalsMessage: 'O preço da taça deve ter no máximo 2 casas decimais.',
});

/** "20", "12,5", 12.5 -> the markup percent; empty -> null (no markup). */
export const glassMarkupSchema = z.preprocess(
  (v) => {
    if (v === '' || v === null) return null;
    if (typeof v !== 'string') return v;
    const t = v.trim().replace(/%$/, '').trim().replace(',', '.');
    return t === '' ? null : /^\d+(\.\d+)?$/.test(t) ? Number(t) : v;
  },
  z
    .number({ error: GLASS_MARKUP_MESSAGE })
    .min(0, GLASS_MARKUP_MESSAGE)
    .max(MAX_GLASS_MARKUP_PERCENT, GLASS_MARKUP_MESSAGE)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, GLASS_MARKUP_MESSAGE)
    .nullable(),
);

/** Glasses of 150 ml a bottle of this volume pours: 5 for 750 ml, 2 for 375 ml, at least 1. */
export function defaultGlassDoses(volume: string | null | undefined): number {
  const ml = Number.parseInt(volume ?? '', 10);
  return Number.isFinite(ml) && ml > 0 ? Math.max(1, Math.floor(ml / 150)) : 5;
}

/** The glass price rule lives with the cellar's (typed, else bottle / glasses × markup, rounded up to whole reais). */
export { effectiveGlassPrice } from './cellar.js';

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
  // Cellar and glass: optional; a PUT that leaves one out keeps the stored value (the defaults on create).
  /** The establishment's cellar item this wine draws from; null unlinks it. */
  cellar_item_id: z
    .union([z.literal(''), z.uuid(CELLAR_ITEM_INVALID), z.null()], { error: CELLAR_ITEM_INVALID })
    .transform((v) => (v === '' ? null : v))
    .optional(),
  by_the_glass: z.boolean({ error: 'Vende em taça deve ser verdadeiro ou falso.' }).optional(),
  glass_price: glassPriceSchema.optional(),
  glass_doses: optionalInteger(1, MAX_GLASS_DOSES, GLASS_DOSES_MESSAGE),
  glass_markup_percent: glassMarkupSchema.optional(),
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
  ...wineDetails,
  vintage: z.number().int().nullable(),
  volume: z.string(),
  aging: z.string().nullable(),
  available: z.boolean(),
  cellar_item_id: z.string().nullable(),
  by_the_glass: z.boolean(),
  /** As typed; null when the glass price is computed. */
  glass_price: z.number().nullable(),
  glass_doses: z.number().int(),
  glass_markup_percent: z.number().nullable(),
  ...recordStamps,
});
export type MenuWine = z.infer<typeof menuWineSchema>;

/** The linked cellar item's count now, for the menu editor's "−1 garrafa" / "−1 taça" buttons. */
export const menuWineCellarSchema = z.object({
  item_id: z.string(),
  name: z.string(),
  ...cellarStock,
});
export type MenuWineCellar = z.infer<typeof menuWineCellarSchema>;

/** A wine as the menu editor and the wine writes answer it: the stored fields, the glass price and the cellar count. */
export const menuWineDetailSchema = menuWineSchema.extend({
  /** What a glass costs on the public page; null when the wine is not sold by the glass. */
  effective_glass_price: z.number().nullable(),
  cellar: menuWineCellarSchema.nullable(),
});
export type MenuWineDetail = z.infer<typeof menuWineDetailSchema>;

/** An item of GET /api/wine-menus. */
export const wineMenuSummarySchema = z.object({
  ...namedRecord,
  slug: z.string(),
  establishment_id: z.string(),
  establishment_name: z.string(),
  establishment_slug: z.string(),
  wine_count: z.number().int(),
  sold_out_display: z.enum(SOLD_OUT_DISPLAYS),
  low_stock_threshold: z.number().int(),
  ...recordStamps,
});
export type WineMenuSummary = z.infer<typeof wineMenuSummarySchema>;

/** GET /api/wine-menus/{id} and every menu write: the summary plus its establishment and its wines in order. */
export const wineMenuSchema = wineMenuSummarySchema.extend({
  establishment: z.object({ id: z.string(), name: z.string(), slug: z.string(), sommelier: z.string().nullable() }),
  wines: z.array(menuWineDetailSchema),
});
export type WineMenu = z.infer<typeof wineMenuSchema>;

/** GET /api/wine-menus/{id}/qr-code. */
/** Sheets of QR codes per table: tables 1..N, each code opening the menu with `?mesa=N`. */
export const MAX_TABLE_QR_CODES = 200;
export const TABLE_COUNT_MESSAGE = `Informe um número de mesas entre 1 e ${MAX_TABLE_QR_CODES}.`;
export const tableQrQuerySchema = qrLanguageQuerySchema.extend({
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
