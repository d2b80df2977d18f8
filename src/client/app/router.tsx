import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { HomePage } from '../features/home/HomePage';
import { UsersPage } from '../features/users/UsersPage';
import { AppLayout } from './AppLayout';
import { RequireAuth } from './RequireAuth';
import { NotFoundPage, RouteError } from './RouteError';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'usuarios', element: <UsersPage /> },
          // Screens below load on demand: dnd-kit, the dropzone and the forms stay out of the first download.
          { path: 'cartas', lazy: () => import('../features/menus/MenusPage').then((m) => ({ Component: m.MenusPage })) },
          { path: 'carta/nova', lazy: () => import('../features/menus/MenuFormPage').then((m) => ({ Component: m.MenuFormPage })) },
          { path: 'carta/:id/editar', lazy: () => import('../features/menus/MenuEditPage').then((m) => ({ Component: m.MenuEditPage })) },
          { path: 'carta/:id/qr', lazy: () => import('../features/menus/QrPage').then((m) => ({ Component: m.QrPage })) },
          {
            path: 'estabelecimento/novo',
            lazy: () => import('../features/establishments/EstablishmentFormPage').then((m) => ({ Component: m.EstablishmentFormPage })),
          },
          {
            path: 'estabelecimento/:id/editar',
            lazy: () => import('../features/establishments/EstablishmentFormPage').then((m) => ({ Component: m.EstablishmentFormPage })),
          },
          { path: 'catalogo', lazy: () => import('../features/catalog/CatalogPage').then((m) => ({ Component: m.CatalogPage })) },
          {
            path: 'catalogo/novo',
            lazy: () => import('../features/catalog/CatalogFormPage').then((m) => ({ Component: m.CatalogFormPage })),
          },
          {
            path: 'catalogo/:id/editar',
            lazy: () => import('../features/catalog/CatalogFormPage').then((m) => ({ Component: m.CatalogFormPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
