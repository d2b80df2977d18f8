/**
 * Every TanStack Query key of the admin, by entity. One entity has one key family (and one type) whichever screen
 * loads it, so features share the cache without importing each other; invalidating `.all` refreshes the whole family.
 */
export const queryKeys = {
  session: (token: string | null) => ['session', token] as const,
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
  },
  catalog: {
    all: ['catalog'] as const,
    list: (filters: Record<string, string>, page: number) => ['catalog', 'list', filters, page] as const,
    search: (q: string) => ['catalog', 'search', q] as const,
    detail: (id: string) => ['catalog', 'detail', id] as const,
  },
  users: {
    all: ['users'] as const,
  },
  crm: {
    all: ['crm'] as const,
    leads: (filters: Record<string, string>) => ['crm', 'leads', filters] as const,
    opportunities: (filters: Record<string, string>) => ['crm', 'opportunities', filters] as const,
    activities: (filters: Record<string, string>) => ['crm', 'activities', filters] as const,
    dashboard: (range: { start_date: string; end_date: string }) => ['crm', 'dashboard', range] as const,
  },
};
