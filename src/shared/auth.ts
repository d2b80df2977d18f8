import { z } from 'zod';
import { ROLES } from './roles.js';

export const LOGIN_FAILED_MESSAGE = 'Credenciais inválidas ou sessão expirada.';

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Informe o e-mail.' }).trim().toLowerCase().min(1, 'Informe o e-mail.').max(254, 'E-mail longo demais.'),
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(1024, 'Senha longa demais.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The logged-in user, with what the shared access policy needs to decide which actions to show. */
export const sessionUserSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  establishment_ids: z.array(z.string()),
  supplier_id: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
