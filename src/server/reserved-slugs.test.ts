import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_MENU_SLUGS, RESERVED_SLUGS } from '../shared/reserved-slugs.js';

/** The `path: '...'` strings of the admin app's router, as written. */
const routerPaths = [...readFileSync(new URL('../client/app/router.tsx', import.meta.url), 'utf8').matchAll(/\bpath:\s*'([^']*)'/g)].map(
  (m) => m[1]!.replace(/^\//, ''),
);
const firstSegment = (path: string) => path.split('/')[0]!;
const isWord = (segment: string) => segment !== '' && !segment.startsWith(':') && segment !== '*';

/** Every top-level admin route of the product (docs/product.md "Screens and routes"), built or still to come. */
const PRODUCT_ROUTES = 'login estabelecimento carta cartas catalogo fornecedores pedidos analytics crm onboarding produtos usuarios'.split(
  ' ',
);
/** Paths the server answers itself before any establishment page. */
const SERVER_PREFIXES = ['api', 'assets', 'uploads'];

describe('reserved slugs', () => {
  it('finds the routes of router.tsx (the parsing still matches how routes are written)', () => {
    expect(routerPaths).toEqual(expect.arrayContaining(['login', 'usuarios', 'carta/nova', 'catalogo/:id/editar']));
  });

  it.each(routerPaths.map(firstSegment).filter(isWord))('reserves "%s", a top-level route of the admin app', (segment) => {
    expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });

  it.each([...PRODUCT_ROUTES, ...SERVER_PREFIXES])('reserves "%s"', (segment) => {
    expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });

  it('reserves the words after /carta/ that are admin screens, not menu slugs', () => {
    const words = routerPaths.filter((p) => firstSegment(p) === 'carta').map((p) => p.split('/')[1] ?? '');
    expect(words.filter(isWord)).not.toHaveLength(0);
    for (const word of words.filter(isWord)) expect(RESERVED_MENU_SLUGS.has(word), word).toBe(true);
  });
});
