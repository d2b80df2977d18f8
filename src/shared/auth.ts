import { z } from 'zod';
import { LOGIN_LIMITS, LOGIN_TEXTS } from './login-rules.js';
import { ROLES } from './roles.js';

export { LOGIN_FAILED_MESSAGE } from './login-rules.js';

export const loginRequestSchema = z.object({
  email: z
    .string({ error: LOGIN_TEXTS.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, LOGIN_TEXTS.emailRequired)
    .max(LOGIN_LIMITS.emailMax, LOGIN_TEXTS.emailTooLong),
  password: z
    .string({ error: LOGIN_TEXTS.passwordRequired })
    .min(1, LOGIN_TEXTS.passwordRequired)
    .max(LOGIN_LIMITS.passwordMax, LOGIN_TEXTS.passwordTooLong),
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
