/**
 * CRM (docs/product.md "CRM"): the schemas of leads, opportunities, activities and the dashboard, one for the API and
 * the forms. The vocabulary and its labels are in crm-vocabulary.ts, the dates people type in time.ts.
 */
import { z } from 'zod';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  CRM_MAX_LIMIT,
  CRM_MESSAGES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  MAX_OPPORTUNITY_VALUE,
  OPEN_STAGES,
  OPPORTUNITY_STAGES,
} from './crm-vocabulary.js';
import { FIELD_MESSAGES, optionalCnpj, optionalPhone, requiredEmail } from './field-rules.js';
import { optionalText, requiredText } from './form-fields.js';
import { queryLimit } from './list-query.js';
import { parseMoney } from './money.js';
import { recordStamps } from './record-fields.js';
import { addDays, calendarDay, isRealDate, parseDay, parseInstant } from './time.js';

// ── Field builders ─────────────────────────────────────────────────────────

/** "", null, absent or a non-number -> the default; otherwise an integer 0-100 (SPEC §5: non-numeric becomes 0). */
const score = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return 0;
      const n = typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v;
      return typeof n === 'number' && Number.isNaN(n) ? 0 : n;
    },
    z
      .number({ error: `${label}: informe um número inteiro de 0 a 100.` })
      .int(`${label}: informe um número inteiro de 0 a 100.`)
      .min(0, `${label}: informe um número inteiro de 0 a 100.`)
      .max(100, `${label}: informe um número inteiro de 0 a 100.`),
  );

const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.uuid(message)], { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

/** The notes every CRM record keeps, and its owner: reassignable, absent keeps the current one (the creator on create). */
const notesAndOwner = {
  notes: optionalText('Observações', 4000),
  owner_id: z.uuid('Responsável inválido.').nullish(),
};

const VALUE_MESSAGE = 'Valor: informe um valor em reais maior ou igual a zero, com no máximo duas casas decimais.';
/**
 * Money kept exact: "1.250,50", "1250.5" or 1250.5 -> "1250.50" (a decimal string; the column is numeric). Absent or empty -> "0.00".
 * The number parsed from the text has at most two decimals, so toFixed(2) gives back exactly the digits typed.
 */
const moneyString = z
  .union([z.string(), z.number()], { error: VALUE_MESSAGE })
  .nullish()
  .transform((raw, ctx) => {
    const value = parseMoney(raw);
    if (value === null) return '0.00';
    if (value === undefined || value < 0 || value > MAX_OPPORTUNITY_VALUE || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
      ctx.issues.push({ code: 'custom', message: VALUE_MESSAGE, input: raw });
      return z.NEVER;
    }
    return value.toFixed(2);
  });

const optionalDate = (label: string) =>
  optionalText(label, 10).transform((v, ctx) => {
    if (v === null) return null;
    const day = parseDay(v);
    if (day) return day;
    ctx.issues.push({ code: 'custom', message: `${label}: informe uma data válida (dd/mm/aaaa).`, input: v });
    return z.NEVER;
  });

/** An instant: "dd/mm/aaaa hh:mm" (São Paulo) or ISO with its offset; empty -> null. */
const optionalDateTime = (label: string) =>
  optionalText(label, 40).transform((v, ctx) => {
    if (v === null) return null;
    const instant = parseInstant(v);
    if (instant) return instant;
    ctx.issues.push({ code: 'custom', message: `${label}: informe data e hora válidas (dd/mm/aaaa hh:mm).`, input: v });
    return z.NEVER;
  });

// ── Leads ──────────────────────────────────────────────────────────────────

export const leadInputSchema = z.object({
  name: requiredText('Informe o nome do lead.', 'Nome', 200),
  email: requiredEmail('Informe o e-mail do lead.', FIELD_MESSAGES.email),
  phone: optionalPhone(),
  company: optionalText('Empresa', 200),
  cnpj: optionalCnpj(),
  status: z
    .enum(LEAD_STATUSES, { error: 'Escolha um status válido.' })
    .nullish()
    .transform((v) => v ?? 'new'),
  source: z
    .enum(LEAD_SOURCES, { error: 'Escolha uma origem válida.' })
    .nullish()
    .transform((v) => v ?? 'other'),
  lead_score: score('Pontuação'),
  ...notesAndOwner,
});
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadFormValues = z.input<typeof leadInputSchema>;

const ownerFields = {
  owner_id: z.string().nullable(),
  /** The owner's e-mail; null when the owner no longer exists. */
  owner_name: z.string().nullable(),
  ...recordStamps,
};

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  cnpj: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES),
  notes: z.string().nullable(),
  lead_score: z.number(),
  opportunities_count: z.number(),
  activities_count: z.number(),
  ...ownerFields,
});
export type Lead = z.infer<typeof leadSchema>;

