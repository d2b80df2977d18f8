/** Query-string numbers of the paginated lists (catalogue, suppliers, orders, products, CRM): one wording of their errors. */
import { z } from 'zod';

export const queryInt = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: informe um número inteiro.` })
    .int(`${label}: informe um número inteiro.`)
    .min(min, `${label}: mínimo ${min}.`)
    .max(max, `${label}: máximo ${max}.`);

/** `page`, 1-based. */
export const queryPage = () => queryInt('page', 1, 100_000).optional();

/** `limit`: at least 1; more than `max` is served as `max`. */
export const queryLimit = (max: number) =>
  z.coerce
    .number({ error: 'limit: informe um número inteiro.' })
    .int('limit: informe um número inteiro.')
    .min(1, 'limit: mínimo 1.')
    .transform((v) => Math.min(v, max))
    .optional();
