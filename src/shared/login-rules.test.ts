import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { loginFieldErrors } from './login-rules.js';

/** The browser's check (no zod) and the server's schema must say the same thing about the same input. */
const serverErrors = (values: { email: string; password: string }) => {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('login rules', () => {
  it.each([
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'a@b.com', password: '' },
    { email: `${'a'.repeat(250)}@b.com`, password: 'x' },
    { email: 'a@b.com', password: 'x'.repeat(1025) },
    { email: ' Dono@Casa.com ', password: 'segredo' },
  ])('agree with the server schema for %o', (values) => {
    expect(loginFieldErrors(values)).toEqual(serverErrors(values));
  });
});
