import { z } from 'zod';

/**
 * Text builders shared by the schemas: the React forms and the Fastify routes parse with the same rules.
 * Text is trimmed; an empty string from a form becomes null. Rules for e-mail, phone, money, URLs... are in field-rules.ts.
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

/** An optional slug as typed: trimmed, empty -> undefined (the server derives one). */
export const optionalSlugInput = z
  .string({ error: 'Endereço: informe um texto.' })
  .trim()
  .max(200, 'Endereço: no máximo 200 caracteres.')
  .nullish()
  .transform((v) => (v ? v : undefined));
