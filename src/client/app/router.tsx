import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireAuth } from './RequireAuth';
import { NotFoundPage, RouteError } from './RouteError';

// Only the login screen is in the first download (docs/decisions/0012): every other screen, the layout included,
// loads when first opened, so the login route stays within its JavaScript budget (bench/bundle-size.mjs).
// One import for an area with several screens: each import() carries its preload list into the first download.
const marketplaceScreens = () => import('./marketplace-screens');

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  // Public: someone who cannot sign in asks for a link, and opens it.
  {
    path: '/esqueci-senha',
    errorElement: <RouteError />,
    lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/redefinir-senha',
    errorElement: <RouteError />,
    lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  // Public: a prospective owner has no account yet (it opens for a signed-in user too).
  {
    path: '/onboarding',
    errorElement: <RouteError />,
    lazy: () => import('../features/onboarding/OnboardingPage').then((m) => ({ Component: m.OnboardingPage })),
  },
  // Public: whoever holds an invitation link has no account yet.
  {
    path: '/convite',
    errorElement: <RouteError />,
    lazy: () => import('../features/invitations/AcceptInvitationPage').then((m) => ({ Component: m.AcceptInvitationPage })),
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => import('./AppLayout').then((m) => ({ Component: m.AppLayout })),
        children: [
          { index: true, lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })) },
          { path: 'conta', lazy: () => import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })) },
          { path: 'usuarios', lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
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
          { path: 'adega', lazy: () => import('../features/cellar/CellarPage').then((m) => ({ Component: m.CellarPage })) },
          {
            path: 'adega/recontagem',
            lazy: () => import('../features/cellar/RecountPage').then((m) => ({ Component: m.RecountPage })),
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
          {
            path: 'onboarding/cadastros',
            lazy: () => import('../features/onboarding/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
          },
          {
            path: 'onboarding/cadastros/:id',
            lazy: () => import('../features/onboarding/ReviewDetailPage').then((m) => ({ Component: m.ReviewDetailPage })),
          },
          {
            path: 'insights',
            lazy: () => import('../features/menu-insights/MenuInsightsPage').then((m) => ({ Component: m.MenuInsightsPage })),
          },
          { path: 'analytics', lazy: () => import('../features/analytics/AnalyticsPage').then((m) => ({ Component: m.AnalyticsPage })) },
          {
            path: 'produtos/gerenciar',
            lazy: () => import('../features/products/ProductsPage').then((m) => ({ Component: m.ProductsPage })),
          },
          { path: 'fornecedores', lazy: () => marketplaceScreens().then((m) => ({ Component: m.SuppliersPage })) },
          { path: 'fornecedores/novo', lazy: () => marketplaceScreens().then((m) => ({ Component: m.SupplierFormPage })) },
          { path: 'fornecedores/:id/editar', lazy: () => marketplaceScreens().then((m) => ({ Component: m.SupplierFormPage })) },
          { path: 'pedidos', lazy: () => marketplaceScreens().then((m) => ({ Component: m.OrdersPage })) },
          { path: 'pedidos/novo', lazy: () => marketplaceScreens().then((m) => ({ Component: m.OrderFormPage })) },
          { path: 'pedidos/:id', lazy: () => marketplaceScreens().then((m) => ({ Component: m.OrderPage })) },
          {
            path: 'produtos/importar',
            lazy: () => import('../features/product-import/ImportWizardPage').then((m) => ({ Component: m.ImportWizardPage })),
          },
          {
            path: 'produtos/historico',
            lazy: () => import('../features/product-import/ImportHistoryPage').then((m) => ({ Component: m.ImportHistoryPage })),
          },
          { path: 'crm', lazy: () => import('../features/crm/CrmDashboardPage').then((m) => ({ Component: m.CrmDashboardPage })) },
          { path: 'crm/leads', lazy: () => import('../features/crm/LeadsPage').then((m) => ({ Component: m.LeadsPage })) },
          {
            path: 'crm/opportunities',
            lazy: () => import('../features/crm/OpportunitiesPage').then((m) => ({ Component: m.OpportunitiesPage })),
          },
          { path: 'crm/activities', lazy: () => import('../features/crm/ActivitiesPage').then((m) => ({ Component: m.ActivitiesPage })) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
