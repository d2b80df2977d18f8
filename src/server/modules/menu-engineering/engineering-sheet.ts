import { type EngineeringReport, type EngineeringWine, MISSING_LABELS, QUADRANT_LABELS } from '../../../shared/menu-engineering.js';
import { formatDate } from '../../../shared/time.js';
import { formulaSafe } from '../product-import/index.js';

// An unknown figure is an empty cell, not a zero.
const reais = (cents: number | null) => (cents === null ? null : cents / 100);

/** The screen's table, column for column: money in reais (two decimals), percentages as numbers. */
const COLUMNS: [string, (w: EngineeringWine) => string | number | null][] = [
  ['Vinho', (w) => formulaSafe(w.name)],
  ['Categoria', (w) => formulaSafe(w.category)],
  ['Quadrante', (w) => (w.quadrant ? QUADRANT_LABELS[w.quadrant] : null)],
  ['Garrafas vendidas', (w) => w.bottles_sold],
  ['Taças vendidas', (w) => w.glasses_sold],
  ['Receita (R$)', (w) => reais(w.revenue_cents)],
  ['Custo (R$)', (w) => reais(w.cost_cents)],
  ['Margem (R$)', (w) => reais(w.margin_cents)],
  ['Margem (%)', (w) => w.margin_percent],
  ['Margem garrafa (%)', (w) => w.bottle_margin_percent],
  ['Margem taça (%)', (w) => w.glass_margin_percent],
  ['Margem por garrafa (R$)', (w) => reais(w.unit_margin_cents)],
  ['Participação nas vendas (%)', (w) => (w.popularity_share === null ? null : Math.round(w.popularity_share * 1000) / 10)],
  ['Giro (%)', (w) => w.sell_through_percent],
  ['Dias de cobertura', (w) => w.days_of_cover],
  ['Em estoque', (w) => w.on_hand],
  ['Custo unitário (R$)', (w) => reais(w.unit_cost_cents)],
  ['Capital parado (R$)', (w) => reais(w.capital_cents)],
  ['Aberturas na carta', (w) => w.opens],
  ['Aberturas → venda (%)', (w) => w.open_to_sale_percent],
  ['Falta', (w) => w.missing.map((m) => MISSING_LABELS[m]).join('; ') || null],
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
