import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPermission } from '../../shared/access-policy';
import { ADMIN_ROUTES } from '../../shared/admin-routes';
import { permissionForPath } from './route-permissions';
import { routes } from './routes';
import { SCREENS } from './screens';

describe('the admin route table (shared/admin-routes.ts)', () => {
  it('has every route name a permission of the access policy or say it is public or for every signed-in user', () => {
    for (const route of ADMIN_ROUTES) {
      const access = route.access as unknown;
      if (typeof access === 'string') expect(['public', 'signed-in'], route.path).toContain(access);
      else {
        const { area, action } = access as { area: string; action: string };
        expect(isPermission(area, action), route.path).toBe(true);
      }
    }
  });

  it('opens only the home and account screens to every signed-in user, and only the sign-in screens without a session', () => {
    const paths = (access: string) => ADMIN_ROUTES.filter((r) => r.access === access).map((r) => r.path);
    expect(paths('signed-in')).toEqual(['/', '/conta']);
    expect(paths('public')).toEqual(['/login', '/esqueci-senha', '/redefinir-senha', '/onboarding', '/convite']);
  });

  it('lists each path once and names a screen that exists', () => {
    const paths = ADMIN_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of ADMIN_ROUTES) expect(SCREENS[route.screen], route.path).toBeDefined();
  });

  it('gives the router every route: public ones outside the session guard, the others inside the layout', () => {
    for (const route of ADMIN_ROUTES) {
      const concrete = route.path.replace(/:id/g, '4f1c2a9e-0000-4000-8000-000000000000');
      const matched = matchRoutes(routes, concrete);
      expect(matched, route.path).not.toBeNull();
      const leaf = matched![matched!.length - 1]!.route;
      expect(leaf.path === '*', route.path).toBe(false);
      // Signed-in screens sit under RequireAuth and the layout; public ones are top-level routes.
      expect(matched!.length, route.path).toBe(route.access === 'public' ? 1 : 3);
    }
  });

  it('asks for the route permission on each guarded path, and on unknown paths below it', () => {
    for (const route of ADMIN_ROUTES) {
      const concrete = route.path.replace(/:id/g, 'x');
      expect(permissionForPath(concrete), route.path).toEqual(typeof route.access === 'object' ? route.access : undefined);
    }
    expect(permissionForPath('/crm/qualquer-coisa')).toEqual({ area: 'crm', action: 'read' });
    expect(permissionForPath('/nao-existe')).toBeUndefined();
  });
});
