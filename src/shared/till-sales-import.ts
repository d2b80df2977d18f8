/**
 * The till's daily sales spreadsheet (issue 31): the fields a column can feed, the rules of one row, the mapping
 * suggested from the headers, and the shapes of /api/establishments/{id}/cellar/sales-imports. Each row is one line
 * of a sale; the rows with the same sale number are one sale, recorded once per its number like a batch from the till.
 */
import { z } from 'zod';
import { excerpt, importStatusSchema, parseImportInteger, previewSchema, type SourceRow, suggestColumns } from './product-import.js';
import { foldText } from './text-search.js';
import { MAX_LINES_PER_SALE, type TillSaleUnit } from './till-sales.js';
import { parseDay } from './time.js';

/** A busy night's export is a few thousand lines: a sheet beyond this is not a day of one establishment's till. */
export const MAX_TILL_IMPORT_ROWS = 50_000;

export const TILL_IMPORT_FIELDS = ['sale_id', 'sold_on', 'sold_time', 'product_code', 'quantity', 'unit'] as const;
export type TillImportField = (typeof TILL_IMPORT_FIELDS)[number];
export const REQUIRED_TILL_IMPORT_FIELDS: readonly TillImportField[] = ['sale_id', 'sold_on', 'product_code', 'quantity'];

export const TILL_IMPORT_FIELD_LABELS: Record<TillImportField, string> = {
  sale_id: 'Número da venda',
  sold_on: 'Data (ou data e hora)',
  sold_time: 'Hora',
  product_code: 'Código do produto no PDV',
  quantity: 'Quantidade',
  unit: 'Garrafa ou taça',
};

/** Header words (folded) that suggest each field, most specific first. */
const SYNONYMS: Record<TillImportField, readonly string[]> = {
  sale_id: [
    'numero da venda',
    'n da venda',
    'no da venda',
    'venda',
    'cupom',
    'numero do cupom',
    'pedido',
    'comanda',
    'nota',
    'documento',
    'ticket',
    'sale id',
    'sale',
    'order',
    'receipt',
  ],
  sold_on: ['data e hora', 'data/hora', 'data hora', 'data da venda', 'data', 'dia', 'emissao', 'date', 'datetime', 'sold at'],
  sold_time: ['hora', 'horario', 'hora da venda', 'time'],
  product_code: [
    'codigo do produto',
    'cod produto',
    'codigo',
    'cod',
    'cod.',
    'sku',
    'plu',
    'referencia',
    'ref',
    'product code',
    'item code',
    'code',
  ],
  quantity: ['quantidade', 'qtd', 'qtde', 'qtd.', 'quant', 'quantity', 'qty'],
  unit: ['unidade', 'un', 'un.', 'und', 'tipo', 'garrafa/taca', 'garrafa ou taca', 'medida', 'unit', 'serving'],
};

/** The column each field seems to be, from the headers. */
export const suggestTillMapping = (columns: readonly string[]): TillFieldMapping => suggestColumns(TILL_IMPORT_FIELDS, SYNONYMS, columns);

export const tillFieldMappingSchema = z.partialRecord(z.enum(TILL_IMPORT_FIELDS), z.string().trim().max(200));
export type TillFieldMapping = z.infer<typeof tillFieldMappingSchema>;

