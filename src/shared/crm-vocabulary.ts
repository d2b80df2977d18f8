import { valuesOf } from './vocabulary.js';

/** CRM vocabulary (docs/product.md "CRM"): the enumerations with their pt-BR labels, the messages and the list limits. */

// ── Enumerations and their pt-BR labels (SPEC §3) ──────────────────────────

export const LEAD_STATUS_LABELS = {
  new: 'Novo',
  contacted: 'Contatado',
  qualified: 'Qualificado',
  unqualified: 'Não Qualificado',
  converted: 'Convertido',
};
export type LeadStatus = keyof typeof LEAD_STATUS_LABELS;
export const LEAD_STATUSES = valuesOf(LEAD_STATUS_LABELS);

export const LEAD_SOURCE_LABELS = {
  website: 'Website',
  referral: 'Indicação',
  social_media: 'Redes Sociais',
  email_marketing: 'E-mail Marketing',
  cold_call: 'Ligação Fria',
  event: 'Evento',
  other: 'Outro',
};
export type LeadSource = keyof typeof LEAD_SOURCE_LABELS;
export const LEAD_SOURCES = valuesOf(LEAD_SOURCE_LABELS);

export const OPEN_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'] as const;
export type OpenStage = (typeof OPEN_STAGES)[number];
export const CLOSED_STAGES = ['closed_won', 'closed_lost'] as const;
export const OPPORTUNITY_STAGE_LABELS = {
  prospecting: 'Prospecção',
  qualification: 'Qualificação',
  proposal: 'Proposta',
  negotiation: 'Negociação',
  closed_won: 'Fechado - Ganho',
  closed_lost: 'Fechado - Perdido',
};
export type OpportunityStage = keyof typeof OPPORTUNITY_STAGE_LABELS;
export const OPPORTUNITY_STAGES = valuesOf(OPPORTUNITY_STAGE_LABELS);
export const isClosedStage = (stage: OpportunityStage) => stage === 'closed_won' || stage === 'closed_lost';

export const ACTIVITY_TYPE_LABELS = {
  call: 'Ligação',
  email: 'E-mail',
  meeting: 'Reunião',
  task: 'Tarefa',
  follow_up: 'Follow-up',
  demo: 'Demonstração',
  proposal: 'Proposta',
  other: 'Outro',
};
export type ActivityType = keyof typeof ACTIVITY_TYPE_LABELS;
export const ACTIVITY_TYPES = valuesOf(ACTIVITY_TYPE_LABELS);

export const ACTIVITY_STATUS_LABELS = {
  pending: 'Pendente',
  in_progress: 'Em andamento',
  completed: 'Concluída',
  cancelled: 'Cancelada',
};
export type ActivityStatus = keyof typeof ACTIVITY_STATUS_LABELS;
export const ACTIVITY_STATUSES = valuesOf(ACTIVITY_STATUS_LABELS);
/** An activity in one of these can no longer be completed, nor be overdue. */
export const isActivityDone = (status: ActivityStatus) => status === 'completed' || status === 'cancelled';

export const CRM_MESSAGES = {
  leadNotFound: 'Lead não encontrado.',
  opportunityNotFound: 'Oportunidade não encontrada.',
  activityNotFound: 'Atividade não encontrada.',
  onlyQualifiedConverts: 'Apenas leads com status Qualificado podem ser convertidos em oportunidade.',
  alreadyConverted: 'Este lead já foi convertido em oportunidade.',
  alreadyClosed: 'Esta oportunidade já está fechada.',
  activityDone: 'Esta atividade já está concluída ou cancelada.',
  opportunityOfOtherLead: 'A oportunidade escolhida pertence a outro lead.',
  leadMissing: 'O lead escolhido não existe mais.',
  opportunityMissing: 'A oportunidade escolhida não existe mais.',
  ownerInvalid: 'Escolha um responsável entre os administradores.',
  leadHasRelated: (opportunities: number, activities: number) =>
    `Este lead tem ${opportunities} oportunidade(s) e ${activities} atividade(s). Confirme a exclusão de todos para continuar.`,
  startAfterEnd: 'A data inicial deve ser anterior ou igual à data final.',
  unknownOwner: 'Usuário não identificado',
} as const;

/** Limits of every CRM list: they are bounded (a search narrows them). */
export const CRM_DEFAULT_LIMIT = 100;
export const CRM_MAX_LIMIT = 500;
/** Present ("true") on a list answer when more rows match than were returned. */
export const CRM_HAS_MORE_HEADER = 'x-has-more';
export const MAX_OPPORTUNITY_VALUE = 999_999_999_999.99;
