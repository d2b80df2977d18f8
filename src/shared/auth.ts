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

/**
 * `stage`: 'full' signs the person in; 'second_factor' asks for the two-step code (POST /api/auth/login/code with this
 * token); 'setup_required' opens only the two-step set-up (docs/decisions/0094).
 */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  stage: z.enum(['full', 'second_factor', 'setup_required']),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The logged-in user, with what the shared access policy needs to decide which actions to show. */
export const sessionUserSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  establishment_ids: z.array(z.string()),
  supplier_id: z.string().nullable(),
  /** What the session may do: 'setup_required' shows only the two-step set-up. */
  stage: z.enum(['full', 'second_factor', 'setup_required']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