export const TILL_IMPORT_TEXTS = {
  mappingRequired: 'Por favor, mapeie todos os campos obrigatórios',
  missingColumn: (column: string, field: TillImportField) =>
    `A coluna "${column}" escolhida para ${TILL_IMPORT_FIELD_LABELS[field]} não existe na planilha.`,
  sameColumn: (column: string) => `A coluna "${column}" foi escolhida para mais de um campo.`,
  empty: 'A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, as vendas.',
  noRows: 'A planilha não tem linhas de vendas abaixo do cabeçalho.',
  tooManyRows: `A planilha tem mais de ${MAX_TILL_IMPORT_ROWS.toLocaleString('pt-BR')} linhas. Envie as vendas de um dia por vez.`,
  tooManyColumns: 'A planilha tem colunas demais. Deixe só as colunas das vendas (número, data, código, quantidade…) e envie novamente.',
  notFound: 'Importação não encontrada.',
  alreadyRun: 'Esta importação já foi executada. Acompanhe-a no histórico ou envie a planilha novamente.',
  onlyFailedRetry: 'Apenas importações que falharam podem ser tentadas novamente.',
  saleIdEmpty: 'número da venda vazio',
  saleIdTooLong: 'número da venda com mais de 100 caracteres',
  codeEmpty: 'código do produto vazio',
  codeTooLong: 'código do produto com mais de 64 caracteres',
  dateInvalid: (text: string) => `data '${excerpt(text)}' inválida (use DD/MM/AAAA, com ou sem hora)`,
  timeInvalid: (text: string) => `hora '${excerpt(text)}' inválida (use HH:MM)`,
  quantityInvalid: (text: string) => `quantidade '${excerpt(text)}' inválida (um número inteiro de 1 a 1000)`,
  unitInvalid: (text: string) => `'${excerpt(text)}' não é garrafa nem taça`,
  unknownCode: (code: string) => `o código "${excerpt(code)}" do PDV não está ligado a um vinho da adega (ligue-o em Integrações)`,
  saleRefused: (sale: string, line: number, reason: string) =>
    `venda ${excerpt(sale)} não registrada por causa da linha ${line}: ${reason}`,
  tooManyLines: (sale: string) => `venda ${excerpt(sale)} com mais de ${MAX_LINES_PER_SALE} linhas`,
} as const;

/** The mapping's first problem: a required field without a column, a column the file lacks, one column twice. */
export function checkTillMapping(mapping: TillFieldMapping, columns: readonly string[]): string | null {
  if (REQUIRED_TILL_IMPORT_FIELDS.some((field) => !mapping[field])) return TILL_IMPORT_TEXTS.mappingRequired;
  const seen = new Set<string>();
  for (const field of TILL_IMPORT_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    if (!columns.includes(column)) return TILL_IMPORT_TEXTS.missingColumn(column, field);
    if (seen.has(column)) return TILL_IMPORT_TEXTS.sameColumn(column);
    seen.add(column);
  }
  return null;
}

const BOTTLE_WORDS = new Set([
  '',
  'garrafa',
  'garrafas',
  'gf',
  'gfa',
  'grf',
  'btl',
  'bottle',
  'bottles',
  'un',
  'und',
  'unidade',
  'unid',
  'cx',
]);
const GLASS_WORDS = new Set(['taca', 'tacas', 'tc', 'dose', 'doses', 'copo', 'copos', 'glass', 'glasses', 'cálice', 'calice']);

/** "Garrafa", "taça", "dose", "glass"… -> the unit sold; undefined for anything else (empty is a bottle). */
export function parseTillUnit(text: string): TillSaleUnit | undefined {
  const word = foldText(text)
    .replace(/[.\s]+$/, '')
    .trim();
  if (BOTTLE_WORDS.has(word)) return 'bottle';
  if (GLASS_WORDS.has(word)) return 'glass';
  return undefined;
}

const DAY_AND_TIME = /^(\S+)(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A sale's instant from its date cell ("05/12/2026", "05/12/2026 21:30", "2026-12-05 21:30:00") and, when the time
 * is in a column of its own, that cell ("21:30"); São Paulo time (UTC-3 all year since 2019), midnight when no time
 * is given. An ISO instant with its offset is taken as it is. Undefined, with what is wrong, otherwise.
 */
export function parseSaleInstant(dayText: string, timeText: string): { ok: true; iso: string } | { ok: false; message: string } {
  const trimmed = dayText.trim();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) {
    const t = Date.parse(trimmed);
    return Number.isNaN(t) ? { ok: false, message: TILL_IMPORT_TEXTS.dateInvalid(dayText) } : { ok: true, iso: new Date(t).toISOString() };
  }
  const parts = DAY_AND_TIME.exec(trimmed);
  const day = parts?.[1] ? parseDay(parts[1]) : null;
  if (!parts || !day) return { ok: false, message: TILL_IMPORT_TEXTS.dateInvalid(dayText) };
  let clock: string[] = [parts[2] ?? '0', parts[3] ?? '00', parts[4] ?? '00'];
  if (timeText.trim()) {
    const time = TIME.exec(timeText.trim());
    if (!time) return { ok: false, message: TILL_IMPORT_TEXTS.timeInvalid(timeText) };
    clock = [time[1] ?? '0', time[2] ?? '00', time[3] ?? '00'];
  }
  const [hour, minute, second] = clock.map(Number) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 59)
    return { ok: false, message: timeText.trim() ? TILL_IMPORT_TEXTS.timeInvalid(timeText) : TILL_IMPORT_TEXTS.dateInvalid(dayText) };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { ok: true, iso: new Date(`${day}T${pad(hour)}:${pad(minute)}:${pad(second)}-03:00`).toISOString() };
}

