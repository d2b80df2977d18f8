import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The app whose routes take their request and reply types from their zod schemas. */
export type ZodRoutes = ReturnType<typeof typed>;

/**
 * A module's routes as a Fastify plugin: `add` declares them on the typed app `r`; `app` is the plain one, for the
 * helpers that take it (registerRecordRoutes) and for hooks.
 */
export const zodRoutes =
  (add: (r: ZodRoutes, app: FastifyInstance) => void) =>
  async (app: FastifyInstance): Promise<void> =>
    add(typed(app), app);
