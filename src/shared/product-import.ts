import { z } from 'zod';
import { parseMoney } from './money.js';
import { PRODUCT_MAX_PRICE, PRODUCT_MAX_STOCK, type ProductInput, productCategoryInputSchema, productInputSchema } from './products.js';
import { foldText } from './text-search.js';

/**
 * The spreadsheet import of products (SPEC §4, §5, §7): the fields a column can feed, the rules of one row, the
 * mapping suggested from the headers, and the request/response shapes of /api/product-import. Server and client
 * both read this file, so the wizard and the job never disagree about a field.
 */

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** A price list has a dozen columns; a header wider than this is refused before its rows are read. */
export const MAX_IMPORT_COLUMNS = 200;
export const PREVIEW_ROWS = 5;
export const IMPORT_PAGE_SIZE = 20;

export const IMPORT_FIELDS = [
  'name',
  'category',
  'supplier',
  'price',
  'description',
  'sku',
  'stock_quantity',
  'unit',
  'brand',
  'origin',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['name', 'category', 'supplier'];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Nome',
  category: 'Categoria',
  supplier: 'Fornecedor',
  price: 'Preço',
  description: 'Descrição',
  sku: 'SKU / Código',
  stock_quantity: 'Estoque',
  unit: 'Unidade',
  brand: 'Marca',
  origin: 'Origem',
};

/** Header words (folded: lower case, no accents) that suggest each field, most specific first. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  name: [
    'nome do produto',
    'nome',
    'produto',
    'vinho',
    'rotulo',
    'descricao do produto',
    'product name',
    'product',
    'name',
    'item',
    'title',
  ],
  category: ['categoria', 'category', 'tipo', 'type', 'grupo', 'familia', 'classe', 'linha'],
  supplier: ['fornecedor', 'supplier', 'vendor', 'distribuidor', 'importadora', 'importador', 'fabricante'],
  price: [
    'preco',
    'preco unitario',
    'preco de venda',
    'valor unitario',
    'valor',
    'preco (r$)',
    'preco r$',
    'price',
    'unit price',
    'sale price',
    'pvp',
  ],
  description: ['descricao', 'description', 'detalhes', 'observacao', 'observacoes', 'notes', 'details'],
  sku: [
    'sku',
    'codigo',
    'cod',
    'cod.',
    'codigo do produto',
    'referencia',
    'ref',
    'ref.',
    'ean',
    'gtin',
    'code',
    'product code',
    'item code',
  ],
  stock_quantity: ['estoque', 'quantidade', 'qtd', 'qtde', 'qtd.', 'saldo', 'stock', 'quantity', 'qty', 'inventory', 'em estoque'],
  unit: ['unidade', 'un', 'un.', 'und', 'unid', 'unit', 'uom', 'embalagem'],
  brand: ['marca', 'brand', 'produtor', 'vinicola', 'producer', 'winery'],
  origin: ['origem', 'pais', 'pais de origem', 'procedencia', 'regiao', 'origin', 'country', 'region'],
};

/**
 * Suggests a column for each field from the headers: exact synonyms first, then headers that start with one. The
 * synonyms are folded (lower case, no accents), most specific first; each column feeds one field at most.
 */
export function suggestColumns<F extends string>(
  fields: readonly F[],
  synonyms: Readonly<Record<F, readonly string[]>>,
  columns: readonly string[],
): Partial<Record<F, string>> {
  const folded = columns.map((c) => foldText(c).replace(/[_:]/g, ' ').replace(/\s+/g, ' ').trim());
  const taken = new Set<number>();
  const mapping: Partial<Record<F, string>> = {};
  const pick = (field: F, test: (header: string, synonym: string) => boolean) => {
    if (mapping[field]) return;
    for (const synonym of synonyms[field]) {
      const index = folded.findIndex((header, i) => !taken.has(i) && test(header, synonym));
      const column = columns[index];
      if (index >= 0 && column !== undefined) {
        taken.add(index);
        mapping[field] = column;
        return;
      }
    }
  };
  for (const field of fields) pick(field, (header, synonym) => header === synonym);
  for (const field of fields) pick(field, (header, synonym) => header.startsWith(`${synonym} `) || header.startsWith(`${synonym}(`));
  return mapping;
}

