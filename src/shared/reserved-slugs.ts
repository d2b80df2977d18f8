/**
 * Words the app uses as the first segment of its own paths. Establishment slugs share that URL space
 * (/{estSlug}), so slug creation must avoid every one of them.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'login',
  'logout',
  'adega',
  'carta',
  'cartas',
  'catalogo',
  'fornecedores',
  'pedidos',
  'analytics',
  'insights',
  'crm',
  'onboarding',
  'produtos',
  'estabelecimento',
  'estabelecimentos',
  'usuarios',
  'conta',
  'esqueci-senha',
  'redefinir-senha',
  'convite',
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
]);

/** Second segment of /carta/{x} that belongs to the admin app, not to a menu slug. */
export const RESERVED_MENU_SLUGS: ReadonlySet<string> = new Set(['nova', 'novo']);
