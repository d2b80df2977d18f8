import type { RouteObject } from 'react-router';
import { ADMIN_ROUTES, type AdminRoute } from '../../shared/admin-routes';
import { RequireAuth } from './RequireAuth';
import { NotFoundPage, RouteError } from './RouteError';
import { SCREENS } from './screens';

/** One React Router route for a table entry; `relative` drops the leading slash (a child of the signed-in layout). */
export function routeObject(route: AdminRoute, relative: boolean): RouteObject {
  const source = SCREENS[route.screen as keyof typeof SCREENS];
  const screen =
    'Component' in source
      ? { Component: source.Component }
      : { lazy: () => source.lazy().then((Component) => ({ Component })), ...(relative ? {} : { errorElement: <RouteError /> }) };
  if (route.path === '/' && relative) return { index: true, ...screen };
  return { path: relative ? route.path.slice(1) : route.path, ...screen };
}

const publicRoutes = ADMIN_ROUTES.filter((r) => r.access === 'public');
const signedInRoutes = ADMIN_ROUTES.filter((r) => r.access !== 'public');

/** The admin app's routes, derived from shared/admin-routes.ts (docs/decisions/0073). */
export const routes: RouteObject[] = [
  ...publicRoutes.map((r) => routeObject(r, false)),
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => import('./AppLayout').then((m) => ({ Component: m.AppLayout })),
        children: [...signedInRoutes.map((r) => routeObject(r, true)), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];
