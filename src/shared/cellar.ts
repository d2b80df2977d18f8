/**
 * The house cellar (issue 18): schemas, labels and small rules shared by the API, the cellar screen, the menu editor
 * and the public menu. Counts are whole bottles (`on_hand`); glass sales take glasses from one open bottle
 * (`open_bottle_doses`), which is not counted in on_hand. docs/decisions/0059 explains the ledger.
 */
import { z } from 'zod';
import { catalogWineInputSchema } from './catalog.js';
import { optionalMoney } from './field-rules.js';
import { optionalText, requiredText } from './form-fields.js';
import { parseDecimal, toCents } from './money.js';
import { countOf } from './plural.js';
import { recordStamps } from './record-fields.js';
import { valuesOf } from './vocabulary.js';

export const CELLAR_MOVEMENT_REASON_LABELS = {
  sale: 'Venda (garrafa)',
  glass_sale: 'Venda (taça)',
  delivery: 'Entrega',
  count: 'Contagem',
  breakage: 'Quebra',
  tasting: 'Degustação',
};
export type CellarMovementReason = keyof typeof CELLAR_MOVEMENT_REASON_LABELS;
export const CELLAR_MOVEMENT_REASONS = valuesOf(CELLAR_MOVEMENT_REASON_LABELS);

/** Reasons a person may record by hand (POST /api/cellar/{itemId}/movements): all of them. */
export const MANUAL_MOVEMENT_REASONS = CELLAR_MOVEMENT_REASONS;
/** Reasons that take bottles out: their delta must be negative. */
export const OUTGOING_REASONS: readonly CellarMovementReason[] = ['sale', 'breakage', 'tasting'];

export const CELLAR_STATUSES = ['ok', 'low', 'sold_out'] as const;
export type CellarStatus = (typeof CELLAR_STATUSES)[number];
export const CELLAR_STATUS_LABELS: Record<CellarStatus, string> = { ok: 'OK', low: 'Baixo', sold_out: 'Esgotado' };

/**
 * esgotado: no bottle and no glass left; baixo: at or below par (par 0 means no par is kept);
 * ok: everything else.
 */
export function cellarStatus(item: { on_hand: number; open_bottle_doses: number; par_level: number }): CellarStatus {
  if (item.on_hand === 0 && item.open_bottle_doses === 0) return 'sold_out';
  if (item.par_level > 0 && item.on_hand <= item.par_level) return 'low';
  return 'ok';
}

export const CASE_SIZES = [6, 12] as const;
export const DEFAULT_GLASS_DOSES = 5;
export const MAX_GLASS_DOSES = 50;
export const MAX_CELLAR_COUNT = 100_000;

export const CELLAR_MESSAGES = {
  notFound: 'Item da adega não encontrado.',
  establishmentNotFound: 'Estabelecimento não encontrado.',
  insufficient: 'Sem estoque suficiente',
  nameRequired: 'Informe o nome do vinho.',
  wineNotFound: 'Vinho não encontrado no catálogo.',
  duplicateWine: 'Este vinho do catálogo já está na adega deste estabelecimento.',
  count: `Informe um número inteiro de garrafas entre 0 e ${MAX_CELLAR_COUNT.toLocaleString('pt-BR')}.`,
  par: `O estoque ideal deve ser um número inteiro entre 0 e ${MAX_CELLAR_COUNT.toLocaleString('pt-BR')}.`,
  caseSize: 'A caixa deve ter 6 ou 12 garrafas (ou deixe em branco).',
  reason: 'Motivo inválido: use sale, glass_sale, delivery, count, breakage ou tasting.',
  delta: `Informe a quantidade de garrafas (um número inteiro diferente de zero, até ${MAX_CELLAR_COUNT.toLocaleString('pt-BR')}).`,
  deltaOut: 'Vendas, quebras e degustações tiram garrafas: a quantidade deve ser negativa.',
  deltaIn: 'Uma entrega acrescenta garrafas: a quantidade deve ser positiva.',
  counted: 'Informe quantas garrafas foram contadas (counted).',
  countedOnlyForCount: 'A contagem (counted) só vale para o motivo count.',
  glassOne: 'Uma venda por taça tira uma taça por vez: envie delta -1 ou nada.',
  menuWineNotLinked: 'Este vinho da carta não está ligado a este item da adega.',
  days: 'Período inválido: use 7, 30 ou 90 dias.',
  unitCost: 'O custo deve ser um valor em reais maior ou igual a zero, ex.: 89,90.',
} as const;

/**
 * A count that would pass MAX_CELLAR_COUNT: every path that adds bottles (a movement in, a delivery) refuses it with
 * this, naming the wine, what it holds and what would arrive.
 */
