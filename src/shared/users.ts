import { z } from 'zod';
import { requiredEmail } from './field-rules.js';
import { newPasswordSchema } from './password-rule.js';
import { ROLES } from './roles.js';

const email = requiredEmail();
const password = newPasswordSchema;
const role = z.enum(ROLES, { error: 'Escolha um perfil válido.' });
const establishmentIds = z.array(z.uuid('Estabelecimento inválido.')).max(500).optional();
const supplierId = z.uuid('Fornecedor inválido.').nullable().optional();

export const userCreateSchema = z.object({
  email,
  password,
  role,
  establishment_ids: establishmentIds,
  supplier_id: supplierId,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Same fields; an empty or absent password keeps the current one. */
export const userUpdateSchema = userCreateSchema.extend({
  password: z.union([z.literal('').transform(() => undefined), password]).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** False once deactivated: it cannot sign in. */
  active: z.boolean(),
  /** False for a record-only user (a sample CRM owner), which cannot sign in either. */
  has_password: z.boolean(),
  role: z.enum(ROLES),
  establishment_ids: z.array(z.string()),
  supplier_id: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
