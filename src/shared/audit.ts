/**
 * The audit trail (issue 29) as the API answers it and screens show it: kinds of records, actions, field labels and
 * which fields are personal (recorded as "alterado", never with their values).
 */
import { z } from 'zod';
import { queryLimit, queryPage } from './list-query.js';

export const AUDIT_RECORD_KIND_LABELS = {
  establishment: 'Estabelecimento',
  menu: 'Carta',
  menu_wine: 'Vinho da carta',
  catalog_wine: 'Vinho do catálogo',
  supplier: 'Fornecedor',
  order: 'Pedido',
  product: 'Produto',
  product_category: 'Categoria de produto',
  product_import: 'Importação de produtos',
  till_sales_import: 'Importação de vendas do PDV',
  cellar_item: 'Item da adega',
  lead: 'Lead',
  opportunity: 'Oportunidade',
  activity: 'Atividade',
  onboarding_process: 'Cadastro de restaurante',
  user: 'Usuário',
  invitation: 'Convite',
  upload: 'Imagem enviada',
  sample_data: 'Dados de exemplo',
  account: 'Conta',
  session: 'Sessão',
  passkey: 'Chave de acesso',
  two_step_policy: 'Regra de verificação em duas etapas',
  lgpd_request: 'Pedido de titular (LGPD)',
  lgpd_retention: 'Retenção de dados (LGPD)',
  api_key: 'Chave de API',
  webhook: 'Webhook',
} as const;
export type AuditRecordKind = keyof typeof AUDIT_RECORD_KIND_LABELS;
export const AUDIT_RECORD_KINDS = Object.keys(AUDIT_RECORD_KIND_LABELS) as [AuditRecordKind, ...AuditRecordKind[]];

/** The verb of the sentence "Maria (gerente) alterou …". */
export const AUDIT_ACTION_LABELS = {
  create: 'criou',
  update: 'alterou',
  delete: 'excluiu',
  status_change: 'mudou o status de',
  move: 'registrou movimento em',
  reorder: 'reordenou',
  import_execute: 'executou',
  import_retry: 'tentou novamente',
  upload: 'enviou',
  submit: 'enviou',
  validate: 'validou',
  approve: 'aprovou',
  reject: 'recusou',
  deactivate: 'desativou',
  reactivate: 'reativou',
  resend: 'reenviou',
  accept: 'aceitou',
  convert: 'converteu',
  close: 'fechou',
  complete: 'concluiu',
  translate: 'traduziu',
  sign_in: 'entrou',
  password_accepted: 'informou a senha e falta o código',
  sign_in_failed: 'não conseguiu entrar',
  sign_out: 'saiu',
  session_end: 'encerrou uma sessão',
  password_change: 'trocou a senha',
  password_reset: 'redefiniu a senha',
  two_step_enable: 'ativou a verificação em duas etapas',
  two_step_disable: 'desativou a verificação em duas etapas',
  recovery_code_used: 'usou um código de recuperação',
  passkey_add: 'cadastrou uma chave de acesso',
  passkey_remove: 'removeu uma chave de acesso',
  export_requested: 'pediu a exportação dos dados de um titular',
  erase: 'apagou os dados pessoais de um titular',
  run: 'executou',
  revoke: 'revogou',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** Verbs that say the whole event ("Maria (gerente) entrou"): the kind of record is not added to the sentence. */
const SELF_CONTAINED_ACTIONS: ReadonlySet<AuditAction> = new Set([
  'sign_in',
  'password_accepted',
  'sign_in_failed',
  'sign_out',
  'session_end',
  'password_change',
  'password_reset',
  'two_step_enable',
  'two_step_disable',
  'recovery_code_used',
  'passkey_add',
  'passkey_remove',
  'export_requested',
  'erase',
]);

/** The filter's names of the actions (a noun, not the sentence's verb). */
export const AUDIT_ACTION_FILTER_LABELS: Record<AuditAction, string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  status_change: 'Mudança de status',
  move: 'Movimento de adega',
  reorder: 'Reordenação',
  import_execute: 'Execução de importação',
  import_retry: 'Nova tentativa de importação',
  upload: 'Envio de arquivo',
  submit: 'Envio de cadastro',
  validate: 'Validação',
  approve: 'Aprovação',
  reject: 'Recusa',
  deactivate: 'Desativação',
  reactivate: 'Reativação',
  resend: 'Reenvio',
  accept: 'Aceite',
  convert: 'Conversão',
  close: 'Fechamento',
  complete: 'Conclusão',
  translate: 'Tradução',
  sign_in: 'Entrada',
  password_accepted: 'Senha aceita (falta o código)',
  sign_in_failed: 'Entrada recusada',
  sign_out: 'Saída',
  session_end: 'Sessão encerrada',
  password_change: 'Troca de senha',
  password_reset: 'Redefinição de senha',
  two_step_enable: 'Ativação da verificação em duas etapas',
  two_step_disable: 'Desativação da verificação em duas etapas',
  recovery_code_used: 'Código de recuperação usado',
  passkey_add: 'Chave de acesso cadastrada',
  passkey_remove: 'Chave de acesso removida',
  export_requested: 'Exportação de dados pedida',
  erase: 'Dados pessoais apagados',
  run: 'Execução',
  revoke: 'Revogação',
};

