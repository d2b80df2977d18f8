import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROLES, type Role } from '../shared/roles.js';
import type { S3Settings } from './storage/storage.js';

/** The only reader of process.env. Every bad variable is reported at once. */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A variable set to blanks counts as unset. */
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema);

/** An optional http(s) base address, kept without its trailing slashes. */
const httpBaseUrl = (error: string) =>
  setting(
    z
      .url({ protocol: /^https?$/, error })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: setting(z.enum(['development', 'production', 'test']).default('development')),
  PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: setting(z.string().default('0.0.0.0')),
  DATA_DIR: setting(z.string().default('./data')),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
  ),
  JWT_SECRET: setting(z.string().min(32, 'deve ter pelo menos 32 caracteres').optional()),
  ADMIN_EMAIL: z.preprocess(
    (v) => emptyToUndefined(typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email('deve ser um e-mail válido').optional(),
  ),
  ADMIN_PASSWORD: setting(z.string().min(8, 'deve ter pelo menos 8 caracteres').optional()),
  PUBLIC_BASE_URL: httpBaseUrl('deve ser uma URL http(s)'),
  /** Where passkeys belong when it is not PUBLIC_BASE_URL (a passkey needs a host name, never an IP address). */
  PASSKEY_ORIGIN: httpBaseUrl('deve ser uma URL http(s)'),
  /** Roles that must use two-step sign-in: a comma list, or "none". */
  TWO_STEP_REQUIRED_ROLES: setting(
    z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .refine(
        (v) => v === 'none' || v.split(',').every((r) => (ROLES as readonly string[]).includes(r.trim())),
        `use "none" ou uma lista separada por vírgulas de: ${ROLES.join(', ')}`,
      )
      .default('admin'),
  ),
  TRUST_PROXY: setting(
    z
      .string()
      .regex(/^(false|true|[0-9a-fA-F.:/,\s]+)$/, 'use false, true ou uma lista de IPs/CIDRs dos proxies')
      .default('false'),
  ),
  ONBOARDING_EMAIL_DNS_CHECK: setting(z.enum(['true', 'false'], 'use true ou false').default('false')),
  SMTP_URL: setting(
    z.url({ protocol: /^smtps?$/, error: 'deve ser uma URL smtp:// ou smtps:// (ex.: smtp://usuario:senha@servidor:587)' }).optional(),
  ),
  MAIL_FROM: setting(
    z
      .string()
      .regex(/^(.*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'use um endereço (nome@dominio) ou Nome <nome@dominio>')
      .default('Adega <nao-responda@localhost>'),
  ),
  MIN_FREE_DISK_MB: setting(
    z.coerce
      .number('deve ser um número de megabytes')
      .int('deve ser um número inteiro de megabytes')
      .min(0, 'não pode ser negativo')
      .default(512),
  ),
  SHUTDOWN_TIMEOUT: setting(
    z.coerce
      .number('deve ser um número de segundos')
      .int('deve ser um número inteiro de segundos')
      .min(1, 'deve ser de pelo menos 1 segundo')
      .max(3600, 'deve ser de no máximo 3600 segundos')
      .default(20),
  ),
  API_KEY_RATE_LIMIT: setting(
    z.coerce
      .number('deve ser um número de requisições por minuto')
      .int('deve ser um número inteiro de requisições por minuto')
      .min(1, 'deve ser de pelo menos 1 requisição por minuto')
      .default(600),
  ),
  WEBHOOK_ALLOWED_HOSTS: setting(z.string().default('')),
  METRICS_PORT: setting(z.coerce.number('deve ser um número de porta').int('deve ser um número de porta').min(1).max(65535).optional()),
  METRICS_HOST: setting(z.string().optional()),
  METRICS_TOKEN: setting(
    z
      .string()
      .min(32, 'deve ter pelo menos 32 caracteres')
      .regex(/^[\x21-\x7e]+$/, 'use só letras, dígitos e símbolos, sem espaços')
      .optional(),
  ),
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  S3_BUCKET: setting(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nome de bucket inválido (3 a 63 letras minúsculas, dígitos, pontos e hífens)')
      .optional(),
  ),
  S3_ENDPOINT: httpBaseUrl('deve ser uma URL http(s), ex. https://s3.sa-east-1.amazonaws.com'),
  S3_REGION: setting(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'região inválida, ex. sa-east-1')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: setting(z.string().optional()),
  S3_SECRET_ACCESS_KEY: setting(z.string().optional()),
  S3_FORCE_PATH_STYLE: setting(z.enum(['true', 'false'], 'use true ou false').optional()),
  BACKUP_TO: setting(
    z
      .string()
      .refine(
        (to) => !to.startsWith('s3://') || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(to),
        'use uma pasta ou s3://bucket/prefixo',
      )
      .optional(),
  ),
  BACKUP_EVERY: setting(
    z
      .string()
      .transform((value, ctx) => {
        const cron = backupCron(value.trim());
        if (!cron) ctx.addIssue({ code: 'custom', message: 'use um intervalo como 30m, 6h, 24h (diário, às 3h) ou 7d (semanal)' });
        return cron ?? '';
      })
      .optional(),
  ),
  BACKUP_KEEP: setting(
    z.coerce.number('deve ser um número de backups').int('deve ser um número inteiro').min(1, 'mantenha pelo menos 1').default(7),
  ),
});

/**
 * BACKUP_EVERY as a pg-boss schedule (cron, in the product's time zone): minutes that divide an hour, hours that
 * divide a day, a day (24h or 1d: at 3 a.m., when restaurants are closed) or a week (7d: Sundays at 3 a.m.).
 */
