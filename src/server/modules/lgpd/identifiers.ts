/**
 * Who a data subject is, as the database can match them: their e-mails, phone numbers (national digits), CPFs (11
 * digits) and names. A search starts from what the admin typed; the records found add what they hold (a lead found
 * by phone brings its e-mail, which finds the e-mails sent to it).
 */
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LGPD_MESSAGES } from '../../../shared/lgpd.js';
import { badRequest } from '../../core/app-error.js';

export interface Identifiers {
  emails: Set<string>;
  /** Brazilian national numbers (DDD + number), digits only. */
  phones: Set<string>;
  cpfs: Set<string>;
  /** Full names from the records found: only used to scrub free text, never to search. */
  names: Set<string>;
}

export const emptyIdentifiers = (): Identifiers => ({ emails: new Set(), phones: new Set(), cpfs: new Set(), names: new Set() });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The national digits of a Brazilian phone number, or null. */
export function phoneDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  const phone = parsePhoneNumberFromString(value, 'BR');
  return phone?.isValid() && phone.country === 'BR' ? String(phone.nationalNumber) : null;
}

/** What the admin typed: an e-mail, a CPF, or a phone (11 digits may be either: both are tried). */
export function identifiersOfQuery(query: string): Identifiers {
  const ids = emptyIdentifiers();
  const text = query.trim();
  if (text.includes('@')) {
    if (!EMAIL.test(text)) throw badRequest(LGPD_MESSAGES.queryInvalid, { query: LGPD_MESSAGES.queryInvalid });
    ids.emails.add(text.toLowerCase());
    return ids;
  }
  const digits = text.replace(/\D/g, '');
  if (digits.length === 11 && isValidCpf(digits)) ids.cpfs.add(digits);
  const phone = phoneDigits(text);
  if (phone) ids.phones.add(phone);
  if (ids.cpfs.size === 0 && ids.phones.size === 0) throw badRequest(LGPD_MESSAGES.queryInvalid, { query: LGPD_MESSAGES.queryInvalid });
  return ids;
}

/** Adds what a found record holds to the subject's identifiers; says whether anything was new. */
export function addIdentifiers(ids: Identifiers, more: { emails?: unknown[]; phones?: unknown[]; names?: unknown[] }): boolean {
  const before = ids.emails.size + ids.phones.size + ids.names.size;
  for (const e of more.emails ?? []) if (typeof e === 'string' && EMAIL.test(e.trim())) ids.emails.add(e.trim().toLowerCase());
  for (const p of more.phones ?? []) {
    const digits = typeof p === 'string' ? phoneDigits(p) : null;
    if (digits) ids.phones.add(digits);
  }
  for (const n of more.names ?? []) {
    const name = typeof n === 'string' ? n.trim() : '';
    // A single word ("Maria") or a short name would scrub unrelated text: only full names are used.
    if (name.length >= 6 && /\S\s+\S/.test(name)) ids.names.add(name);
  }
  return ids.emails.size + ids.phones.size + ids.names.size !== before;
}

/** Phone digits as the columns may hold them: national, with the country code, or with a leading 0. */
export const phoneVariants = (ids: Identifiers) => [...ids.phones].flatMap((n) => [n, `55${n}`, `0${n}`]);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** Digits that may be written with separators in between ("(48) 99999-1234", "123.456.789-09"), never inside a longer number. */
const spacedDigits = (digits: string) => `(?<![0-9])${[...digits].join('[^0-9A-Za-z]{0,3}')}(?![0-9])`;
/** A phone as people write it: "+55 (48) 99999-1234", "(48) 99999 1234", "48999991234". */
const writtenPhone = (national: string) =>
  `(?<![0-9])(?:\\+?55[^0-9A-Za-z]{0,3})?\\(?${national.slice(0, 2)}\\)?[^0-9A-Za-z]{0,3}${[...national.slice(2)].join('[^0-9A-Za-z]{0,3}')}(?![0-9])`;

/**
 * PostgreSQL regular expressions (case-insensitive) that find the subject in free text: e-mails, phones (national
 * digits, however separated), CPFs and full names.
 */
export function freeTextPatterns(ids: Identifiers): string[] {
  return [
    ...[...ids.emails].map(escapeRegex),
    ...[...ids.phones].map(writtenPhone),
    ...[...ids.cpfs].map(spacedDigits),
    ...[...ids.names].map((name) => `\\m${escapeRegex(name).replace(/\s+/g, '\\s+')}\\M`),
  ];
}
