import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, adminFirstSegments } from './admin-routes.js';
import { RESERVED_MENU_SLUGS, RESERVED_SLUGS } from './reserved-slugs.js';

/** Every top-level admin route of the product (docs/product.md "Screens and routes"), built or still to come. */
const PRODUCT_ROUTES = 'login estabelecimento carta cartas catalogo fornecedores pedidos analytics crm onboarding produtos usuarios'.split(
  ' ',
);
/** Paths the server answers itself before any establishment page. */
const SERVER_PREFIXES = ['api', 'assets', 'uploads', 'metrics'];

describe('reserved slugs', () => {
  it('finds the first segments of the route table', () => {
    expect(adminFirstSegments()).toEqual(expect.arrayContaining(['login', 'usuarios', 'carta', 'catalogo', 'crm']));
    expect(adminFirstSegments()).not.toContain('');
  });

  it.each(adminFirstSegments())('reserves "%s", a top-level route of the admin app', (segment) => {
    expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });

  it.each([...PRODUCT_ROUTES, ...SERVER_PREFIXES])('reserves "%s"', (segment) => {
    expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });

  it('reserves the words after /carta/ that are admin screens, not menu slugs', () => {
    const words = ADMIN_ROUTES.map((r) => r.path.split('/')).flatMap(([, first, second]) =>
      first === 'carta' && second && !second.startsWith(':') ? [second] : [],
    );
    expect(words).toEqual(['nova']);
    for (const word of words) expect(RESERVED_MENU_SLUGS.has(word), word).toBe(true);
  });
});
