import { z } from 'zod';

/** The one rule for a new password (change, reset, invitation), checked by the server and shown as the user types. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The most used passwords (public breach lists), lowercased; at least 8 characters, since shorter ones already fail.
 * A short list on purpose: it stops the obvious choices without a download.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '123123123',
  '11223344',
  '12341234',
  '147258369',
  '159753456',
  '987654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'asdfghjk',
  'zxcvbnm1',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  'abcd1234',
  'aa123456',
  'senha123',
  'senha1234',
  'senhasenha',
  'mudar123',
  'mudar@123',
  'trocar123',
  'brasil123',
  'flamengo',
  'corinthians',
  'palmeiras',
  'vasco123',
  'gremio123',
  'adega123',
  'vinho123',
  'admin123',
  'administrador',
]);

export interface PasswordCheck {
  id: 'length' | 'not_email' | 'not_common';
  label: string;
  ok: boolean;
}

/** Each part of the rule and whether `password` meets it, in the order the screen lists them. */
export function passwordChecks(password: string, email?: string): PasswordCheck[] {
  const lowered = password.trim().toLowerCase();
  const emailLowered = email?.trim().toLowerCase() ?? '';
  const localPart = emailLowered.split('@')[0] ?? '';
  const isEmail = lowered !== '' && (lowered === emailLowered || (localPart.length >= 4 && lowered === localPart));
  return [
    {
      id: 'length',
      label: `Pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
      ok: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    },
    { id: 'not_email', label: 'Diferente do seu e-mail', ok: password !== '' && !isEmail },
    { id: 'not_common', label: 'Não está entre as senhas mais usadas', ok: password !== '' && !COMMON_PASSWORDS.has(lowered) },
  ];
}

/** The pt-BR message for the first part of the rule `password` breaks, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password === '') return 'Informe a nova senha.';
  if (password.length > PASSWORD_MAX_LENGTH) return `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  const failed = passwordChecks(password, email).find((check) => !check.ok);
  if (!failed) return null;
  if (failed.id === 'length') return `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (failed.id === 'not_email') return 'A senha não pode ser o seu e-mail.';
  return 'Esta senha está entre as mais usadas. Escolha outra.';
}

/**
 * A new password as a field of a request body. The e-mail part of the rule needs the account's e-mail, which the
 * body may not carry: services call `passwordProblem(password, email)` once they know it.
 */
export const newPasswordSchema = z.string({ error: 'Informe a nova senha.' }).superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
