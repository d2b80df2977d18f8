import { z } from 'zod';
import { requiredEmail } from './field-rules.js';
import { newPasswordSchema } from './password-rule.js';
import { ROLES } from './roles.js';

/** How long an invitation link works (docs/decisions/0052). */
export const INVITATION_DAYS = 7;

export const INVITATION_TEXTS = {
  emailHasAccount: 'Já existe uma conta com este e-mail.',
  alreadyInvited: 'Já existe um convite pendente para este e-mail. Reenvie-o ou exclua-o.',
  pendingOtherRole: 'Este e-mail já tem um convite pendente com outro perfil. Exclua-o em Usuários antes de aprovar.',
  roleNotAllowed: 'Gerentes de restaurante só podem convidar sommeliers e gerentes de restaurante.',
  establishmentNotOwn: 'Você só pode convidar para os estabelecimentos que você gerencia.',
  establishmentRequired: 'Escolha ao menos um estabelecimento.',
  supplierRequired: 'Escolha o fornecedor deste usuário.',
  nameRequired: 'Informe seu nome.',
  notFound: 'Convite não encontrado.',
} as const;

export const invitationCreateSchema = z.object({
  email: requiredEmail(),
  role: z.enum(ROLES, { error: 'Escolha um perfil válido.' }),
  establishment_ids: z.array(z.uuid('Estabelecimento inválido.')).max(500).default([]),
  supplier_id: z.uuid('Fornecedor inválido.').nullable().optional(),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  establishment_ids: z.array(z.string()),
  supplier_id: z.string().nullable(),
  invited_by: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  /**
   * The link to pass on by hand: only when the server writes e-mails to files instead of sending them, and only in
   * the answer to whoever created or resent the invitation (the token is not stored, so it cannot be shown later).
   */
  link: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** What the /convite screen shows before the person chooses a name and password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  establishments: z.array(z.string()),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationAcceptSchema = z.object({
  token: z.string().min(1).max(200),
  name: z
    .string({ error: INVITATION_TEXTS.nameRequired })
    .trim()
    .min(1, INVITATION_TEXTS.nameRequired)
    .max(120, 'O nome deve ter no máximo 120 caracteres.'),
  password: newPasswordSchema,
});
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