export function cellarCeilingMessage(name: string, onHand: number, adding: number): string {
  const n = (v: number) => v.toLocaleString('pt-BR');
  return (
    `${name} tem ${countOf(onHand, 'garrafa', 'garrafas')}: com mais ${n(adding)} passaria do máximo de ` +
    `${n(MAX_CELLAR_COUNT)} garrafas por vinho na adega. Confira a quantidade.`
  );
}

/** A whole number as typed ("12", "1.000") or sent (12); never "0x10" or "1e3". */
function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : (parseDecimal(v) ?? Number.NaN)) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

const caseSize = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(6), z.literal(12), z.null()], { error: CELLAR_MESSAGES.caseSize }),
);

// ── Items ───────────────────────────────────────────────────────────────────

/** PUT /api/cellar/{itemId}. The count is not here: it changes only through movements. */
export const cellarItemUpdateSchema = z.object({
  name: requiredText(CELLAR_MESSAGES.nameRequired, 'Nome', 200),
  producer: optionalText('Produtor', 200),
  vintage: catalogWineInputSchema.shape.vintage.optional().transform((v) => v ?? null),
  catalog_wine_id: z
    .uuid(CELLAR_MESSAGES.wineNotFound)
    .nullish()
    .transform((v) => v ?? null),
  par_level: wholeNumber(CELLAR_MESSAGES.par, 0, MAX_CELLAR_COUNT).default(0),
  case_size: caseSize.default(null),
  last_unit_cost: optionalMoney({
    max: 9_999_999.99,
    invalidMessage: CELLAR_MESSAGES.unitCost,
    negativeMessage: CELLAR_MESSAGES.unitCost,
    tooHighMessage: 'O custo deve ser no máximo R$ 9.999.999,99.',
  }),
});
export type CellarItemUpdate = z.output<typeof cellarItemUpdateSchema>;
export type CellarItemUpdateValues = z.input<typeof cellarItemUpdateSchema>;

/** POST /api/establishments/{id}/cellar: an initial on_hand above 0 is recorded as a `count` movement. */
export const cellarItemCreateSchema = cellarItemUpdateSchema.extend({
  on_hand: wholeNumber(CELLAR_MESSAGES.count, 0, MAX_CELLAR_COUNT).default(0),
});
export type CellarItemCreate = z.output<typeof cellarItemCreateSchema>;
export type CellarItemCreateValues = z.input<typeof cellarItemCreateSchema>;

/** What an item holds now: whole bottles, and the glasses left in the open bottle (0: none open). */
export const cellarStock = {
  on_hand: z.number().int(),
  open_bottle_doses: z.number().int(),
};

/** A menu wine drawing from a cellar item (for the cellar screen and margins). */
export const cellarLinkedMenuWineSchema = z.object({
  id: z.string(),
  menu_id: z.string(),
  menu_name: z.string(),
  name: z.string(),
  price: z.number(),
  by_the_glass: z.boolean(),
  glass_doses: z.number().int(),
});
export type CellarLinkedMenuWine = z.infer<typeof cellarLinkedMenuWineSchema>;

export const cellarItemSchema = z.object({
  id: z.string(),
  establishment_id: z.string(),
  catalog_wine_id: z.string().nullable(),
  name: z.string(),
  producer: z.string().nullable(),
  vintage: z.number().int().nullable(),
  ...cellarStock,
  par_level: z.number().int(),
  case_size: z.union([z.literal(6), z.literal(12)]).nullable(),
  /** Exact decimal string ("89.90"), as every amount the API answers. */
  last_unit_cost: z.string().nullable(),
  last_supplier_id: z.string().nullable(),
  last_supplier_name: z.string().nullable(),
  status: z.enum(CELLAR_STATUSES),
  last_movement_at: z.string().nullable(),
  menu_wines: z.array(cellarLinkedMenuWineSchema),
  ...recordStamps,
});
export type CellarItem = z.infer<typeof cellarItemSchema>;

/** What the public page and the menu editor need per linked item: cellarCountsFor() in the cellar module. */
export interface CellarCount {
  id: string;
  on_hand: number;
  open_bottle_doses: number;
}

// ── Movements ───────────────────────────────────────────────────────────────

/**
 * POST /api/cellar/{itemId}/movements: `{ reason, delta }` (bottles, signed) or `{ reason: 'count', counted }`.
 * A glass sale takes one glass (delta absent or -1); `menu_wine_id` says which menu wine was sold, for its glasses
 * per bottle (otherwise the first linked wine sold by the glass, or 5).
 */
