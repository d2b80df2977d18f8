import { resolve4, resolve6, resolveMx } from 'node:dns/promises';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { emailLengthProblem, hasPhoneExtension, isCnpj, isEmail, PHONE_EXTENSION, stripCnpj } from '../../../shared/field-rules.js';

/**
 * The three checks of step 2, as pure functions of the value (the service adds the database's part: a CNPJ
 * already approved). Each answers the normalised value to store, or the pt-BR reason it is refused.
 */
export type CheckOutcome = { ok: true; value: string } | { ok: false; reason: string };

export const CNPJ_INVALID = 'CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores.';
export const EMAIL_INVALID = 'E-mail inválido. Use o formato nome@dominio.com.br, sem espaços.';
export const EMAIL_DOMAIN_NO_MAIL = 'O domínio deste e-mail não recebe mensagens. Confira o endereço.';
export const PHONE_INVALID =
  'Telefone inválido. Use um número brasileiro com DDD: celular com 9 dígitos começando por 9 ou fixo com 8 dígitos.';

/** Numeric or alphanumeric (Receita Federal, July 2026), masked or not -> its 14 characters. */
export function checkCnpj(raw: string): CheckOutcome {
  return isCnpj(raw) ? { ok: true, value: stripCnpj(raw) } : { ok: false, reason: CNPJ_INVALID };
}

/** Does the domain accept mail? Injected: tests answer it, the app asks DNS (MX, else A/AAAA). */
export type MailDomainResolver = (domain: string) => Promise<boolean>;

export function checkEmailSyntax(raw: string): CheckOutcome {
  const value = raw.trim().toLowerCase();
  const tooLong = emailLengthProblem(value);
  if (tooLong) return { ok: false, reason: tooLong };
  const domain = value.split('@')[1] ?? '';
  // zod's e-mail rule already refuses spaces; the domain must also have a dot (no "ana@localhost").
  return isEmail(value) && domain.includes('.') ? { ok: true, value } : { ok: false, reason: EMAIL_INVALID };
}

export async function checkEmail(raw: string, resolveMailDomain: MailDomainResolver | undefined): Promise<CheckOutcome> {
  const syntax = checkEmailSyntax(raw);
  if (!syntax.ok || !resolveMailDomain) return syntax;
  const domain = syntax.value.split('@')[1] as string;
  return (await resolveMailDomain(domain)) ? syntax : { ok: false, reason: EMAIL_DOMAIN_NO_MAIL };
}

const NO_SUCH_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * The domain has an MX record, or (RFC 5321's fallback) an A/AAAA record. Only a definite "no such record" refuses:
 * a DNS timeout or server failure lets the address through, so an outage never blocks sign-ups.
 */
export const dnsMailDomainResolver: MailDomainResolver = async (domain) => {
  const lookups = [resolveMx(domain), resolve4(domain), resolve6(domain)];
  const results = await Promise.allSettled(lookups);
  if (results.some((r) => r.status === 'fulfilled' && r.value.length > 0)) return true;
  return !results.every((r) => r.status === 'rejected' && NO_SUCH_RECORD.has((r.reason as { code?: string }).code ?? ''));
};

/**
 * A Brazilian number with a real DDD: mobile (9 digits starting with 9) or landline (8 digits), with or without
 * +55 and mask -> E.164. The full metadata ("max") knows which DDDs and prefixes exist; the lighter one the forms
 * use only checks lengths.
 */
export function checkPhone(raw: string): CheckOutcome {
  if (hasPhoneExtension(raw)) return { ok: false, reason: PHONE_EXTENSION };
  const phone = parsePhoneNumberFromString(raw, 'BR');
  const national = phone?.nationalNumber ?? '';
  const type = phone?.isValid() && phone.country === 'BR' ? phone.getType() : undefined;
  const mobile = type === 'MOBILE' && /^\d{2}9\d{8}$/.test(national);
  const landline = type === 'FIXED_LINE' && /^\d{2}[2-5]\d{7}$/.test(national);
  return phone && (mobile || landline) ? { ok: true, value: phone.number } : { ok: false, reason: PHONE_INVALID };
}
