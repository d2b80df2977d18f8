export const ROLES = ['admin', 'restaurant_manager', 'sommelier', 'supplier'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  restaurant_manager: 'Gerente de restaurante',
  sommelier: 'Sommelier',
  supplier: 'Fornecedor',
};

/** Roles whose users are linked to the establishments they work for. */
export const ESTABLISHMENT_ROLES: readonly Role[] = ['restaurant_manager', 'sommelier'];
