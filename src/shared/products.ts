/** Product stock (docs/product.md §4 "Product", "Product category"): one schema for the API, the forms and the import. */
import { z } from 'zod';
import { optionalMoney, optionalPercent } from './field-rules.js';
import { optionalText, requiredText } from './form-fields.js';
import { queryInt, queryLimit } from './list-query.js';
import { namedRecord, recordStamps } from './record-fields.js';

export const PRODUCTS_PAGE_SIZE = 20;
export const PRODUCTS_MAX_LIMIT = 100;
export const PRODUCT_MAX_PRICE = 9_999_999_999.99;
export const PRODUCT_MAX_STOCK = 2_000_000_000;
export const PRODUCT_MIN_VINTAGE = 1800;

/** pt-BR texts of the product rules; SPEC §8 screen texts are in PRODUCT_SCREEN_TEXTS. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Informe o nome do produto.',
  categoryNameRequired: 'Informe o nome da categoria.',
  notFound: 'Produto não encontrado.',
  categoryNotFound: 'Categoria não encontrada.',
  parentNotFound: 'Categoria pai não encontrada.',
  supplierRequired: 'Selecione o fornecedor do produto.',
  supplierNotFound: 'Fornecedor não encontrado.',
  skuTaken: 'Este fornecedor já tem um produto com este SKU.',
  categoryCycle: 'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
  price: 'Preço: informe um valor em reais maior ou igual a zero, ex.: 1.250,50.',
  cost: 'Custo: informe um valor em reais maior ou igual a zero, ex.: 1.250,50.',
  stock: 'Estoque: informe um número inteiro maior ou igual a zero.',
  minStock: 'Estoque mínimo: informe um número inteiro maior ou igual a zero.',
  weight: 'Peso: informe um número maior ou igual a zero, com até 3 casas decimais (kg).',
  vintage: 'Safra: informe um ano a partir de 1800.',
} as const;

/** SPEC §8 "Products", shown verbatim. */
export const PRODUCT_SCREEN_TEXTS = {
  loadFailed: 'Erro ao carregar dados',
  saveFailed: 'Erro ao salvar produto',
  deleteFailed: 'Erro ao excluir produto',
  categorySaveFailed: 'Erro ao salvar categoria',
} as const;

const nfc = (v: string | null) => (v ? v.normalize('NFC') : v);
const text = (label: string, max: number) => optionalText(label, max).transform(nfc);

/** '' / null / undefined -> null; "12" -> 12; "1.234" (thousands) -> 1234; anything else left for the schema to reject. */
function toCount(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const v = value.trim().replace(/^(\d{1,3}(\.\d{3})+)$/, (m) => m.replaceAll('.', ''));
  if (v === '') return null;
  return /^-?\d+$/.test(v) ? Number(v) : value;
}

/** A count of units (stock, minimum stock): a whole number, never negative; empty -> 0. */
const count = (message: string) =>
  z.preprocess(
    toCount,
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(PRODUCT_MAX_STOCK, message)
      .nullable()
      .transform((v) => v ?? 0),
  );

const money = (message: string) =>
  optionalMoney({ max: PRODUCT_MAX_PRICE, invalidMessage: message, negativeMessage: message, decimalsMessage: message });

/** Weight in kg: up to 3 decimals, never negative; "0,750" and 0.75 alike. */
const weight = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const v = value.trim().replace(',', '.');
    if (v === '') return null;
    return /^\d+(\.\d+)?$/.test(v) ? Number(v) : value;
  },
  z
    .number({ error: PRODUCT_MESSAGES.weight })
    .min(0, PRODUCT_MESSAGES.weight)
    .max(9_999_999, PRODUCT_MESSAGES.weight)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, PRODUCT_MESSAGES.weight)
    .nullable(),
);

const vintage = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
    return value ?? null;
  },
  z
    .number({ error: PRODUCT_MESSAGES.vintage })
    .int(PRODUCT_MESSAGES.vintage)
    .min(PRODUCT_MIN_VINTAGE, PRODUCT_MESSAGES.vintage)
    .refine((v) => v <= new Date().getFullYear() + 1, { error: () => `Safra: informe um ano até ${new Date().getFullYear() + 1}.` })
    .nullable(),
);

