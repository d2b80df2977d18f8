/**
 * Every TanStack Query key of the admin, by entity. One entity has one key family (and one type) whichever screen
 * loads it, so features share the cache without importing each other; invalidating `.all` refreshes the whole family.
 */
export const queryKeys = {
  session: (token: string | null) => ['session', token] as const,
  account: ['account'] as const,
  twoStep: ['account', 'two-step'] as const,
  openSessions: ['account', 'sessions'] as const,
  twoStepPolicy: ['two-step-policy'] as const,
  establishments: {
    all: ['establishments'] as const,
    list: () => ['establishments', 'list'] as const,
    detail: (id: string) => ['establishments', 'detail', id] as const,
  },
  menus: {
    all: ['wine-menus'] as const,
    lists: () => ['wine-menus', 'list'] as const,
    list: (establishmentId: string | null) => ['wine-menus', 'list', establishmentId] as const,
    detail: (id: string) => ['wine-menus', 'detail', id] as const,
    qr: (id: string) => ['wine-menus', 'detail', id, 'qr'] as const,
    languages: (id: string) => ['wine-menus', 'detail', id, 'languages'] as const,
    /** Under the menu's detail: a price change to the menu refreshes its engineering report too. */
    engineering: (id: string, period: string) => ['wine-menus', 'detail', id, 'engineering', period] as const,
  },
  cellar: {
    all: ['cellar'] as const,
    list: (establishmentId: string) => ['cellar', 'list', establishmentId] as const,
    movements: (itemId: string) => ['cellar', 'movements', itemId] as const,
    reorder: (establishmentId: string) => ['cellar', 'reorder', establishmentId] as const,
    figures: (establishmentId: string, days: number) => ['cellar', 'figures', establishmentId, days] as const,
    discrepancies: (establishmentId: string) => ['cellar', 'discrepancies', establishmentId] as const,
    tillCodes: (establishmentId: string) => ['cellar', 'till-codes', establishmentId] as const,
  },
  apiKeys: {
    all: ['api-keys'] as const,
    list: (establishmentId: string) => ['api-keys', 'list', establishmentId] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    list: (establishmentId: string) => ['webhooks', 'list', establishmentId] as const,
    deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
  },
  catalog: {
    all: ['catalog'] as const,
    list: (filters: Record<string, string>, page: number) => ['catalog', 'list', filters, page] as const,
    search: (q: string) => ['catalog', 'search', q] as const,
    detail: (id: string) => ['catalog', 'detail', id] as const,
  },
  menuInsights: {
    all: ['menu-insights'] as const,
    detail: (establishmentId: string, days: number) => ['menu-insights', establishmentId, days] as const,
  },
  analytics: {
    all: ['analytics'] as const,
    dashboard: (days: number) => ['analytics', 'dashboard', days] as const,
  },
  users: {
    all: ['users'] as const,
  },
  invitations: {
    all: ['invitations'] as const,
  },
  lgpd: {
    all: ['lgpd'] as const,
    requests: ['lgpd', 'requests'] as const,
    retention: ['lgpd', 'retention'] as const,
  },
  onboardingReviews: {
    all: ['onboarding-reviews'] as const,
    list: (filters: { status: string; search: string }) => ['onboarding-reviews', 'list', filters] as const,
    detail: (id: string) => ['onboarding-reviews', 'detail', id] as const,
    menuFile: (id: string) => ['onboarding-reviews', 'detail', id, 'menu-file'] as const,
  },
  products: {
    all: ['products'] as const,
    list: (filters: Record<string, string>, page: number) => ['products', 'list', filters, page] as const,
    stats: () => ['products', 'stats'] as const,
    categories: () => ['products', 'categories'] as const,
  },
  suppliers: {
    all: ['suppliers'] as const,
    list: (search: string, page: number) => ['suppliers', 'list', search, page] as const,
    options: () => ['suppliers', 'options'] as const,
    detail: (id: string) => ['suppliers', 'detail', id] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (filters: Record<string, string>, page: number) => ['orders', 'list', filters, page] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
  },
  imports: {
    all: ['product-imports'] as const,
    history: () => ['product-imports', 'history'] as const,
    historyPage: (page: number) => ['product-imports', 'history', page] as const,
    preview: (id: string) => ['product-imports', 'preview', id] as const,
    status: (id: string) => ['product-imports', 'status', id] as const,
    details: (id: string) => ['product-imports', 'details', id] as const,
  },
  tillImports: {
    all: ['till-imports'] as const,
    history: (establishmentId: string) => ['till-imports', 'history', establishmentId] as const,
    historyPage: (establishmentId: string, page: number) => ['till-imports', 'history', establishmentId, page] as const,
    preview: (id: string) => ['till-imports', 'preview', id] as const,
    status: (id: string) => ['till-imports', 'status', id] as const,
    details: (id: string) => ['till-imports', 'details', id] as const,
  },
  crm: {
    all: ['crm'] as const,
    leads: (filters: Record<string, string>) => ['crm', 'leads', filters] as const,
    opportunities: (filters: Record<string, string>) => ['crm', 'opportunities', filters] as const,
    activities: (filters: Record<string, string>) => ['crm', 'activities', filters] as const,
    dashboard: (range: { start_date: string; end_date: string }) => ['crm', 'dashboard', range] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filters: Record<string, string>, page: number) => ['audit', 'list', filters, page] as const,
    record: (kind: string, id: string) => ['audit', 'record', kind, id] as const,
    people: () => ['audit', 'people'] as const,
  },
};