/** The actor's role as the sentence says it: "Maria (gerente)". */
export const AUDIT_ACTOR_ROLE_LABELS: Record<string, string> = {
  admin: 'administrador',
  restaurant_manager: 'gerente',
  sommelier: 'sommelier',
  supplier: 'fornecedor',
  sistema: 'sistema',
  candidato: 'candidato',
  convidado: 'convidado',
  desconhecido: 'desconhecido',
  /** A write made through an API key: "Maria (chave de API)" is Maria's key (issue 31). */
  chave_api: 'chave de API',
};

/** Field labels (the column names the server records, camelCase). A field not named here shows as recorded. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  tillProductCode: 'Código do PDV',
  scopes: 'Permissões',
  expiresAt: 'Válida até',
  endpointUrl: 'Endereço do webhook',
  events: 'Eventos',
  secret: 'Segredo de assinatura',
  pausedAt: 'Pausado em',
  name: 'Nome',
  description: 'Descrição',
  price: 'Preço da garrafa',
  glassPrice: 'Preço da taça',
  glassDoses: 'Doses por garrafa',
  glassMarkupPercent: 'Margem da taça (%)',
  byTheGlass: 'Vende em taça',
  category: 'Categoria',
  country: 'País',
  region: 'Região',
  wineStyle: 'Estilo',
  grapeVariety: 'Uva',
  alcoholContent: 'Teor alcoólico',
  volume: 'Volume',
  aging: 'Envelhecimento',
  color: 'Cor',
  aroma: 'Aroma',
  palate: 'Paladar',
  pairing: 'Harmonização',
  imageUrl: 'Imagem',
  available: 'Disponível',
  cellarItemId: 'Item da adega',
  slug: 'Endereço (slug)',
  establishmentId: 'Estabelecimento',
  soldOutDisplay: 'Vinhos esgotados',
  lowStockThreshold: 'Limite de estoque baixo',
  producer: 'Produtor',
  vintage: 'Safra',
  priceReference: 'Preço de referência',
  skuCode: 'SKU',
  sku: 'SKU',
  companyName: 'Razão social',
  contactPerson: 'Pessoa de contato',
  email: 'E-mail',
  phone: 'Telefone',
  address: 'Endereço',
  website: 'Site',
  commissionRate: 'Comissão (%)',
  contractStartDate: 'Início do contrato',
  contractEndDate: 'Fim do contrato',
  notes: 'Observações',
  status: 'Status',
  totalAmount: 'Valor total',
  commissionAmount: 'Comissão',
  deliveryDate: 'Data de entrega',
  supplierId: 'Fornecedor',
  categoryId: 'Categoria',
  parentId: 'Categoria superior',
  cost: 'Custo',
  stockQuantity: 'Estoque',
  minStock: 'Estoque mínimo',
  unit: 'Unidade',
  weight: 'Peso',
  origin: 'Origem',
  active: 'Ativo',
  onHand: 'Garrafas em estoque',
  parLevel: 'Estoque ideal',
  openBottleDoses: 'Doses na garrafa aberta',
  quantity: 'Quantidade',
  reason: 'Motivo',
  company: 'Empresa',
  source: 'Origem',
  leadScore: 'Pontuação',
  leadId: 'Lead',
  opportunityId: 'Oportunidade',
  title: 'Título',
  value: 'Valor',
  stage: 'Etapa',
  probability: 'Probabilidade (%)',
  expectedCloseDate: 'Fechamento previsto',
  type: 'Tipo',
  scheduledAt: 'Agendada para',
  role: 'Perfil',
  establishmentIds: 'Estabelecimentos',
  sommelier: 'Sommelier',
  logoUrl: 'Logo',
  fileName: 'Arquivo',
  fieldMapping: 'Mapeamento de campos',
  items: 'Itens',
  wineCount: 'Vinhos',
  newOrder: 'Nova ordem',
  orderEmails: 'E-mails de pedidos',
  establishmentName: 'Nome do estabelecimento',
  cnpj: 'CNPJ',
  city: 'Cidade',
  state: 'UF',
  zipCode: 'CEP',
  contactName: 'Nome do contato',
  contactEmail: 'E-mail do contato',
  contactPhone: 'Telefone do contato',
  cpf: 'CPF',
  url: 'Endereço do arquivo',
  password: 'Senha',
  catalogWines: 'Vinhos do catálogo',
  totalRows: 'Linhas',
  targetMarginPercent: 'Margem-alvo (%)',
  emailStatus: 'Validação do e-mail',
  phoneStatus: 'Validação do telefone',
  cnpjStatus: 'Validação do CNPJ',
  leads: 'Leads',
  opportunities: 'Oportunidades',
  activities: 'Atividades',
  method: 'Forma de entrada',
  recovery_code: 'Código de recuperação',
  required_roles: 'Perfis obrigados',
  records: 'Registros',
  anonymized: 'Anonimizados',
  forgotten: 'Palavras de busca apagadas',
  failureReason: 'Motivo da falha',
  days: 'Dias',
};

/** Fields whose values are money (shown as R$). */
export const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'glassPrice',
  'priceReference',
  'cost',
  'totalAmount',
  'commissionAmount',
  'value',
]);

