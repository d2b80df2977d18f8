// Per-function entry points and the small metadata: the forms ship only what they use.
import { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { isValidCep } from '@brazilian-utils/brazilian-utils/is-valid-cep';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { optionalText } from './form-fields.js';
import { parseMoney } from './money.js';

/**
 * The field rules every schema uses (server and forms alike): each one is a pure check/normalizer plus a zod builder.
 * What a rule normalizes is what the database stores; the mask is for showing it.
 */
export const FIELD_MESSAGES = {
  email: 'Informe um e-mail válido.',
  phone: 'Informe um telefone válido com DDD, ex.: (48) 99999-1234.',
  cnpj: 'Informe um CNPJ válido, ex.: 12.345.678/0001-95.',
  cep: 'Informe um CEP válido, ex.: 88010-000.',
  money: 'Informe um valor em reais, ex.: 1.250,50.',
  imageUrl: 'A imagem deve ser um arquivo enviado ou um endereço http(s), sem espaços nem os caracteres < > " \' `.',
  website: 'Informe um site válido, ex.: vinhavelha.com.br.',
  percent: 'Informe uma porcentagem entre 0 e 100, ex.: 13,5%.',
  date: 'Informe uma data válida, ex.: 31/12/2026.',
} as const;

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string, input: unknown) => {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
};

// ── E-mail ──────────────────────────────────────────────────────────────────

/** RFC 5321's sizes, each said plainly: which part of the address is too long. */
export const EMAIL_LENGTH_MESSAGES = {
  total: 'O e-mail pode ter no máximo 254 caracteres.',
  local: 'A parte do e-mail antes do @ pode ter no máximo 64 caracteres.',
  domain: 'O domínio do e-mail (depois do @) pode ter no máximo 253 caracteres.',
  label: 'Cada parte do domínio do e-mail (entre pontos) pode ter no máximo 63 caracteres.',
} as const;

/** The size rule an address breaks, or null: local part 64, domain 253 (labels 63), whole address 254. */
export function emailLengthProblem(value: string): string | null {
  const at = value.lastIndexOf('@');
  if (at >= 0) {
    const domain = value.slice(at + 1);
    if (at > 64) return EMAIL_LENGTH_MESSAGES.local;
    if (domain.length > 253) return EMAIL_LENGTH_MESSAGES.domain;
    if (domain.split('.').some((label) => label.length > 63)) return EMAIL_LENGTH_MESSAGES.label;
  }
  return value.length > 254 ? EMAIL_LENGTH_MESSAGES.total : null;
}

const emailCheck = z.email();
export const isEmail = (value: string) => emailLengthProblem(value) === null && emailCheck.safeParse(value).success;

/** The message for an address that is not an e-mail: what is too long, or the field's own text. */
const emailIssue = (invalidMessage: string) => (value: string, ctx: Ctx) => {
  if (isEmail(value)) return;
  ctx.issues.push({ code: 'custom', message: emailLengthProblem(value) ?? invalidMessage, input: value });
};

/** A required e-mail, trimmed and lower-cased. */
export function requiredEmail(requiredMessage = 'Informe o e-mail.', invalidMessage: string = FIELD_MESSAGES.email) {
  return z.string({ error: requiredMessage }).trim().toLowerCase().min(1, requiredMessage).superRefine(emailIssue(invalidMessage));
}

/** An optional e-mail, lower-cased; empty -> null. */
export function optionalEmail(invalidMessage: string = FIELD_MESSAGES.email) {
  const check = emailIssue(invalidMessage);
  // The size rule below says which part is too long; this cap only bounds the work.
  return optionalText('E-mail', 1000)
    .transform((v) => (v ? v.toLowerCase() : v))
    .superRefine((v, ctx) => {
      if (v !== null) check(v, ctx);
    });
}

// ── Brazilian phone ─────────────────────────────────────────────────────────

/** "(48) 99999-1234", "48 3232 4455", "+55 48 ..." -> "+5548999991234"; null when it is not a valid Brazilian number. */
export function normalizePhone(value: string): string | null {
  const phone = parsePhoneNumberFromString(value, 'BR');
  return phone?.isValid() && phone.country === 'BR' && !phone.ext ? phone.number : null;
}

/**
 * Phones are stored in E.164, which has no extension: a number typed with one ("ext 5", "x12", "#12") is refused
 * with this message rather than saved without it (decision 0045).
 */