export const cellarMovementInputSchema = z
  .object({
    reason: z.enum(CELLAR_MOVEMENT_REASONS, { error: CELLAR_MESSAGES.reason }),
    delta: wholeNumber(CELLAR_MESSAGES.delta, -MAX_CELLAR_COUNT, MAX_CELLAR_COUNT).optional(),
    counted: wholeNumber(CELLAR_MESSAGES.count, 0, MAX_CELLAR_COUNT).optional(),
    note: optionalText('Observação', 500),
    menu_wine_id: z.uuid(CELLAR_MESSAGES.menuWineNotLinked).nullish(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.reason === 'count') {
      if (v.counted === undefined) issue('counted', CELLAR_MESSAGES.counted);
      return;
    }
    if (v.counted !== undefined) issue('counted', CELLAR_MESSAGES.countedOnlyForCount);
    if (v.reason === 'glass_sale') {
      if (v.delta !== undefined && v.delta !== -1) issue('delta', CELLAR_MESSAGES.glassOne);
      return;
    }
    if (v.delta === undefined || v.delta === 0) return issue('delta', CELLAR_MESSAGES.delta);
    if (OUTGOING_REASONS.includes(v.reason) && v.delta > 0) issue('delta', CELLAR_MESSAGES.deltaOut);
    if (v.reason === 'delivery' && v.delta < 0) issue('delta', CELLAR_MESSAGES.deltaIn);
  });
export type CellarMovementInput = z.output<typeof cellarMovementInputSchema>;
export type CellarMovementValues = z.input<typeof cellarMovementInputSchema>;

export const cellarMovementSchema = z.object({
  id: z.string(),
  cellar_item_id: z.string(),
  reason: z.enum(CELLAR_MOVEMENT_REASONS),
  /** Bottles added (+) or taken (−). */
  delta: z.number().int(),
  /** Glasses added to (+, a bottle opened) or taken from (−) the open bottle. */
  dose_delta: z.number().int(),
  /** Glass sales: glasses per bottle the sale counted with. */
  bottle_doses: z.number().int().nullable(),
  on_hand_after: z.number().int(),
  open_bottle_doses_after: z.number().int(),
  order_id: z.string().nullable(),
  note: z.string().nullable(),
  user_id: z.string().nullable(),
  /** Who recorded it (name, else e-mail); null for the system. */
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type CellarMovement = z.infer<typeof cellarMovementSchema>;

/** 201 of POST /api/cellar/{itemId}/movements. */
export const cellarMovementResultSchema = z.object({
  ...cellarStock,
  status: z.enum(CELLAR_STATUSES),
  movement: cellarMovementSchema,
});
export type CellarMovementResult = z.infer<typeof cellarMovementResultSchema>;

// ── Deliveries ──────────────────────────────────────────────────────────────

/** An order line as a delivery reads it: the catalogue wine (null once deleted), its name and bottles. */
export interface DeliveryLine {
  wine_id: string | null;
  wine_name: string;
  quantity: number;
}

export interface DeliveredWine {
  wine_id: string | null;
  name: string;
  quantity: number;
}

/**
 * What a delivered order puts in the cellar, one entry per wine: the lines of one catalogue wine summed; a line whose
 * catalogue wine was deleted goes by its name (to the unlinked item of that name). The server fills the cellar with
 * this and "Marcar como entregue" shows it first.
 */
export function deliveredWines<T extends DeliveryLine>(lines: readonly T[]): (DeliveredWine & { lines: T[] })[] {
  const wines = new Map<string, DeliveredWine & { lines: T[] }>();
  for (const line of lines) {
    const key = line.wine_id ?? `name:${line.wine_name.trim().toLowerCase()}`;
    const wine = wines.get(key) ?? { wine_id: line.wine_id, name: line.wine_name, quantity: 0, lines: [] };
    wine.quantity += line.quantity;
    wine.lines.push(line);
    wines.set(key, wine);
  }
  return [...wines.values()].filter((w) => w.quantity > 0);
}

// ── Recount ─────────────────────────────────────────────────────────────────

/**
 * A count far from the system's asks before it is saved (issue 27): more than 2 bottles apart, or more than 25 % of
 * what the system has (any difference from 0). A typo ("4" for "14") is caught; a bottle or two is not questioned
 * on a well-stocked wine.
 */
export function recountIsFarOff(system: number, counted: number): boolean {
  const difference = Math.abs(counted - system);
  return difference > 2 || difference * 4 > system;
}

// ── Reorder ─────────────────────────────────────────────────────────────────

/**
 * Bottles to order for an item at or below par: what brings on_hand back to par (at least one bottle, for an item
 * exactly at par), rounded up to whole cases. 0 above par, or when no par is kept (par 0).
 */
export function reorderQuantity(onHand: number, parLevel: number, caseSize: number | null): number {
  if (parLevel <= 0 || onHand > parLevel) return 0;
  const missing = Math.max(parLevel - onHand, 1);
  return caseSize ? Math.ceil(missing / caseSize) * caseSize : missing;
}

/** Which item a reorder line or a figure speaks of, and the bottles it has. */
const itemOnHand = {
  cellar_item_id: z.string(),
  name: z.string(),
  on_hand: z.number().int(),
};

export const reorderLineSchema = z.object({
  ...itemOnHand,
  catalog_wine_id: z.string().nullable(),
  par_level: z.number().int(),
  case_size: z.number().int().nullable(),
  quantity: z.number().int(),
  last_unit_cost: z.string().nullable(),
  /** quantity × last_unit_cost; null without a cost. */
  line_total: z.string().nullable(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

export const reorderGroupSchema = z.object({
  /** Null: wines no supplier has delivered yet. */
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  items: z.array(reorderLineSchema),
  estimated_total: z.string(),
});
export type ReorderGroup = z.infer<typeof reorderGroupSchema>;

/** GET /api/establishments/{id}/cellar/reorder. */
export const reorderSuggestionSchema = z.object({ groups: z.array(reorderGroupSchema) });
export type ReorderSuggestion = z.infer<typeof reorderSuggestionSchema>;

// ── Figures ─────────────────────────────────────────────────────────────────

export const FIGURE_PERIODS = [7, 30, 90] as const;
export const IDLE_DAYS = 60;

export const figuresQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? 30 : Number(v)),
    z.union([z.literal(7), z.literal(30), z.literal(90)], { error: CELLAR_MESSAGES.days }),
  ),
});

export const cellarFigureSchema = z.object({
  ...itemOnHand,
  /** Bottle sales plus glass sales as fractions of a bottle, rounded to 2 decimals. */
  bottles_sold: z.number(),
  /** on_hand (plus the open bottle's fraction) at the period's pace of sales, 1 decimal; null without sales. */
  days_of_cover: z.number().nullable(),
  /** The lowest bottle price among the linked menu wines. */
  menu_price: z.string().nullable(),
  last_unit_cost: z.string().nullable(),
  /** menu_price − last_unit_cost; null when either is missing. */
  margin: z.string().nullable(),
  /** margin / menu_price × 100, 1 decimal. */
  margin_percent: z.number().nullable(),
});
export type CellarFigure = z.infer<typeof cellarFigureSchema>;

export const idleWineSchema = z.object({
  ...itemOnHand,
  /** The last movement (or the item's creation when it never moved). */
  last_movement_at: z.string(),
});

/** GET /api/establishments/{id}/cellar/figures?days=7|30|90. */
export const cellarFiguresSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  wines: z.array(cellarFigureSchema),
  /** Wines with bottles and no movement for IDLE_DAYS days. */
  idle: z.array(idleWineSchema),
});
export type CellarFigures = z.infer<typeof cellarFiguresSchema>;

