/** Changing, forgetting and resetting a password: the schemas the API and the screens share. */
import { z } from 'zod';
import { requiredEmail } from './field-rules.js';
import { LOGIN_LIMITS, LOGIN_TEXTS } from './login-rules.js';
import { newPasswordSchema } from './password-rule.js';

export const PASSWORD_TEXTS = {
  currentRequired: 'Informe a senha atual.',
  wrongCurrent: 'A senha atual não confere.',
  sameAsCurrent: 'A nova senha deve ser diferente da atual.',
  invalidLink: 'Link inválido ou expirado',
  resetRequested:
    'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 60 minutos: confira a caixa de entrada e o spam.',
} as const;

export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: PASSWORD_TEXTS.currentRequired })
    .min(1, PASSWORD_TEXTS.currentRequired)
    .max(LOGIN_LIMITS.passwordMax, LOGIN_TEXTS.passwordTooLong),
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: requiredEmail().pipe(z.string().max(LOGIN_LIMITS.emailMax, LOGIN_TEXTS.emailTooLong)),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/**
 * The same answer whether or not the e-mail has an account. `delivery` says how this installation sends e-mail
 * ('file': written on the server, not sent), which is the same for every e-mail and lets the screen tell the truth.
 */
export const forgotPasswordResponseSchema = z.object({ detail: z.string(), delivery: z.enum(['smtp', 'file']) });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const resetPasswordRequestSchema = z.object({
  // Anything that is not a token gets the same answer as an unknown one, from the service ("Link inválido ou expirado").
  token: z.string().catch(''),
  new_password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Is a reset link still good? Asked when the page opens, before anyone types a password; the link stays unused. */
export const resetLinkCheckSchema = resetPasswordRequestSchema.pick({ token: true });
export type ResetLinkCheck = z.infer<typeof resetLinkCheckSchema>;

const CONFIRM_TEXTS = { required: 'Repita a nova senha.', mismatch: 'As duas senhas não são iguais.' } as const;

/** The second typing of a new password, as the screens ask for it (the API takes the password once). */
const confirmation = { new_password_confirm: z.string({ error: CONFIRM_TEXTS.required }).min(1, CONFIRM_TEXTS.required) };
const confirmed = (v: { new_password: string; new_password_confirm: string }) => v.new_password === v.new_password_confirm;
const mismatch = { message: CONFIRM_TEXTS.mismatch, path: ['new_password_confirm'] };

export const changePasswordFormSchema = changePasswordRequestSchema.extend(confirmation).refine(confirmed, mismatch);
export const resetPasswordFormSchema = resetPasswordRequestSchema.extend(confirmation).refine(confirmed, mismatch);