/** A row that is a sale's line, or what is wrong with it. */
export type TillRowCheck =
  | { ok: true; saleId: string; soldAt: string; code: string; quantity: number; unit: TillSaleUnit }
  | { ok: false; saleId: string; message: string };

/** One row of the sheet, read by the mapping (the row's message is shown after "Linha N: "). */
export function checkTillRow(row: SourceRow, mapping: TillFieldMapping): TillRowCheck {
  const text = (field: TillImportField) => {
    const column = mapping[field];
    return column ? (row.values[column] ?? '').trim() : '';
  };
  const saleId = text('sale_id').normalize('NFC');
  const fail = (message: string): TillRowCheck => ({ ok: false, saleId, message });
  if (!saleId) return fail(TILL_IMPORT_TEXTS.saleIdEmpty);
  if (saleId.length > 100) return fail(TILL_IMPORT_TEXTS.saleIdTooLong);
  const code = text('product_code').normalize('NFC');
  if (!code) return fail(TILL_IMPORT_TEXTS.codeEmpty);
  if (code.length > 64) return fail(TILL_IMPORT_TEXTS.codeTooLong);
  const when = parseSaleInstant(text('sold_on'), text('sold_time'));
  if (!when.ok) return fail(when.message);
  const quantityText = text('quantity');
  const quantity = parseImportInteger(quantityText);
  if (quantity === undefined || quantity < 1 || quantity > 1000) return fail(TILL_IMPORT_TEXTS.quantityInvalid(quantityText));
  const unitText = text('unit');
  const unit = parseTillUnit(unitText);
  if (!unit) return fail(TILL_IMPORT_TEXTS.unitInvalid(unitText));
  return { ok: true, saleId, soldAt: when.iso, code, quantity, unit };
}

// ── API shapes ─────────

export const tillImportPreviewSchema = previewSchema.omit({ suggested_mapping: true }).extend({
  suggested_mapping: tillFieldMappingSchema,
  /** The suggestion is the mapping this establishment used last (its till's export has the same columns). */
  remembered: z.boolean(),
});
export type TillImportPreview = z.infer<typeof tillImportPreviewSchema>;

export const executeTillImportSchema = z.object({ field_mapping: tillFieldMappingSchema });
export type ExecuteTillImport = z.infer<typeof executeTillImportSchema>;

/**
 * An import's status. The counts are rows, as in the product import: success = lines recorded now, skipped = lines
 * of sales recorded before (by the till or an earlier sheet), errors = lines of sales not recorded. The warnings are
 * what the till sold beyond the cellar's count (the discrepancies of /adega).
 */
export const tillImportStatusSchema = importStatusSchema.omit({ field_mapping: true }).extend({
  establishment_id: z.uuid(),
  field_mapping: tillFieldMappingSchema.nullable(),
  sales_recorded: z.number().int(),
  sales_already_recorded: z.number().int(),
  discrepancy_count: z.number().int(),
});
export type TillImportStatus = z.infer<typeof tillImportStatusSchema>;

export const tillImportSummarySchema = tillImportStatusSchema.omit({ errors: true, warnings: true, field_mapping: true });
export type TillImportSummary = z.infer<typeof tillImportSummarySchema>;

export const tillImportHistorySchema = z.object({
  imports: z.array(tillImportSummarySchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
});
export type TillImportHistory = z.infer<typeof tillImportHistorySchema>;

export const tillImportParamsSchema = z.object({
  id: z.uuid('Estabelecimento não encontrado.'),
  importId: z.uuid(TILL_IMPORT_TEXTS.notFound),
});
