/**
 * The public menu's only script (assets/menu-chips.js), served from memory under a content-hashed path so it
 * can be cached for a year; pages load it with `defer` and work without it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const source = readFileSync(new URL('./assets/menu-chips.js', import.meta.url));
const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);

export const MENU_SCRIPT_PATH = `/assets/carta-${hash}.js`;

export async function menuScriptRoute(app: FastifyInstance): Promise<void> {
  app.get(MENU_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${hash}"`)
      .send(source),
  );
}
