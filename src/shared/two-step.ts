/** Two-step sign-in, passkeys and the open sessions of /conta: the schemas the API and the screens share. */
import { z } from 'zod';
import { LOGIN_LIMITS } from './login-rules.js';
import { ROLES } from './roles.js';
import { CODE_MAX, codeProblem, TWO_STEP_TEXTS } from './two-step-rules.js';

export { type SessionStage, TWO_STEP_TEXTS } from './two-step-rules.js';

export const SESSION_STAGES = ['full', 'second_factor', 'setup_required'] as const;

/** A code from the authenticator app or a recovery code; the server normalises it (normalizeCode). */
export const twoStepCodeSchema = z
  .string({ error: TWO_STEP_TEXTS.codeRequired })
  .max(CODE_MAX, TWO_STEP_TEXTS.codeFormat)
  .superRefine((value, ctx) => {
    const problem = codeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const loginCodeRequestSchema = z.object({ code: twoStepCodeSchema });
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;

export const sessionStageResponseSchema = z.object({ stage: z.enum(SESSION_STAGES) });

export const twoStepStatusSchema = z.object({
  totp_enabled: z.boolean(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int(),
  /** The person's role must have two-step sign-in (TWO_STEP_REQUIRED_ROLES). */
  required: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmRequestSchema = z.object({ code: twoStepCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const totpDisableRequestSchema = z.object({
  password: z
    .string({ error: TWO_STEP_TEXTS.passwordRequired })
    .min(1, TWO_STEP_TEXTS.passwordRequired)
    .max(LOGIN_LIMITS.passwordMax, TWO_STEP_TEXTS.passwordRequired),
  code: twoStepCodeSchema,
});
export type TotpDisableRequest = z.infer<typeof totpDisableRequestSchema>;

/** WebAuthn options and responses are the browser's JSON: checked by @simplewebauthn/server, not field by field here. */
const webauthnJson = z.record(z.string(), z.unknown());

export const passkeyOptionsResponseSchema = z.object({ challenge_id: z.string(), options: webauthnJson });

export const passkeyAddRequestSchema = z.object({
  challenge_id: z.uuid(TWO_STEP_TEXTS.challengeExpired),
  name: z
    .string({ error: TWO_STEP_TEXTS.passkeyNameRequired })
    .trim()
    .min(1, TWO_STEP_TEXTS.passkeyNameRequired)
    .max(60, 'Nome longo demais (até 60 caracteres).'),
  response: webauthnJson,
});
export type PasskeyAddRequest = z.infer<typeof passkeyAddRequestSchema>;

export const passkeyLoginRequestSchema = z.object({
  challenge_id: z.uuid(TWO_STEP_TEXTS.challengeExpired),
  response: webauthnJson,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

export const openSessionSchema = z.object({
  id: z.string(),
  /** "Chrome no Android", from the User-Agent. */
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export const openSessionsSchema = z.object({ items: z.array(openSessionSchema) });
export type OpenSession = z.infer<typeof openSessionSchema>;

/** "Chrome no Android" from a User-Agent: browser and system, good enough for a person to recognise the device. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Dispositivo desconhecido';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /(Chrome|Chromium|CriOS)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? 'Dispositivo desconhecido';
}

/** Which roles must use two-step sign-in: an admin's choice on /conta. */
export const twoStepPolicySchema = z.object({
  required_roles: z.array(z.enum(ROLES, 'Função desconhecida.')).max(ROLES.length),
});
export type TwoStepPolicy = z.infer<typeof twoStepPolicySchema>;
