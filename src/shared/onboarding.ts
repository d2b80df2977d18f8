import { z } from 'zod';
import { EMAIL_LENGTH_MESSAGES, isCep, requiredEmail } from './field-rules.js';
import { requiredText } from './form-fields.js';
import { valuesOf } from './vocabulary.js';

/** The 27 federative units a Brazilian address may name. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

export const ONBOARDING_STATUS_LABELS = {
  in_progress: 'Em andamento',
  submitted: 'Enviado',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
};
export type OnboardingStatus = keyof typeof ONBOARDING_STATUS_LABELS;
export const ONBOARDING_STATUSES = valuesOf(ONBOARDING_STATUS_LABELS);

/** SPEC §3 "Onboarding per-field validation status". */
export const CHECK_STATUS_LABELS = {
  pending: 'Pendente',
  validating: 'Validando',
  valid: 'Válido',
  invalid: 'Inválido',
};
export type CheckStatus = keyof typeof CHECK_STATUS_LABELS;
export const CHECK_STATUSES = valuesOf(CHECK_STATUS_LABELS);

export const CHECKED_FIELDS = ['cnpj', 'email', 'phone'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/** SPEC §5 and §9: the menu file. */
export const MENU_MAX_BYTES = 10_485_760;
export const MENU_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MENU_TYPE_NOT_ALLOWED = 'Tipo de arquivo não permitido. Use PDF, JPG ou PNG.';
export const MENU_TOO_LARGE = 'Arquivo muito grande. Tamanho máximo: 10MB.';
export const MENU_SENT = 'Cardápio enviado com sucesso!';

/** SPEC §8 texts of the wizard. */
export const ONBOARDING_TEXTS = {
  createFailedPrefix: 'Erro ao criar processo de onboarding: ',
  checkFailed: 'Erro na validação',
  checkPassed: 'Válido',
  uploadFailedPrefix: 'Erro ao enviar cardápio: ',
  cnpjTaken: 'CNPJ já cadastrado',
} as const;

const text = (label: string, max: number) => requiredText(`Informe ${label}.`, label[0]?.toUpperCase() + label.slice(1), max);

/**
 * POST /api/onboarding/processes (and PUT while it is in progress): the eleven fields of step 1, all required.
 * CNPJ, e-mail and phone are checked in depth by step 2's calls; here they only need to be there.
 */
export const onboardingFormSchema = z.object({
  establishment_name: text('o nome do estabelecimento', 120),
  cnpj: text('o CNPJ', 30),
  email: requiredEmail('Informe o e-mail do estabelecimento.', 'Informe um e-mail válido para o estabelecimento.'),
  phone: text('o telefone', 40),
  address: text('o endereço', 300),
  city: text('a cidade', 120),
  state: z
    .string({ error: 'Escolha o estado (UF).' })
    .trim()
    .toUpperCase()
    .refine((v): v is Uf => (UFS as readonly string[]).includes(v), 'Escolha um estado (UF) do Brasil.'),
  zip_code: z
    .string({ error: 'Informe o CEP.' })
    .trim()
    .min(1, 'Informe o CEP.')
    .refine(isCep, 'Informe um CEP com 8 dígitos, ex.: 88010-000.')
    .transform((v) => v.replace(/\D/g, '')),
  contact_name: text('o nome do responsável', 120),
  contact_email: requiredEmail('Informe o e-mail do responsável.', 'Informe um e-mail válido para o responsável.'),
  contact_phone: text('o telefone do responsável', 40),
});
export type OnboardingFormInput = z.input<typeof onboardingFormSchema>;
export type OnboardingForm = z.output<typeof onboardingFormSchema>;

export const processCreatedSchema = z.object({ process_id: z.string() });
export const processIdParamsSchema = z.object({ id: z.string().max(100) });

export const validateCnpjSchema = z.object({ cnpj: z.string({ error: 'Informe o CNPJ.' }).trim().min(1, 'Informe o CNPJ.').max(30) });
export const validateEmailSchema = z.object({
  // Generous: the check itself says which part of a long address is too long (local part, domain, whole).
  email: z.string({ error: 'Informe o e-mail.' }).trim().min(1, 'Informe o e-mail.').max(1000, EMAIL_LENGTH_MESSAGES.total),
});
export const validatePhoneSchema = z.object({
  phone: z.string({ error: 'Informe o telefone.' }).trim().min(1, 'Informe o telefone.').max(40),
});
/** What a passing check answers; a failing one is a 4xx with {error, detail}. */
export const checkResultSchema = z.object({ message: z.string(), status: z.enum(CHECK_STATUSES), value: z.string() });
export type CheckResult = z.infer<typeof checkResultSchema>;

export const menuUploadResultSchema = z.object({
  message: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
});

// ── The team's review ───────────────────────────────────────────────────────

export const reviewListQuerySchema = z.object({
  status: z.enum(ONBOARDING_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

const check = z.object({ status: z.enum(CHECK_STATUSES), checked_at: z.string().nullable() });

export const reviewSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  establishment_name: z.string(),
  cnpj: z.string(),
  city: z.string(),
  state: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewDetailSchema = reviewSummarySchema.extend({
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  zip_code: z.string(),
  contact_phone: z.string(),
  checks: z.object({ cnpj: check, email: check, phone: check }),
  menu_file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), uploaded_at: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  establishment_id: z.string().nullable(),
  establishment_slug: z.string().nullable(),
  lead_id: z.string().nullable(),
  updated_at: z.string(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const rejectSchema = z.object({
  reason: requiredText('Informe o motivo da rejeição.', 'Motivo', 1000),
});

export const approvalSchema = z.object({
  process: reviewDetailSchema,
  establishment: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /**
   * `invited`: the contact was e-mailed an invitation to create its manager login (false when it already had one,
   * which is linked instead). `link`: that invitation's link to pass on by hand, only when e-mails go to files.
   */
  manager: z.object({ email: z.string(), invited: z.boolean(), link: z.string().nullable() }),
});
export type Approval = z.infer<typeof approvalSchema>;