export const PHONE_EXTENSION = 'Informe o telefone sem ramal: só o número com DDD, ex.: (48) 3232-4455.';
export const hasPhoneExtension = (value: string) => Boolean(parsePhoneNumberFromString(value, 'BR')?.ext);

const phoneOrFail = (v: string, ctx: Ctx, invalidMessage: string) =>
  normalizePhone(v) ?? fail(ctx, hasPhoneExtension(v) ? PHONE_EXTENSION : invalidMessage, v);

/** "+5548999991234" -> "(48) 99999-1234"; text that is not a phone number is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value, 'BR');
  return phone?.isValid() ? (phone.country === 'BR' ? phone.formatNational() : phone.formatInternational()) : value;
}

/** An optional Brazilian phone, stored as E.164. */
export function optionalPhone(invalidMessage: string = FIELD_MESSAGES.phone) {
  return optionalText('Telefone', 40).transform((v, ctx) => {
    if (v === null) return null;
    return phoneOrFail(v, ctx, invalidMessage);
  });
}

/** A required Brazilian phone, stored as E.164. */
export function requiredPhone(requiredMessage = 'Informe o telefone.', invalidMessage: string = FIELD_MESSAGES.phone) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, 'Telefone: no máximo 40 caracteres.')
    .transform((v, ctx) => phoneOrFail(v, ctx, invalidMessage));
}

// ── CNPJ (numeric and the alphanumeric format of 2026) ─────────────────────

/** "12.ABC.345/01DE-35" -> "12ABC34501DE35" (upper case, no punctuation). */
export const stripCnpj = (value: string) => value.toUpperCase().replace(/[.\-/\s]/g, '');

/** Check digits of a numeric or alphanumeric CNPJ; an all-equal numeric one (00000000000000) is refused. */
export function isCnpj(value: string): boolean {
  const cnpj = stripCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  // Version 2 reads both formats; the numeric one also keeps version 1's rejection of reserved numbers.
  return isValidCnpj(cnpj, { version: 2 }) && (/[A-Z]/.test(cnpj) || isValidCnpj(cnpj, { version: 1 }));
}

/** "12ABC34501DE35" -> "12.ABC.345/01DE-35". */
export const maskCnpj = (value: string) => formatCnpj(stripCnpj(value), { version: 2 });

/** An optional CNPJ, stored as its 14 characters. */
export function optionalCnpj(invalidMessage: string = FIELD_MESSAGES.cnpj) {
  return optionalText('CNPJ', 30).transform((v, ctx) => {
    if (v === null) return null;
    return isCnpj(v) ? stripCnpj(v) : fail(ctx, invalidMessage, v);
  });
}

// ── CEP ─────────────────────────────────────────────────────────────────────

export const isCep = (value: string) => /^\d{5}-?\d{3}$/.test(value.trim()) && isValidCep(value.trim());
/** "88010000" -> "88010-000". */
export const maskCep = (value: string) => formatCep(value.replace(/\D/g, ''));

/** An optional CEP, stored as its 8 digits. */
export function optionalCep(invalidMessage: string = FIELD_MESSAGES.cep) {
  return optionalText('CEP', 10).transform((v, ctx) => {
    if (v === null) return null;
    return isCep(v) ? v.replace(/\D/g, '') : fail(ctx, invalidMessage, v);
  });
}

// ── Money ───────────────────────────────────────────────────────────────────

const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

interface MoneyOptions {
  max: number;
  requiredMessage?: string;
  invalidMessage?: string;
  tooHighMessage?: string;
  negativeMessage?: string;
  decimalsMessage?: string;
}

function moneyValue({
  max,
  requiredMessage,
  invalidMessage = FIELD_MESSAGES.money,
  tooHighMessage = invalidMessage,
  negativeMessage = 'O valor não pode ser negativo.',
  decimalsMessage = 'Use no máximo 2 casas decimais (centavos).',
}: MoneyOptions) {
  return z
    .union([z.string(), z.number()], { error: invalidMessage })
    .nullish()
    .transform((raw, ctx) => {
      const value = parseMoney(raw);
      if (value === undefined) return fail(ctx, invalidMessage, raw);
      if (value === null) return requiredMessage ? fail(ctx, requiredMessage, raw) : null;
      if (value < 0) return fail(ctx, negativeMessage, raw);
      if (value > max) return fail(ctx, tooHighMessage, raw);
      if (!hasAtMostTwoDecimals(value)) return fail(ctx, decimalsMessage, raw);
      return value;
    });
}