const filterText = z.string().trim().max(200, 'Busca longa demais (máximo 200 caracteres).').optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const enumFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyToUndefined, z.enum(values, { error: message }).optional());
const idFilter = (message: string) => z.preprocess(emptyToUndefined, z.uuid(message).optional());

export const leadListQuerySchema = z.object({
  status: enumFilter(LEAD_STATUSES, 'Status de lead inválido.'),
  source: enumFilter(LEAD_SOURCES, 'Origem de lead inválida.'),
  search: filterText,
  limit: queryLimit(CRM_MAX_LIMIT),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadDeleteQuerySchema = z.object({
  /** "true": the lead's opportunities and activities go with it (the confirmation said so). */
  cascade: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
});

// ── Opportunities ──────────────────────────────────────────────────────────

export const opportunityInputSchema = z.object({
  lead_id: z.uuid('Escolha o lead.'),
  title: requiredText('Informe o título da oportunidade.', 'Título', 200),
  description: optionalText('Descrição', 4000),
  value: moneyString,
  /** Only open stages; absent keeps the current stage (prospecting on create). Closing is POST .../close. */
  stage: z.enum(OPEN_STAGES, { error: 'Escolha uma etapa aberta: para fechar, use Ganhar ou Perder.' }).nullish(),
  probability: score('Probabilidade'),
  expected_close_date: optionalDate('Previsão de fechamento'),
  ...notesAndOwner,
});
export type OpportunityInput = z.output<typeof opportunityInputSchema>;
export type OpportunityFormValues = z.input<typeof opportunityInputSchema>;

export const opportunitySchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Exact decimal as a string, e.g. "1250.50". */
  value: z.string(),
  stage: z.enum(OPPORTUNITY_STAGES),
  probability: z.number(),
  expected_close_date: z.string().nullable(),
  notes: z.string().nullable(),
  closed_at: z.string().nullable(),
  lost_reason: z.string().nullable(),
  ...ownerFields,
});
export type Opportunity = z.infer<typeof opportunitySchema>;

const PROBABILITY_MESSAGE = 'Probabilidade: informe um número inteiro de 0 a 100.';

/**
 * POST /api/crm/leads/{id}/convert: the terms of the opportunity it opens, each optional (no body at all, as SPEC §7
 * sends it, opens one of R$ 0,00 at 0% with no date). Unlike the lead form's score, a probability that is not a
 * number is refused rather than read as 0: here it is the only thing the person typed.
 */
export const leadConvertTermsSchema = z.object({
  value: moneyString,
  probability: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z
      .number({ error: PROBABILITY_MESSAGE })
      .int(PROBABILITY_MESSAGE)
      .min(0, PROBABILITY_MESSAGE)
      .max(100, PROBABILITY_MESSAGE)
      .optional()
      .transform((v) => v ?? 0),
  ),
  expected_close_date: optionalDate('Previsão de fechamento'),
});
export const leadConvertSchema = leadConvertTermsSchema
  .nullish()
  .transform((v) => v ?? { value: '0.00', probability: 0, expected_close_date: null });
export type LeadConvert = z.output<typeof leadConvertTermsSchema>;
export type LeadConvertValues = z.input<typeof leadConvertTermsSchema>;

/** POST /api/crm/leads/{id}/convert answers the converted lead and its new opportunity. */
export const convertResultSchema = z.object({ lead: leadSchema, opportunity: opportunitySchema });

export const opportunityListQuerySchema = z.object({
  stage: enumFilter(OPPORTUNITY_STAGES, 'Etapa inválida.'),
  lead_id: idFilter('Lead inválido.'),
  search: filterText,
  limit: queryLimit(CRM_MAX_LIMIT),
});
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;

