/**
 * Sales from the till (issue 31): a batch the point of sale sends, each sale once per its own id, each line a wine of
 * the house cellar sold by the bottle or by the glass.
 */
import { z } from 'zod';

export const TILL_SALE_UNITS = ['bottle', 'glass'] as const;
export type TillSaleUnit = (typeof TILL_SALE_UNITS)[number];
export const TILL_SALE_UNIT_LABELS: Record<TillSaleUnit, [one: string, many: string]> = {
  bottle: ['garrafa', 'garrafas'],
  glass: ['taça', 'taças'],
};

export const MAX_SALES_PER_BATCH = 500;
export const MAX_LINES_PER_SALE = 100;

export const TILL_SALE_TEXTS = {
  salesRequired: 'Envie ao menos uma venda em "sales".',
  tooManySales: `Envie no máximo ${MAX_SALES_PER_BATCH} vendas por lote.`,
  saleId: 'Informe o número da venda no PDV (till_sale_id), com até 100 caracteres.',
  soldAt: 'Informe quando a venda foi feita (sold_at), em ISO 8601 com fuso, ex.: 2026-12-05T21:30:00-03:00.',
  linesRequired: 'Cada venda precisa de ao menos uma linha.',
  tooManyLines: `No máximo ${MAX_LINES_PER_SALE} linhas por venda.`,
  quantity: 'A quantidade deve ser um número inteiro de 1 a 1000.',
  unit: 'Use "bottle" (garrafa) ou "glass" (taça).',
  oneWine: 'Informe o vinho da linha por menu_wine_id, catalog_wine_id ou product_code (só um deles).',
  productCode: 'O código do PDV deve ter de 1 a 64 caracteres.',
  codeItem: 'Escolha o vinho da adega deste código.',
  codeNotFound: 'Código do PDV não encontrado.',
  repeatedSale: (id: string) => `A venda ${id} aparece mais de uma vez no lote.`,
  unknownWine: (sale: string, line: number) =>
    `Venda ${sale}, linha ${line}: vinho não encontrado na adega deste estabelecimento (ligue o vinho da carta a um item da adega).`,
  unknownCode: (sale: string, line: number, code: string) =>
    `Venda ${sale}, linha ${line}: o código "${code}" do PDV não está ligado a um vinho da adega (ligue-o em Integrações).`,
  discrepancy: (name: string, missing: number, unit: TillSaleUnit, sale: string) =>
    `${name}: o PDV vendeu ${missing} ${TILL_SALE_UNIT_LABELS[unit][missing === 1 ? 0 : 1]} a mais do que a adega tinha (venda ${sale}).`,
} as const;

const tillSaleLineSchema = z
  .object({
    menu_wine_id: z.uuid(TILL_SALE_TEXTS.oneWine).optional(),
    catalog_wine_id: z.uuid(TILL_SALE_TEXTS.oneWine).optional(),
    /** The till's own code of the wine, mapped once on the Integrações screen. */
    product_code: z
      .string(TILL_SALE_TEXTS.productCode)
      .trim()
      .min(1, TILL_SALE_TEXTS.productCode)
      .max(64, TILL_SALE_TEXTS.productCode)
      .optional(),
    quantity: z
      .number(TILL_SALE_TEXTS.quantity)
      .int(TILL_SALE_TEXTS.quantity)
      .min(1, TILL_SALE_TEXTS.quantity)
      .max(1000, TILL_SALE_TEXTS.quantity),
    unit: z.enum(TILL_SALE_UNITS, TILL_SALE_TEXTS.unit).default('bottle'),
  })
  .refine((line) => [line.menu_wine_id, line.catalog_wine_id, line.product_code].filter((v) => v !== undefined).length === 1, {
    message: TILL_SALE_TEXTS.oneWine,
    path: ['menu_wine_id'],
  });

export const tillSalesBatchSchema = z
  .object({
    sales: z
      .array(
        z.object({
          till_sale_id: z.string(TILL_SALE_TEXTS.saleId).trim().min(1, TILL_SALE_TEXTS.saleId).max(100, TILL_SALE_TEXTS.saleId),
          sold_at: z.iso.datetime({ offset: true, error: TILL_SALE_TEXTS.soldAt }),
          lines: z
            .array(tillSaleLineSchema, TILL_SALE_TEXTS.linesRequired)
            .min(1, TILL_SALE_TEXTS.linesRequired)
            .max(MAX_LINES_PER_SALE, TILL_SALE_TEXTS.tooManyLines),
        }),
        TILL_SALE_TEXTS.salesRequired,
      )
      .min(1, TILL_SALE_TEXTS.salesRequired)
      .max(MAX_SALES_PER_BATCH, TILL_SALE_TEXTS.tooManySales),
  })
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    batch.sales.forEach((sale, index) => {
      if (seen.has(sale.till_sale_id))
        ctx.addIssue({ code: 'custom', path: ['sales', index, 'till_sale_id'], message: TILL_SALE_TEXTS.repeatedSale(sale.till_sale_id) });
      seen.add(sale.till_sale_id);
    });
  });
export type TillSalesBatch = z.output<typeof tillSalesBatchSchema>;

export const cellarDiscrepancySchema = z.object({
  id: z.string(),
  cellar_item_id: z.string(),
  cellar_item_name: z.string(),
  till_sale_id: z.string(),
  unit: z.enum(TILL_SALE_UNITS),
  missing: z.number().int(),
  created_at: z.string(),
});
export type CellarDiscrepancy = z.infer<typeof cellarDiscrepancySchema>;

export const tillSalesResultSchema = z.object({
  /** Sales of this batch recorded now. */
  recorded: z.array(z.string()),
  /** Sales already recorded by an earlier batch: nothing was done again. */
  already_recorded: z.array(z.string()),
  /** Lines that sold more than the cellar had: the count stopped at zero, the rest waits for the next recount. */
  discrepancies: z.array(cellarDiscrepancySchema),
});
export type TillSalesResult = z.infer<typeof tillSalesResultSchema>;

/** A till product code and the cellar wine it stands for. */
export const tillProductCodeSchema = z.object({ code: z.string(), cellar_item_id: z.string(), cellar_item_name: z.string() });
export type TillProductCode = z.infer<typeof tillProductCodeSchema>;

/** PUT /api/establishments/{id}/till-codes/{code}: the code in the path, the wine in the body. */
export const tillCodeParamsSchema = z.object({
  id: z.uuid('Estabelecimento não encontrado.'),
  code: z.string(TILL_SALE_TEXTS.productCode).trim().min(1, TILL_SALE_TEXTS.productCode).max(64, TILL_SALE_TEXTS.productCode),
});
export const tillCodeBodySchema = z.object({ cellar_item_id: z.uuid(TILL_SALE_TEXTS.codeItem) });
