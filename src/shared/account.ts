/** The signed-in person's own account (/conta): what it shows and what the person may change. */
import { z } from 'zod';
import { requiredText } from './form-fields.js';
import { ROLES } from './roles.js';

export const NAME_MAX = 120;

export const ACCOUNT_TEXTS = {
  nameRequired: 'Informe o seu nome.',
  nothingToChange: 'Nada para alterar: envie o nome ou a escolha de e-mails.',
  orderEmails: 'Escolha se quer receber e-mails de pedidos.',
} as const;

export const accountSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The establishments the person works for (managers and sommeliers), by name. */
  establishments: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The supplier company of a supplier user. */
  supplier_name: z.string().nullable(),
  order_emails: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** Either part alone: the name form and the e-mail choice are saved separately on /conta. */
export const accountUpdateSchema = z
  .object({
    name: requiredText(ACCOUNT_TEXTS.nameRequired, 'Nome', NAME_MAX).optional(),
    order_emails: z.boolean({ error: ACCOUNT_TEXTS.orderEmails }).optional(),
  })
  .refine((v) => v.name !== undefined || v.order_emails !== undefined, ACCOUNT_TEXTS.nothingToChange);
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