export function backupCron(every: string): string | undefined {
  const match = /^(\d+)(m|h|d)$/.exec(every);
  if (!match) return undefined;
  const n = Number(match[1]);
  if (match[2] === 'm' && n > 0 && n < 60 && 60 % n === 0) return `*/${n} * * * *`;
  if (match[2] === 'h' && n > 0 && n < 24 && 24 % n === 0) return `0 */${n} * * *`;
  if ((match[2] === 'h' && n === 24) || (match[2] === 'd' && n === 1)) return '0 3 * * *';
  if (match[2] === 'd' && n === 7) return '0 3 * * 0';
  return undefined;
}

type Env = z.infer<typeof envSchema>;

const S3_COMPANIONS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
const S3_REQUIRED = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Object storage is all or nothing: with S3_BUCKET the region and both keys are needed (the endpoint only off AWS,
 * path style only where the server wants it); without it, a stray S3_* variable is a mistake worth stopping for.
 */
function s3Settings(e: Env): { settings: S3Settings | undefined; problems: string[] } {
  if (!e.S3_BUCKET) {
    const stray = S3_COMPANIONS.filter((name) => e[name] !== undefined);
    return {
      settings: undefined,
      problems: stray.length
        ? [
            `${stray.join(', ')}: defina também S3_BUCKET para usar o armazenamento de objetos, ou remova ${stray.length > 1 ? 'estas variáveis' : 'esta variável'}`,
          ]
        : [],
    };
  }
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length)
    return {
      settings: undefined,
      problems: [`${missing.join(', ')}: obrigatória${missing.length > 1 ? 's' : ''} quando S3_BUCKET está definida`],
    };
  return {
    settings: {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION as string,
      accessKeyId: e.S3_ACCESS_KEY_ID as string,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
    problems: [],
  };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicBaseUrl: string | undefined;
  /** The origin passkeys are registered for (PASSKEY_ORIGIN, else PUBLIC_BASE_URL); no passkeys without one. */
  passkeyOrigin: string | undefined;
  /** Roles that must use two-step sign-in (TWO_STEP_REQUIRED_ROLES, default admin; docs/decisions/0094). */
  twoStepRequiredRoles: Role[];
  logLevel: string;
  /** The SMTP server e-mail goes through; without it each message is written as an .eml file under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy). Off by default: a client could
   * otherwise choose its own address and slip past the login throttle.
   */
  trustProxy: boolean | string;
  /** The onboarding e-mail check also requires the domain to accept mail (an MX, A or AAAA record). Off by default. */
  onboardingEmailDnsCheck: boolean;
  /** Requests per minute one API key may make, counted across every process (issue 31). */
  apiKeyRateLimit: number;
  /**
   * Hosts or addresses webhooks may reach although they are internal (WEBHOOK_ALLOWED_HOSTS, comma-separated; none by
   * default), over http too: an integration inside the restaurant's network, a test's receiver.
   */
  webhookAllowedHosts: string[];
  /** An S3-compatible bucket for public and private files (S3_BUCKET and its companions); DATA_DIR when undefined. */
  s3: S3Settings | undefined;
  /** Below this many free bytes under dataDir, uploads are refused (507) and imports pause (decision 0039). */
  minFreeDiskBytes: number;
  /**
   * How long a process takes at most to stop on SIGTERM (SHUTDOWN_TIMEOUT, seconds): it answers the requests in
   * flight, hands back the job steps it cannot finish, then exits (src/server/shutdown.ts, decision 0086).
   */
  shutdownTimeoutMs: number;
  /** Backups the server takes itself (BACKUP_TO, BACKUP_EVERY, BACKUP_KEEP); undefined when not scheduled. */
  backup: BackupSchedule | undefined;
  /** Where the built admin app lives; absent in API-only tests. */
  clientDir: string | undefined;
  /**
   * Who may read GET /metrics (decision 0085): `port` serves it on a listener of its own (METRICS_PORT, on
   * METRICS_HOST or HOST); `token` requires `Authorization: Bearer <token>` on every /metrics, and alone serves it on
   * the main port. Neither: no /metrics at all.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
}

export interface BackupSchedule {
  /** A folder or s3://bucket/prefix. */
  to: string;
  /** When, as a cron expression in the product's time zone. */
  cron: string;
  /** How many of the newest backups to keep there. */
  keep: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) problems.push('ADMIN_EMAIL e ADMIN_PASSWORD: defina os dois juntos, ou nenhum');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) problems.push('METRICS_PORT: deve ser diferente de PORT');
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined) problems.push('METRICS_HOST: defina também METRICS_PORT');
  const s3 = s3Settings(e);
  problems.push(...s3.problems);
  if (Boolean(e.BACKUP_TO) !== Boolean(e.BACKUP_EVERY))
    problems.push('BACKUP_TO e BACKUP_EVERY: defina os dois juntos para agendar backups, ou nenhum');
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    passkeyOrigin: e.PASSKEY_ORIGIN ?? e.PUBLIC_BASE_URL,
    twoStepRequiredRoles: parseRoles(e.TWO_STEP_REQUIRED_ROLES),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    onboardingEmailDnsCheck: e.ONBOARDING_EMAIL_DNS_CHECK === 'true',
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    s3: s3.settings,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    backup: e.BACKUP_TO && e.BACKUP_EVERY ? { to: e.BACKUP_TO, cron: e.BACKUP_EVERY, keep: e.BACKUP_KEEP } : undefined,
    clientDir: path.resolve('dist/client'),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
  };
}

function parseRoles(value: string): Role[] {
  if (value === 'none') return [];
  return [...new Set(value.split(',').map((r) => r.trim() as Role))];
}

function parseTrustProxy(value: string): boolean | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** Generated once and kept in DATA_DIR so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
