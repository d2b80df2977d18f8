import {
  ENGINEERING_COLUMNS,
  type EngineeringReport,
  type EngineeringWine,
  MISSING_LABELS,
  QUADRANT_LABELS,
} from '../../../shared/menu-engineering.js';
import { formatDate } from '../../../shared/time.js';
import { formulaSafe } from '../product-import/index.js';

// An unknown figure is an empty cell, not a zero.
const reais = (cents: number | null) => (cents === null ? null : cents / 100);

/** The screen's table, column for column: money in reais (two decimals), percentages as numbers. */
const C = ENGINEERING_COLUMNS;
const COLUMNS: [string, (w: EngineeringWine) => string | number | null][] = [
  [C.name, (w) => formulaSafe(w.name)],
  [C.category, (w) => formulaSafe(w.category)],
  [C.quadrant, (w) => (w.quadrant ? QUADRANT_LABELS[w.quadrant] : null)],
  [C.bottles, (w) => w.bottles_sold],
  [C.glasses, (w) => w.glasses_sold],
  [C.revenue, (w) => reais(w.revenue_cents)],
  [C.cost, (w) => reais(w.cost_cents)],
  [C.margin, (w) => reais(w.margin_cents)],
  [C.margin_percent, (w) => w.margin_percent],
  [C.bottle_margin, (w) => w.bottle_margin_percent],
  [C.glass_margin, (w) => w.glass_margin_percent],
  [C.unit_margin, (w) => reais(w.unit_margin_cents)],
  // The share is kept to four decimals: as a percentage, two.
  [C.popularity, (w) => (w.popularity_share === null ? null : Math.round(w.popularity_share * 10_000) / 100)],
  [C.sell_through, (w) => w.sell_through_percent],
  [C.cover, (w) => w.days_of_cover],
  [C.on_hand, (w) => w.on_hand],
  [C.unit_cost, (w) => reais(w.unit_cost_cents)],
  [C.capital, (w) => reais(w.capital_cents)],
  [C.opens, (w) => w.opens],
  [C.open_to_sale, (w) => w.open_to_sale_percent],
  [C.missing, (w) => w.missing.map((m) => MISSING_LABELS[m]).join('; ') || null],
];

/** The report as an .xlsx: the wines with every figure, then the dead stock (SheetJS loaded on the first export). */
export async function engineeringWorkbook(report: EngineeringReport): Promise<Buffer> {
  const { utils, write } = await import('@e965/xlsx');
  const wines = utils.aoa_to_sheet([COLUMNS.map(([label]) => label), ...report.wines.map((w) => COLUMNS.map(([, cell]) => cell(w)))]);
  wines['!cols'] = COLUMNS.map(([label]) => ({ wch: Math.max(12, label.length + 2) }));
  const dead = utils.aoa_to_sheet([
    ['Vinho', 'Em estoque', 'Capital parado (R$)', 'Última venda'],
    ...report.dead_stock.map((d) => [
      formulaSafe(d.name),
      d.on_hand,
      reais(d.capital_cents),
      d.last_sale_at ? formatDate(d.last_sale_at) : 'nunca',
    ]),
  ]);
  const book = utils.book_new();
  utils.book_append_sheet(book, wines, 'Vinhos');
  utils.book_append_sheet(book, dead, 'Estoque parado');
  return write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