/** The product field each column seems to be, from the headers. */
export const suggestMapping = (columns: readonly string[]): Partial<Record<ImportField, string>> =>
  suggestColumns(IMPORT_FIELDS, SYNONYMS, columns);

export const FIELD_MAPPING_REQUIRED = 'Por favor, mapeie todos os campos obrigatórios';

export const importOptionsSchema = z.object({
  skip_duplicates: z.boolean().default(true),
  create_categories: z.boolean().default(true),
  create_suppliers: z.boolean().default(true),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const fieldMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().trim().max(200));
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

export const executeImportSchema = z.object({
  import_id: z.uuid('Identificador inválido.'),
  field_mapping: fieldMappingSchema,
  options: importOptionsSchema.default({ skip_duplicates: true, create_categories: true, create_suppliers: true }),
});
export type ExecuteImport = z.infer<typeof executeImportSchema>;

export const IMPORT_STATUS_VALUES = ['pending', 'processing', 'completed', 'failed'] as const;
export const IMPORT_STATUS_LABELS: Record<(typeof IMPORT_STATUS_VALUES)[number], string> = {
  pending: 'Pendente',
  processing: 'Processando',
  completed: 'Concluída',
  failed: 'Falhou',
};

const rowMessageSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowMessage = z.infer<typeof rowMessageSchema>;

export const uploadResponseSchema = z.object({ import_id: z.uuid() });

export const previewSchema = z.object({
  columns: z.array(z.string()),
  total_rows: z.number().int(),
  sample_data: z.array(z.record(z.string(), z.string())),
  /** Beyond the spec: the column suggested for each field, from the headers. */
  suggested_mapping: fieldMappingSchema,
});
export type ImportPreview = z.infer<typeof previewSchema>;

export const importStatusSchema = z.object({
  id: z.uuid(),
  import_id: z.uuid(),
  file_name: z.string(),
  file_size: z.number().int(),
  status: z.enum(IMPORT_STATUS_VALUES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  current_operation: z.string().nullable(),
  success_count: z.number().int(),
  skipped_count: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(rowMessageSchema),
  warnings: z.array(rowMessageSchema),
  failure_reason: z.string().nullable(),
  field_mapping: fieldMappingSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importSummarySchema = importStatusSchema.omit({ errors: true, warnings: true, field_mapping: true });
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importHistorySchema = z.object({
  imports: z.array(importSummarySchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
});
export type ImportHistory = z.infer<typeof importHistorySchema>;

export const importHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(IMPORT_PAGE_SIZE),
});

/** The fields of productInputSchema a sheet can fill; the others are parsed once, empty, for their defaults. */
const SHEET_FIELDS = {
  name: true,
  description: true,
  sku: true,
  price: true,
  stock_quantity: true,
  unit: true,
  brand: true,
  origin: true,
} as const;
const importedFieldsSchema = productInputSchema.pick(SHEET_FIELDS);
const fieldsNoSheetHas = productInputSchema.omit(SHEET_FIELDS).parse({});

/** A category the import creates is named like one the category form creates. */
const categoryNameSchema = productCategoryInputSchema.shape.name;

/** A row of the spreadsheet: its line number (1 is the header) and its cells as text, keyed by column header. */
export interface SourceRow {
  line: number;
  values: Readonly<Record<string, string>>;
}

/**
 * A valid import row: the product as POST /api/products reads it (`input`, parsed by the same schema: the same
 * limits, trimmed, NFC), the category and supplier it names, and the values the import's messages quote.
 */
export interface ImportedProduct {
  input: ProductInput;
  category: string;
  supplier: string | null;
  name: string;
  sku: string | null;
  /** Money as an exact decimal string. */
  price: string | null;
  stockQuantity: number;
}

export type RowCheck = { ok: true; product: ImportedProduct } | { ok: false; message: string };

/** A cell quoted in a row message: at most 40 characters. */
export const excerpt = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** "R$ 1.234,56", "12,5" or "1234.56" -> "1234.56"; undefined when the text is not an amount. */
export function parseImportMoney(text: string): string | undefined {
  const n = parseMoney(text);
  if (n === null || n === undefined) return undefined;
  return (Math.round(n * 100) / 100).toFixed(2);
}

/** "12", "1.200", "12,0" -> an integer; undefined otherwise. */
export function parseImportInteger(text: string): number | undefined {
  const n = parseMoney(text);
  if (n === null || n === undefined || !Number.isInteger(n)) return undefined;
  return n;
}

/** The first problem a schema finds, as the row's message. */
const firstIssue = (error: { issues: readonly { message: string }[] }) => error.issues[0]?.message ?? 'valor inválido';

/**
 * One spreadsheet row (SPEC §5). What is the spreadsheet's own is checked here, with the import's messages (shown
 * after "Linha N: "): name, category and supplier present (the supplier unless the import belongs to a supplier
 * user), price a non-negative amount and stock a non-negative integer written the Brazilian way. The product then
 * goes through the schema of POST /api/products and the category name through the category form's rule: whatever an
 * import stores, the edit forms accept (a supplier it creates is checked by the suppliers module).
 */
export function checkImportRow(row: SourceRow, mapping: FieldMapping, supplierFromColumn: boolean): RowCheck {
  const text = (field: ImportField) => {
    const column = mapping[field];
    return column ? (row.values[column] ?? '').trim() : '';
  };
  const name = text('name');
  if (!name) return { ok: false, message: 'nome do produto vazio' };
  const categoryText = text('category');
  if (!categoryText) return { ok: false, message: 'categoria vazia' };
  const supplierText = text('supplier');
  if (supplierFromColumn && !supplierText) return { ok: false, message: 'fornecedor vazio' };
  const priceText = text('price');
  const price = priceText ? parseImportMoney(priceText) : null;
  if (price === undefined) return { ok: false, message: `preço '${excerpt(priceText)}' não é um número` };
  if (price !== null && Number(price) < 0) return { ok: false, message: `preço '${excerpt(priceText)}' é negativo` };
  if (price !== null && Number(price) > PRODUCT_MAX_PRICE) return { ok: false, message: `preço '${excerpt(priceText)}' é grande demais` };
  const stockText = text('stock_quantity');
  const stock = stockText ? parseImportInteger(stockText) : 0;
  if (stock === undefined) return { ok: false, message: `estoque '${excerpt(stockText)}' não é um número inteiro` };
  if (stock < 0) return { ok: false, message: `estoque '${excerpt(stockText)}' é negativo` };
  if (stock > PRODUCT_MAX_STOCK) return { ok: false, message: `estoque '${excerpt(stockText)}' é grande demais` };
  const category = categoryNameSchema.safeParse(categoryText);
  if (!category.success) return { ok: false, message: `categoria '${excerpt(categoryText)}': ${firstIssue(category.error)}` };
  const parsed = importedFieldsSchema.safeParse({
    name,
    description: text('description') || undefined,
    sku: text('sku') || undefined,
    price: price === null ? undefined : Number(price),
    stock_quantity: stock,
    unit: text('unit') || undefined,
    brand: text('brand') || undefined,
    origin: text('origin') || undefined,
  });
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error) };
  const input: ProductInput = { ...fieldsNoSheetHas, ...parsed.data };
  return {
    ok: true,
    product: {
      input,
      category: category.data,
      supplier: supplierText ? supplierText.normalize('NFC') : null,
      name: input.name,
      sku: input.sku,
      price: input.price === null ? null : input.price.toFixed(2),
      stockQuantity: input.stock_quantity,
    },
  };
}

/** The mapping's problems: a required field without a column, or a column the file does not have. */
export function checkMapping(mapping: FieldMapping, columns: readonly string[], supplierRequired: boolean): string | null {
  const required = REQUIRED_IMPORT_FIELDS.filter((field) => field !== 'supplier' || supplierRequired);
  if (required.some((field) => !mapping[field])) return FIELD_MAPPING_REQUIRED;
  for (const [field, column] of Object.entries(mapping)) {
    if (column && !columns.includes(column))
      return `A coluna "${column}" escolhida para ${IMPORT_FIELD_LABELS[field as ImportField]} não existe na planilha.`;
  }
  return null;
}

/** "Linha 17: preço 'abc' não é um número". */
export const rowMessage = (line: number, message: string) => `Linha ${line}: ${message}`;

/** Bytes -> "1,25 MB" (SPEC §9: import sizes in MB). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}