/**
 * Personal fields of people (names, e-mails, phones, CPF, people's addresses), per kind of record: recorded as
 * "alterado" without their values. Fields named in every kind come from AUDIT_PERSONAL_EVERYWHERE.
 */
export const AUDIT_PERSONAL_EVERYWHERE: ReadonlySet<string> = new Set(['cpf', 'contactName', 'contactEmail', 'contactPhone', 'notes']);
export const AUDIT_PERSONAL_FIELDS: Partial<Record<AuditRecordKind, readonly string[]>> = {
  lead: ['name', 'email', 'phone', 'notes'],
  // Free texts of the pipeline may name the lead (LGPD erases them: modules/lgpd/registry.ts).
  opportunity: ['title', 'description', 'lostReason'],
  activity: ['title', 'description'],
  user: ['name', 'email'],
  invitation: ['email', 'name'],
  supplier: ['name', 'contactPerson', 'email', 'phone'],
  establishment: ['sommelier'],
  onboarding_process: ['email', 'phone', 'address'],
  account: ['name', 'email'],
};

/** Never recorded at all: secrets, and the bytes of files. */
export const AUDIT_SECRET_FIELD = /password|token|secret|hash|otp|totp|recovery|bytes|content/i;

/** One changed field as the API answers it: `personal` fields carry no values. */
export const auditChangeSchema = z.object({
  field: z.string(),
  old: z.unknown().optional(),
  new: z.unknown().optional(),
  personal: z.literal(true).optional(),
});
export type AuditChangeDto = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor: z.object({ id: z.string().nullable(), role: z.string(), name: z.string().nullable() }),
  establishment_id: z.string().nullable(),
  establishment_name: z.string().nullable(),
  record_kind: z.string(),
  record_id: z.string().nullable(),
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_MAX_LIMIT = 100;
export const AUDIT_DEFAULT_LIMIT = 50;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (use AAAA-MM-DD).');

