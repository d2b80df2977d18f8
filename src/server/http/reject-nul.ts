import type { FastifyInstance } from 'fastify';
import { appError } from '../core/app-error.js';

const MAX_DEPTH = 20;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: one NUL anywhere in params, query or body would end as a 500 deep in a query.
 * Refused up front, for every route, with a pt-BR message.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw appError('invalid_characters', 'O texto enviado contém caracteres inválidos.');
    }
  });
}
