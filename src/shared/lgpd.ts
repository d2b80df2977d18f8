/** LGPD rights (issue 29): the /lgpd screen's and the API's shapes and texts, shared by the routes and the screen. */
import { z } from 'zod';
import { queryLimit, queryPage } from './list-query.js';

/** What replaces a person in the business records the law requires (orders, fiscal figures) once they are erased. */
export const ANONYMISED_NAME = 'Titular anonimizado';

export const LGPD_MESSAGES = {
  queryRequired: 'Informe um e-mail, CPF ou telefone.',
  queryInvalid: 'Informe um e-mail, um CPF válido ou um telefone com DDD.',
  notFound: 'Nenhum dado encontrado para este e-mail, CPF ou telefone.',
  ownData: 'Você não pode apagar os seus próprios dados por aqui: peça a outro administrador.',
  linkExpired: 'Este link de download expirou (vale 24 horas). Peça uma nova exportação na tela LGPD.',
  linkInvalid: 'Link de download inválido.',
  exportQueued: 'Exportação pedida: o arquivo fica pronto em instantes.',
  erased: 'Dados apagados.',
} as const;

export const subjectQuerySchema = z.object({
  query: z.string().trim().min(1, LGPD_MESSAGES.queryRequired).max(254, LGPD_MESSAGES.queryInvalid),
});
export type SubjectQuery = z.infer<typeof subjectQuerySchema>;

export const subjectRecordSchema = z.object({ id: z.string(), summary: z.string() });
export const subjectSourceSchema = z.object({
  source: z.string(),
  label: z.string(),
  /** What "Apagar dados" does to these rows. */
  on_erase: z.enum(['apagado', 'anonimizado', 'mantido']),
  records: z.array(subjectRecordSchema),
});
export const subjectFindingsSchema = z.object({
  sources: z.array(subjectSourceSchema),
  files_count: z.number().int(),
});
export type SubjectFindings = z.infer<typeof subjectFindingsSchema>;

export const LGPD_REQUEST_KINDS = { export: 'Exportação', erase: 'Exclusão' } as const;
export const LGPD_REQUEST_STATUSES = {
  queued: 'Em preparação',
  ready: 'Pronto para baixar',
  done: 'Concluído',
  failed: 'Falhou',
  expired: 'Expirado',
  withdrawn: 'Arquivo apagado',
} as const;
/** "Leads (CRM): 2 anonimizados" — a request's summary line, in pt-BR. */
export const summaryText = (summary: readonly { label: string; count: number; action: string }[]) =>
  summary.map((s) => `${s.label}: ${s.count} ${s.action}${s.count === 1 ? '' : 's'}`).join(' · ');

export const ON_ERASE_LABELS = { apagado: 'apagados', anonimizado: 'anonimizados', mantido: 'mantidos (registro de negócio)' } as const;

export const lgpdRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['export', 'erase']),
  status: z.enum(['queued', 'ready', 'done', 'failed', 'expired', 'withdrawn']),
  requested_by: z.string().nullable(),
  /** The admin who asked (their e-mail now), never the data subject's. */
  requested_by_email: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  summary: z.array(
    z.object({ source: z.string(), label: z.string(), count: z.number().int(), action: z.enum(['exportado', 'apagado', 'anonimizado']) }),
  ),
  files_count: z.number().int(),
  file_size: z.number().int().nullable(),
  /** The signed link of a ready export, valid until expires_at. */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type LgpdRequest = z.infer<typeof lgpdRequestSchema>;

export const lgpdRequestsQuerySchema = z.object({ page: queryPage(), limit: queryLimit(100) });
export const LGPD_REQUESTS_PAGE_SIZE = 20;

export const RETENTION_RULE_LABELS = {
  onboarding_applications: 'Cadastros de restaurantes recusados ou abandonados',
  search_words: 'Palavras buscadas pelos clientes nas cartas',
} as const;
export const ONBOARDING_RETENTION_DEFAULT_DAYS = 180;
export const SEARCH_WORDS_RETENTION_DAYS = 90;

export const retentionRuleSchema = z.object({
  rule: z.enum(['onboarding_applications', 'search_words']),
  label: z.string(),
  days: z.number().int(),
  editable: z.boolean(),
  /** What happens when the period ends, in pt-BR. */
  effect: z.string(),
  last_run_at: z.string().nullable(),
  last_affected: z.number().int().nullable(),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

export const retentionUpdateSchema = z.object({
  onboarding_days: z.coerce
    .number({ error: 'Informe um número de dias.' })
    .int('Informe um número inteiro de dias.')
    .min(30, 'Mínimo de 30 dias.')
    .max(3650, 'Máximo de 3650 dias.'),
});
