import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every bad variable is reported at once. */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'deve ter pelo menos 32 caracteres').optional()),
  ADMIN_EMAIL: z.preprocess(
    (v) => emptyToUndefined(typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email('deve ser um e-mail válido').optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'deve ter pelo menos 8 caracteres').optional()),
  PUBLIC_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'deve ser uma URL http(s)' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(false|true|[0-9a-fA-F.:/,\s]+)$/, 'use false, true ou uma lista de IPs/CIDRs dos proxies')
      .default('false'),
  ),
  ONBOARDING_EMAIL_DNS_CHECK: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], 'use true ou false').default('false')),
  MIN_FREE_DISK_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number('deve ser um número de megabytes')
      .int('deve ser um número inteiro de megabytes')
      .min(0, 'não pode ser negativo')
      .default(512),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

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
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy). Off by default: a client could
   * otherwise choose its own address and slip past the login throttle.
   */
  trustProxy: boolean | string;
  /** The onboarding e-mail check also requires the domain to accept mail (an MX, A or AAAA record). Off by default. */
  onboardingEmailDnsCheck: boolean;
  /** Below this many free bytes under dataDir, uploads are refused (507) and imports pause (decision 0039). */
  minFreeDiskBytes: number;
  /** Where the built admin app lives; absent in API-only tests. */
  clientDir: string | undefined;
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
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError(['ADMIN_EMAIL e ADMIN_PASSWORD: defina os dois juntos, ou nenhum']);
  }
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
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    onboardingEmailDnsCheck: e.ONBOARDING_EMAIL_DNS_CHECK === 'true',
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    clientDir: path.resolve('dist/client'),
  };
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
