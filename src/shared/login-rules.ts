/**
 * The login form's rules and texts without zod: the login page checks them in the browser with no schema library
 * (its JavaScript budget, docs/decisions/0012), and shared/auth.ts builds the server's schema from the same values.
 */
export const LOGIN_FAILED_MESSAGE = 'Credenciais inválidas ou sessão expirada.';

export const LOGIN_LIMITS = { emailMax: 254, passwordMax: 1024 } as const;

export const LOGIN_TEXTS = {
  emailRequired: 'Informe o e-mail.',
  emailTooLong: 'E-mail longo demais.',
  passwordRequired: 'Informe a senha.',
  passwordTooLong: 'Senha longa demais.',
} as const;

export type LoginField = 'email' | 'password';

/** What is wrong with each field, as the server's schema would say it; empty when the form may be sent. */
export function loginFieldErrors(values: Record<LoginField, string>): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  const email = values.email.trim();
  if (email === '') errors.email = LOGIN_TEXTS.emailRequired;
  else if (email.length > LOGIN_LIMITS.emailMax) errors.email = LOGIN_TEXTS.emailTooLong;
  if (values.password === '') errors.password = LOGIN_TEXTS.passwordRequired;
  else if (values.password.length > LOGIN_LIMITS.passwordMax) errors.password = LOGIN_TEXTS.passwordTooLong;
  return errors;
}
