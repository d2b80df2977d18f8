import { adminFirstSegments, adminMenuWords } from './admin-routes.js';

/** First segments the server answers itself, or keeps for later, besides the admin app's screens. */
const OTHER_RESERVED = [
  'logout',
  'estabelecimentos',
  'api',
  'assets',
  'uploads',
  'public',
  'static',
  'admin',
  'favicon.ico',
  'favicon.svg',
  'robots.txt',
  'index.html',
  // GET /metrics on the main port (with METRICS_TOKEN, decision 0085).
  'metrics',
  // The public privacy page (issue 29, public-pages/privacy.tsx).
  'privacidade',
];

/**
 * Words the app uses as the first segment of its own paths: every admin route's (shared/admin-routes.ts) and the
 * server's. Establishment slugs share that URL space (/{estSlug}), so slug creation must avoid every one of them.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([...adminFirstSegments(), ...OTHER_RESERVED]);

/** Second segment of /carta/{x} that belongs to the admin app, not to a menu slug ('novo' kept for a former path). */
export const RESERVED_MENU_SLUGS: ReadonlySet<string> = new Set([...adminMenuWords(), 'novo']);