const optionalId = (message: string) =>
  z
    .union([z.uuid(message), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => v || null);

/**
 * POST /api/products and PUT /api/products/{id} (PUT replaces every field). `supplier_id` is the admin's choice;
 * a supplier user's products always belong to its own supplier, whatever the body says.
 */
export const productInputSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.nameRequired, 'Nome', 200).transform((v) => v.normalize('NFC')),
  description: text('Descrição', 4000),
  category_id: optionalId(PRODUCT_MESSAGES.categoryNotFound),
  supplier_id: optionalId(PRODUCT_MESSAGES.supplierNotFound),
  sku: text('SKU', 64),
  price: money(PRODUCT_MESSAGES.price),
  cost: money(PRODUCT_MESSAGES.cost),
  stock_quantity: count(PRODUCT_MESSAGES.stock),
  min_stock: count(PRODUCT_MESSAGES.minStock),
  unit: text('Unidade', 50),
  weight,
  volume: text('Volume', 50),
  alcohol_content: optionalPercent('Teor alcoólico', 'Teor alcoólico: informe uma porcentagem entre 0 e 100, ex.: 13,5%.'),
  origin: text('Origem', 200),
  vintage,
  grape_variety: text('Uva', 300),
  brand: text('Marca', 200),
  active: z
    .boolean({ error: 'Ativo: informe sim ou não.' })
    .nullish()
    .transform((v) => v ?? true),
});
export type ProductInput = z.output<typeof productInputSchema>;
export type ProductFormValues = z.input<typeof productInputSchema>;

export const productSchema = z.object({
  ...namedRecord,
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  supplier_id: z.string(),
  supplier_name: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number().nullable(),
  cost: z.number().nullable(),
  stock_quantity: z.number(),
  min_stock: z.number(),
  /** stock_quantity <= min_stock. */
  low_stock: z.boolean(),
  unit: z.string().nullable(),
  weight: z.number().nullable(),
  volume: z.string().nullable(),
  alcohol_content: z.string().nullable(),
  origin: z.string().nullable(),
  vintage: z.number().nullable(),
  grape_variety: z.string().nullable(),
  brand: z.string().nullable(),
  active: z.boolean(),
  ...recordStamps,
});
export type Product = z.infer<typeof productSchema>;

/** Low stock: at or below the minimum (SPEC §5). */
export const isLowStock = (p: { stock_quantity: number; min_stock: number }) => p.stock_quantity <= p.min_stock;

/** GET /api/products: page is 1-based; limit defaults to 20 and is capped at 100; category_id includes subcategories. */
export const productListQuerySchema = z.object({
  page: queryInt('page', 1, 1_000_000).optional(),
  limit: queryLimit(PRODUCTS_MAX_LIMIT),
  search: z.string().trim().max(200, 'Busca longa demais (máximo 200 caracteres).').optional(),
  category_id: z
    .union([z.uuid('Categoria inválida.'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  total_pages: z.number(),
  total: z.number(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productStatsSchema = z.object({
  total_products: z.number(),
  active_products: z.number(),
  total_categories: z.number(),
  low_stock_products: z.number(),
});
export type ProductStats = z.infer<typeof productStatsSchema>;

// ── Categories ──────────────────────────────────────────────────────────────

export const productCategoryInputSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.categoryNameRequired, 'Nome', 120).transform((v) => v.normalize('NFC')),
  description: text('Descrição', 1000),
  parent_id: optionalId(PRODUCT_MESSAGES.parentNotFound),
  active: z
    .boolean({ error: 'Ativa: informe sim ou não.' })
    .nullish()
    .transform((v) => v ?? true),
});
export type ProductCategoryInput = z.output<typeof productCategoryInputSchema>;
export type ProductCategoryFormValues = z.input<typeof productCategoryInputSchema>;

export const productCategorySchema = z.object({
  ...namedRecord,
  parent_id: z.string().nullable(),
  active: z.boolean(),
  ...recordStamps,
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** The ids of a category and every category below it, from a flat list (the parent choice excludes them). */
export function categorySubtree(categories: readonly Pick<ProductCategory, 'id' | 'parent_id'>[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const c of categories) {
    if (c.parent_id) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  }
  const found = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop() as string) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        stack.push(child);
      }
    }
  }
  return found;
}

/** "Vinhos › Tintos › Malbec": a category's path from the root, for selects and the table. */
export function categoryPath(categories: readonly Pick<ProductCategory, 'id' | 'parent_id' | 'name'>[], id: string): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  const seen = new Set<string>();
  for (let c = byId.get(id); c && !seen.has(c.id); c = c.parent_id ? byId.get(c.parent_id) : undefined) {
    seen.add(c.id);
    names.unshift(c.name);
  }
  return names.join(' › ');
}
