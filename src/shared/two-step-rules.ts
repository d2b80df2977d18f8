/**
 * The second step of sign-in without zod: the login page checks a code in the browser with no schema library (its
 * JavaScript budget, docs/decisions/0012); shared/two-step.ts builds the server's schemas from the same values.
 */
export type SessionStage = 'full' | 'second_factor' | 'setup_required';

export const TWO_STEP_TEXTS = {
  codeRequired: 'Informe o código.',
  codeInvalid: 'Código inválido ou já usado.',
  codeFormat: 'Digite os 6 números do aplicativo ou um código de recuperação (ex.: abcd-efgh-jk).',
  passwordRequired: 'Informe a sua senha.',
  alreadyOn: 'A verificação em duas etapas já está ativada.',
  notOn: 'A verificação em duas etapas não está ativada.',
  noSetup: 'Comece a configuração de novo: gere um novo QR code.',
  requiredByRole: 'A sua função exige a verificação em duas etapas: ela não pode ser desativada.',
  passkeyNameRequired: 'Dê um nome à passkey (ex.: Celular).',
  passkeyFailed: 'Não foi possível validar a passkey. Tente novamente.',
  passkeyUnknown: 'Passkey não reconhecida. Entre com e-mail e senha.',
  challengeExpired: 'O pedido expirou. Tente novamente.',
} as const;

/** Six digits (spaces allowed between them) or a recovery code (letters and digits, hyphens allowed). */
export const CODE_MAX = 32;

/** The code as the server compares it: digits without spaces, or a recovery code in lower case without hyphens. */
export function normalizeCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toLowerCase();
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
/** Ten letters or digits of the recovery alphabet (no 0, 1, i, l, o). */
export const isRecoveryCode = (code: string) => /^[a-hjkmnp-z2-9]{10}$/.test(code);

export function codeProblem(raw: string): string | undefined {
  const code = normalizeCode(raw);
  if (code === '') return TWO_STEP_TEXTS.codeRequired;
  if (raw.length > CODE_MAX || !(isTotpCode(code) || isRecoveryCode(code))) return TWO_STEP_TEXTS.codeFormat;
  return undefined;
}