/** A required amount in reais: "1.250,50", "1250.5", "R$ 89,90", "2.400" or a number. */
export function requiredMoney(options: MoneyOptions & { requiredMessage: string }) {
  return moneyValue(options).pipe(z.number());
}

/** An optional amount in reais; empty -> null. */
export function optionalMoney(options: Omit<MoneyOptions, 'requiredMessage'>) {
  return moneyValue(options);
}

// ── Image URL ───────────────────────────────────────────────────────────────

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
const UNSAFE_URL_CHARS = /[\s\u0000-\u001f\u007f\\<>"'`]/;
/** Our own stored files: /uploads/<name>, no directory tricks. */
const UPLOADS_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isUploadsPath(value: string): boolean {
  return UPLOADS_PATH.test(value) && !value.includes('..');
}

/** An absolute http(s) URL with a host and no characters that could break out of an HTML attribute. */
export function isHttpUrl(value: string): boolean {
  if (value.length > 2048 || UNSAFE_URL_CHARS.test(value) || !/^https?:\/\/[^/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The one image rule: one of our /uploads/ files or an http(s) address. */
export const isImageUrl = (value: string) => isUploadsPath(value) || isHttpUrl(value);

/** An optional image address; empty -> null. */
export function optionalImageUrl(label = 'Imagem', invalidMessage: string = FIELD_MESSAGES.imageUrl) {
  return optionalText(label, 2048).refine((v) => v === null || isImageUrl(v), invalidMessage);
}

// ── Website ─────────────────────────────────────────────────────────────────

/** "vinhavelha.com.br" -> "https://vinhavelha.com.br"; null when it cannot be a website. */
export function normalizeWebsite(value: string): string | null {
  const v = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v.replace(/^\/\//, '')}`;
  if (!isHttpUrl(withScheme)) return null;
  const host = new URL(withScheme).hostname;
  return host.includes('.') || host === 'localhost' ? withScheme : null;
}

/** An optional website, stored with its scheme. */
export function optionalWebsite(invalidMessage: string = FIELD_MESSAGES.website) {
  return optionalText('Site', 500).transform((v, ctx) => {
    if (v === null) return null;
    return normalizeWebsite(v) ?? fail(ctx, invalidMessage, v);
  });
}

// ── Percent ─────────────────────────────────────────────────────────────────

/** "13,5", "13.5 %", "13,5% vol" -> 13.5; null when it is not a percentage between 0 and 100. */
export function parsePercent(value: string): number | null {
  const m = /^(\d{1,3}(?:[.,]\d{1,2})?)\s*%?\s*(?:vol\.?|abv)?$/i.exec(value.trim());
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(',', '.'));
  return n >= 0 && n <= 100 ? n : null;
}

/** 13.5 -> "13,5%". */
export const formatPercent = (value: number) => `${String(value).replace('.', ',')}%`;

/** An optional percentage, stored as text such as "13,5%". */
export function optionalPercent(label: string, invalidMessage: string = FIELD_MESSAGES.percent) {
  return optionalText(label, 20).transform((v, ctx) => {
    if (v === null) return null;
    const n = parsePercent(v);
    return n === null ? fail(ctx, invalidMessage, v) : formatPercent(n);
  });
}

// ── Calendar date ───────────────────────────────────────────────────────────

/** "2026-12-31" (a date input) or "31/12/2026" (typed) -> "2026-12-31"; null when it is not a real calendar date. */
export function parseIsoDate(value: string): string | null {
  const v = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) ?? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (!m) return null;
  const [year, month, day] = v.includes('/') ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return Number(year) >= 1900 && Number(year) <= 2999 && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "2026-12-31" -> "31/12/2026". */
export const formatIsoDate = (iso: string | null | undefined) => (iso ? iso.split('-').reverse().join('/') : '');

/** An optional calendar date, stored as "YYYY-MM-DD"; empty -> null. */
export function optionalDate(label: string, invalidMessage: string = FIELD_MESSAGES.date) {
  return optionalText(label, 20).transform((v, ctx) => {
    if (v === null) return null;
    return parseIsoDate(v) ?? fail(ctx, invalidMessage, v);
  });
}
