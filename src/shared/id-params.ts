import { z } from 'zod';

/** `/:id` of a row named by its uuid: a malformed one is a 400 with a pt-BR text, never a database error. */
export const idParamsSchema = z.object({ id: z.uuid('Identificador inválido.') });