// ── Glass prices and the public menu's stock labels ─────────────────────────

/**
 * The glass price of a menu wine: the typed one when there is one, else the bottle price / glasses per bottle,
 * plus the markup, rounded up to whole reais. Integer arithmetic in cents and hundredths of a percent.
 */
export function effectiveGlassPrice(wine: {
  price: number | string;
  glass_price: number | string | null;
  glass_doses: number;
  glass_markup_percent: number | string | null;
}): number {
  if (wine.glass_price !== null && wine.glass_price !== '') return Number(wine.glass_price);
  // A bottle that pours one glass is sold whole, at the bottle's price to the cent (shared/glass-price.ts).
  if (wine.glass_doses <= 1) return Number(wine.price);
  const cents = toCents(typeof wine.price === 'number' ? wine.price : String(wine.price));
  const markupHundredths = Math.round(Number(wine.glass_markup_percent ?? 0) * 100);
  const numerator = cents * (10_000 + markupHundredths);
  const perReal = Math.max(1, wine.glass_doses) * 10_000 * 100;
  return Math.floor((numerator + perReal - 1) / perReal);
}

/** "Última garrafa" / "Últimas 2 garrafas", or null above the threshold (or at 0: that is "Esgotado"). */
export function lowStockLabel(onHand: number, threshold: number): string | null {
  if (onHand <= 0 || onHand > threshold) return null;
  return onHand === 1 ? 'Última garrafa' : `Últimas ${onHand} garrafas`;
}

/**
 * What the public page can show of an item's count, for a menu whose "last bottles" threshold is `threshold`: every
 * count above it looks the same ("plenty"); at or below it, the count and whether a bottle is open. A movement that
 * leaves this unchanged for the highest threshold of the menus showing the item cannot change any public page
 * (decision 0059), so it does not drop the cached pages.
 */
export function publicStockKey(onHand: number, openBottleDoses: number, threshold: number): string {
  return onHand > threshold ? 'plenty' : `${onHand}:${openBottleDoses > 0 ? 'open' : 'closed'}`;
}

export const SOLD_OUT_LABEL = 'Esgotado';
export const SOLD_OUT_DISPLAYS = ['show', 'hide'] as const;
export type SoldOutDisplay = (typeof SOLD_OUT_DISPLAYS)[number];
