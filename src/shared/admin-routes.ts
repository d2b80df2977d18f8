import type { Permission } from './access-policy.js';

/** The header's menus, in order; an entry without a group sits on the bar itself. */
export const NAV_GROUPS = ['Cartas', 'Compras', 'Estoque', 'CRM', 'Administração'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * Who may open a route: `public` (no session needed, outside the signed-in layout), `signed-in` (every signed-in
 * user), or the access-policy permission it needs. There is no default: a route names one of the three.
 */
export type RouteAccess = 'public' | 'signed-in' | Permission;

export interface AdminRoute {
  /** The path, absolute, as React Router matches it. */
  path: string;
  /** The screen it shows: a name of `client/app/screens.ts` (the lazy import lives there). */
  screen: string;
  access: RouteAccess;
  /** Listed in the header: its label and the menu it sits under (absent group: on the bar itself). */
  nav?: { label: string; group?: NavGroup };
}

/**
 * Every screen of the admin app, one entry per route (docs/decisions/0073). The router, the header's navigation, the
 * screen permissions and the reserved establishment slugs are all derived from this table; add a screen here.
 * The header lists the entries with `nav` in this order.
 */
export const ADMIN_ROUTES = [
  { path: '/login', screen: 'LoginPage', access: 'public' },
  // Someone who cannot sign in asks for a link, and opens it.
  { path: '/esqueci-senha', screen: 'ForgotPasswordPage', access: 'public' },
  { path: '/redefinir-senha', screen: 'ResetPasswordPage', access: 'public' },
  // A prospective owner has no account yet (it opens for a signed-in user too).
  { path: '/onboarding', screen: 'OnboardingPage', access: 'public' },
  // Whoever holds an invitation link has no account yet.
  { path: '/convite', screen: 'AcceptInvitationPage', access: 'public' },

  { path: '/', screen: 'HomePage', access: 'signed-in', nav: { label: 'Início' } },
  { path: '/conta', screen: 'AccountPage', access: 'signed-in' },
  {
    path: '/cartas',
    screen: 'MenusPage',
    access: { area: 'menus', action: 'read' },
    nav: { label: 'Cartas', group: 'Cartas' },
  },
  {
    path: '/insights',
    screen: 'MenuInsightsPage',
    access: { area: 'menuInsights', action: 'read' },
    nav: { label: 'Insights da carta', group: 'Cartas' },
  },
  // Issue 32: what each wine of a menu earns, the popularity × margin matrix and the price suggestions.
  {
    path: '/engenharia',
    screen: 'MenuEngineeringPage',
    access: { area: 'menus', action: 'read' },
    nav: { label: 'Engenharia da carta', group: 'Cartas' },
  },
  { path: '/carta/nova', screen: 'MenuFormPage', access: { area: 'menus', action: 'create' } },
  { path: '/carta/:id/editar', screen: 'MenuEditPage', access: { area: 'menus', action: 'update' } },
  { path: '/carta/:id/qr', screen: 'QrPage', access: { area: 'menus', action: 'read' } },
  { path: '/carta/:id/idiomas', screen: 'MenuLanguagesPage', access: { area: 'menus', action: 'update' } },
  { path: '/estabelecimento/novo', screen: 'EstablishmentFormPage', access: { area: 'establishments', action: 'create' } },
  { path: '/estabelecimento/:id/editar', screen: 'EstablishmentFormPage', access: { area: 'establishments', action: 'read' } },
  {
    path: '/catalogo',
    screen: 'CatalogPage',
    access: { area: 'catalog', action: 'read' },
    nav: { label: 'Catálogo', group: 'Cartas' },
  },
  { path: '/catalogo/novo', screen: 'CatalogFormPage', access: { area: 'catalog', action: 'create' } },
  { path: '/catalogo/:id/editar', screen: 'CatalogFormPage', access: { area: 'catalog', action: 'update' } },
  {
    path: '/pedidos',
    screen: 'OrdersPage',
    access: { area: 'orders', action: 'read' },
    nav: { label: 'Pedidos', group: 'Compras' },
  },
  { path: '/pedidos/novo', screen: 'OrderFormPage', access: { area: 'orders', action: 'create' } },
  { path: '/pedidos/:id', screen: 'OrderPage', access: { area: 'orders', action: 'read' } },
  {
    path: '/fornecedores',
    screen: 'SuppliersPage',
    access: { area: 'suppliers', action: 'read' },
    nav: { label: 'Fornecedores', group: 'Compras' },
  },
  { path: '/fornecedores/novo', screen: 'SupplierFormPage', access: { area: 'suppliers', action: 'create' } },
  { path: '/fornecedores/:id/editar', screen: 'SupplierFormPage', access: { area: 'suppliers', action: 'update' } },
  {
    path: '/analytics',
    screen: 'AnalyticsPage',
    access: { area: 'analytics', action: 'read' },
    nav: { label: 'Indicadores', group: 'Compras' },
  },
  {
    path: '/adega',
    screen: 'CellarPage',
    access: { area: 'cellar', action: 'read' },
    nav: { label: 'Adega da casa', group: 'Estoque' },
  },
  { path: '/adega/recontagem', screen: 'RecountPage', access: { area: 'cellar', action: 'read' } },
  // Issue 31: the till's daily sales spreadsheet, for a till that cannot call the API.
  { path: '/adega/importar-vendas', screen: 'TillImportPage', access: { area: 'cellar', action: 'move' } },
  {
    path: '/produtos/gerenciar',
    screen: 'ProductsPage',
    access: { area: 'products', action: 'read' },
    nav: { label: 'Produtos', group: 'Estoque' },
  },
  {
    path: '/produtos/importar',
    screen: 'ImportWizardPage',
    access: { area: 'imports', action: 'create' },
    nav: { label: 'Importar produtos', group: 'Estoque' },
  },
  {
    path: '/produtos/historico',
    screen: 'ImportHistoryPage',
    access: { area: 'imports', action: 'read' },
    nav: { label: 'Histórico de importações', group: 'Estoque' },
  },
  {
    path: '/crm',
    screen: 'CrmDashboardPage',
    access: { area: 'crm', action: 'read' },
    nav: { label: 'Painel do CRM', group: 'CRM' },
  },
  {
    path: '/crm/leads',
    screen: 'LeadsPage',
    access: { area: 'crm', action: 'read' },
    nav: { label: 'Leads', group: 'CRM' },
  },
  {
    path: '/crm/opportunities',
    screen: 'OpportunitiesPage',
    access: { area: 'crm', action: 'read' },
    nav: { label: 'Oportunidades', group: 'CRM' },
  },
  {
    path: '/crm/activities',
    screen: 'ActivitiesPage',
    access: { area: 'crm', action: 'read' },
    nav: { label: 'Atividades', group: 'CRM' },
  },
  {
    path: '/usuarios',
    screen: 'UsersPage',
    access: { area: 'users', action: 'read' },
    nav: { label: 'Usuários', group: 'Administração' },
  },
  {
    path: '/onboarding/cadastros',
    screen: 'ReviewsPage',
    access: { area: 'onboardingReview', action: 'read' },
    nav: { label: 'Cadastros', group: 'Administração' },
  },
  { path: '/onboarding/cadastros/:id', screen: 'ReviewDetailPage', access: { area: 'onboardingReview', action: 'read' } },
  // Issue 29: who changed what, for admins and managers (their establishments).
  {
    path: '/auditoria',
    screen: 'AuditPage',
    access: { area: 'audit', action: 'read' },
    nav: { label: 'Auditoria', group: 'Administração' },
  },
  // Issue 31: API keys for the restaurant's other systems (its till, partners).
  {
    path: '/integracoes',
    screen: 'IntegrationsPage',
    access: { area: 'apiKeys', action: 'read' },
    nav: { label: 'Integrações', group: 'Administração' },
  },
  {
    path: '/lgpd',
    screen: 'LgpdPage',
    access: { area: 'lgpd', action: 'read' },
    nav: { label: 'Dados pessoais (LGPD)', group: 'Administração' },
  },
] as const satisfies readonly AdminRoute[];

export type ScreenName = (typeof ADMIN_ROUTES)[number]['screen'];

const segments = (path: string) => path.split('/').filter(Boolean);
const isWord = (segment: string | undefined): segment is string => !!segment && !segment.startsWith(':') && segment !== '*';

/** The first path segments the admin app uses ('cartas', 'crm', …), each once. */
export function adminFirstSegments(): string[] {
  return [...new Set(ADMIN_ROUTES.map((r) => segments(r.path)[0]).filter(isWord))];
}

/** The words after `/carta/` that are admin screens ('nova'), not menu slugs. */
export function adminMenuWords(): string[] {
  return ADMIN_ROUTES.map((r) => segments(r.path)).flatMap(([first, second]) => (first === 'carta' && isWord(second) ? [second] : []));
}