export const opportunityCloseSchema = z.object({
  status: z.enum(['won', 'lost'], { error: 'Informe status won ou lost.' }),
  /** Beyond the spec: why it was lost (ignored when won). */
  lost_reason: optionalText('Motivo da perda', 500),
});
export type OpportunityClose = z.output<typeof opportunityCloseSchema>;

/** The board moves a card between open stages with this. */
export const opportunityStageSchema = z.object({
  stage: z.enum(OPEN_STAGES, { error: 'Escolha uma etapa aberta: para fechar, use Ganhar ou Perder.' }),
});

// ── Activities ─────────────────────────────────────────────────────────────

export const activityInputSchema = z.object({
  lead_id: optionalId('Lead inválido.'),
  opportunity_id: optionalId('Oportunidade inválida.'),
  type: z
    .enum(ACTIVITY_TYPES, { error: 'Escolha um tipo válido.' })
    .nullish()
    .transform((v) => v ?? 'task'),
  title: requiredText('Informe o título da atividade.', 'Título', 200),
  description: optionalText('Descrição', 4000),
  status: z
    .enum(ACTIVITY_STATUSES, { error: 'Escolha um status válido.' })
    .nullish()
    .transform((v) => v ?? 'pending'),
  scheduled_at: optionalDateTime('Agendada para'),
  ...notesAndOwner,
});
export type ActivityInput = z.output<typeof activityInputSchema>;
export type ActivityFormValues = z.input<typeof activityInputSchema>;

export const activitySchema = z.object({
  id: z.string(),
  lead_id: z.string().nullable(),
  lead_name: z.string().nullable(),
  opportunity_id: z.string().nullable(),
  opportunity_title: z.string().nullable(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  scheduled_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  notes: z.string().nullable(),
  /** Scheduled in the past and neither completed nor cancelled, as of the server's clock. */
  overdue: z.boolean(),
  ...ownerFields,
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListQuerySchema = z.object({
  type: enumFilter(ACTIVITY_TYPES, 'Tipo de atividade inválido.'),
  status: enumFilter(ACTIVITY_STATUSES, 'Status de atividade inválido.'),
  lead_id: idFilter('Lead inválido.'),
  opportunity_id: idFilter('Oportunidade inválida.'),
  search: filterText,
  limit: queryLimit(CRM_MAX_LIMIT),
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

// ── Dashboard ──────────────────────────────────────────────────────────────

const dashboardDate = (label: string) =>
  z.preprocess(emptyToUndefined, z.string().refine(isRealDate, `${label}: informe uma data válida (AAAA-MM-DD).`).optional());

export const crmDashboardQuerySchema = z
  .object({ start_date: dashboardDate('Data inicial'), end_date: dashboardDate('Data final') })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, { message: CRM_MESSAGES.startAfterEnd, path: ['start_date'] });
export type CrmDashboardQuery = z.output<typeof crmDashboardQuerySchema>;

const money = z.string();
export const crmDashboardSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  leads_metrics: z.object({
    total: z.number(),
    new: z.number(),
    qualified: z.number(),
    converted: z.number(),
    conversion_rate: z.number(),
  }),
  opportunities_metrics: z.object({
    total: z.number(),
    active: z.number(),
    won: z.number(),
    lost: z.number(),
    pipeline_value: money,
    won_value: money,
  }),
  activities_metrics: z.object({ total: z.number(), completed: z.number(), pending: z.number(), overdue: z.number() }),
  leads_by_source: z.array(z.object({ source: z.enum(LEAD_SOURCES), count: z.number() })),
  opportunities_by_stage: z.array(z.object({ stage: z.enum(OPPORTUNITY_STAGES), count: z.number(), total_value: money })),
  top_performers: z.array(
    z.object({
      user_name: z.string(),
      leads_count: z.number(),
      opportunities_count: z.number(),
      activities_count: z.number(),
      won_value: money,
    }),
  ),
});
export type CrmDashboard = z.infer<typeof crmDashboardSchema>;

/** The default dashboard range: the last 30 days, today included. */
export function defaultDashboardRange(now = new Date()): { start_date: string; end_date: string } {
  const end = calendarDay(now);
  return { start_date: addDays(end, -30), end_date: end };
}
