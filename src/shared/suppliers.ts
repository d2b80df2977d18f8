/** Suppliers (docs/product.md §4 "Supplier"): one schema for the API and the React form. */
import { z } from 'zod';
import { CATALOG_TOTAL_HEADER } from './catalog.js';
import { optionalDate, optionalMoney, optionalWebsite, requiredEmail, requiredPhone } from './field-rules.js';
import { optionalText, requiredText } from './form-fields.js';
import { queryLimit, queryPage } from './list-query.js';
import { calendarDay } from './time.js';

export const SUPPLIERS_DEFAULT_LIMIT = 50;
export const SUPPLIERS_MAX_LIMIT = 100;
/** Number of matching suppliers, as the catalogue list answers it. */
export const SUPPLIERS_TOTAL_HEADER = CATALOG_TOTAL_HEADER;

export const SUPPLIER_MESSAGES = {
  notFound: 'Fornecedor não encontrado.',
  nameRequired: 'Informe o nome do contato.',
  companyRequired: 'Informe a razão social.',
  emailRequired: 'Informe o e-mail do fornecedor.',
  phoneRequired: 'Informe o telefone do fornecedor.',
  commission: 'Informe a comissão entre 0 e 100%, com no máximo duas casas decimais, ex.: 12,5.',
  contractEnd: 'O fim do contrato não pode ser antes do início.',
  hasOrders: 'Este fornecedor tem pedidos registrados e não pode ser excluído: o histórico de pedidos é preservado.',
  hasProducts: 'Este fornecedor tem produtos cadastrados e não pode ser excluído. Exclua ou transfira os produtos antes.',
} as const;

/** POST /api/suppliers and PUT /api/suppliers/{id} (PUT replaces every field). */
export const supplierInputSchema = z
  .object({
    name: requiredText(SUPPLIER_MESSAGES.nameRequired, 'Nome', 120),
    company_name: requiredText(SUPPLIER_MESSAGES.companyRequired, 'Razão social', 200),
    contact_person: optionalText('Pessoa de contato', 120),
    email: requiredEmail(SUPPLIER_MESSAGES.emailRequired),
    /** Stored as E.164 ("+5548999991234"); shown masked with formatPhone. */
    phone: requiredPhone(SUPPLIER_MESSAGES.phoneRequired),
    address: optionalText('Endereço', 300),
    website: optionalWebsite(),
    /** Percent of each order's total, 0-100 with cents; empty is 0. */
    commission_rate: optionalMoney({
      max: 100,
      invalidMessage: SUPPLIER_MESSAGES.commission,
      negativeMessage: SUPPLIER_MESSAGES.commission,
      decimalsMessage: SUPPLIER_MESSAGES.commission,
    }).transform((v) => v ?? 0),
    contract_start_date: optionalDate('Início do contrato'),
    contract_end_date: optionalDate('Fim do contrato'),
    notes: optionalText('Observações', 2000),
  })
  .refine((s) => !s.contract_start_date || !s.contract_end_date || s.contract_end_date >= s.contract_start_date, {
    message: SUPPLIER_MESSAGES.contractEnd,
    path: ['contract_end_date'],
  });
export type SupplierInput = z.output<typeof supplierInputSchema>;
export type SupplierFormValues = z.input<typeof supplierInputSchema>;

/** The SPEC §3 supplier, exactly these fields. */
export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  commission_rate: z.number(),
  contract_start_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/**
 * GET /api/suppliers: a plain array (at most `limit`, default 50, capped at 100) in name order; the number of
 * matching suppliers is in the `X-Total-Count` header. `search` matches name, company and e-mail, ignoring accents.
 */
export const supplierListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Busca longa demais (máximo 200 caracteres).').optional(),
  page: queryPage(),
  limit: queryLimit(SUPPLIERS_MAX_LIMIT),
});
export type SupplierListQuery = z.output<typeof supplierListQuerySchema>;

/** A contract "ending" within this many days is flagged (list badge, dashboard alert). */
export const CONTRACT_ENDING_DAYS = 30;

/** Where a contract stands today: ended, ending within 30 days (with the days left), or neither (null). */
export function contractState(endDate: string | null, today = calendarDay()): { kind: 'ended' } | { kind: 'ending'; days: number } | null {
  if (!endDate) return null;
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return { kind: 'ended' };
  return days <= CONTRACT_ENDING_DAYS ? { kind: 'ending', days } : null;
}