/**
 * GET /api/audit: newest first, a plain array (at most `limit`, default 50, capped at 100) with the number of matching
 * entries in `X-Total-Count`. Filters: `actor_id` (a person), `record_kind` (+ `record_id`: one record's history),
 * `action`, `from` and `to` (days, inclusive, São Paulo time), `establishment_id`.
 */
export const auditListQuerySchema = z.object({
  actor_id: z.uuid('Pessoa inválida.').optional(),
  record_kind: z.enum(AUDIT_RECORD_KINDS, 'Tipo de registro inválido.').optional(),
  record_id: z.string().trim().min(1).max(100).optional(),
  action: z.enum(AUDIT_ACTIONS, 'Ação inválida.').optional(),
  establishment_id: z.uuid('Estabelecimento inválido.').optional(),
  from: day.optional(),
  to: day.optional(),
  page: queryPage(),
  limit: queryLimit(AUDIT_MAX_LIMIT),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** GET /api/audit/people: whom the person filter offers (the people who appear in the caller's trail). */
export const auditPersonSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type AuditPerson = z.infer<typeof auditPersonSchema>;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A recorded value as a person reads it. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (AUDIT_MONEY_FIELDS.has(field) && Number.isFinite(Number(value))) return brl.format(Number(value)).replace(/\u00a0/g, ' ');
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (field === 'required_roles' && Array.isArray(value))
    return value.length ? value.map((role) => AUDIT_ACTOR_ROLE_LABELS[String(role)] ?? String(role)).join(', ') : 'nenhum';
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'itens'}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "Preço da garrafa: R$ 120,00 → R$ 135,00", or "E-mail: alterado" for a personal field. */
export function describeAuditChange(change: AuditChangeDto): string {
  const label = AUDIT_FIELD_LABELS[change.field] ?? change.field;
  if (change.personal) return `${label}: alterado`;
  if (change.old === undefined) return `${label}: ${formatAuditValue(change.field, change.new)}`;
  return `${label}: ${formatAuditValue(change.field, change.old)} → ${formatAuditValue(change.field, change.new)}`;
}

/** "Maria (gerente)", "sistema", "candidato". */
export function describeAuditActor(actor: AuditEntry['actor']): string {
  const role = AUDIT_ACTOR_ROLE_LABELS[actor.role] ?? actor.role;
  if (!actor.id) return role;
  return `${actor.name || 'Usuário removido'} (${role})`;
}

const shortWhen = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "27/11 21:04" (São Paulo time). */
export const formatAuditWhen = (iso: string): string => shortWhen.format(new Date(iso)).replace(',', '');

/**
 * An entry as one readable sentence and its details: "Maria (gerente) alterou Preço da garrafa: R$ 120,00 → R$ 135,00"
 * (one change said in the sentence), or "Maria (gerente) criou Vinho da carta" with the fields below. `withKind`
 * names the kind of record (the /auditoria list); a record's own history leaves it out.
 */
export function describeAuditEntry(entry: AuditEntry, withKind: boolean): { sentence: string; details: string[] } {
  const verb = AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action;
  const kind = AUDIT_RECORD_KIND_LABELS[entry.record_kind as AuditRecordKind] ?? entry.record_kind;
  const who = describeAuditActor(entry.actor);
  const changes = entry.changes.map(describeAuditChange);
  if (SELF_CONTAINED_ACTIONS.has(entry.action as AuditAction)) return { sentence: `${who} ${verb}`, details: changes };
  const target = withKind ? ` ${kind.toLowerCase()}` : '';
  if (changes.length === 1 && entry.action === 'update') {
    return { sentence: `${who} ${verb}${target ? `${target}:` : ''} ${changes[0]}`, details: [] };
  }
  return { sentence: `${who} ${verb}${target || (entry.action === 'update' ? '' : ' o registro')}`, details: changes };
}
