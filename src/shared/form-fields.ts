import { z } from 'zod';

/**
 * Field builders shared by the establishment and wine-menu schemas: the React forms and the Fastify routes parse
 * with the same rules. Text is trimmed; an empty string from a form becomes null.
 */

export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredText(requiredMessage: string, label: string, max: number) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, `${label}: no máximo ${max} caracteres.`);
}

/** Our own stored files: /uploads/<name>, no directory tricks. */
const UPLOADS_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function isUploadsPath(value: string): boolean {
  return UPLOADS_PATH.test(value) && !value.includes('..');
}

/** An optional http(s) URL. */
export function optionalHttpUrl(label: string, invalidMessage: string, max = 500) {
  return optionalText(label, max).refine((v) => v === null || isHttpUrl(v), invalidMessage);
}

/** An optional image address: one of our /uploads/... files or an http(s) URL. */
export function optionalImageUrl(label: string, invalidMessage: string, max = 1000) {
  return optionalText(label, max).refine((v) => v === null || isUploadsPath(v) || isHttpUrl(v), invalidMessage);
}

/** An optional e-mail, lower-cased. */
export function optionalEmail(invalidMessage: string) {
  return optionalText('E-mail', 254)
    .transform((v) => (v ? v.toLowerCase() : v))
    .refine((v) => v === null || z.email().safeParse(v).success, invalidMessage);
}

/** An optional slug as typed: trimmed, empty -> undefined (the server derives one). */
export const optionalSlugInput = z
  .string({ error: 'Endereço (slug): informe um texto.' })
  .trim()
  .max(200, 'Endereço (slug): no máximo 200 caracteres.')
  .nullish()
  .transform((v) => (v ? v : undefined));
