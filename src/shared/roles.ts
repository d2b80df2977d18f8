import { valuesOf } from './vocabulary.js';

export const ROLE_LABELS = {
  admin: 'Administrador',
  restaurant_manager: 'Gerente de restaurante',
  sommelier: 'Sommelier',
  supplier: 'Fornecedor',
};
export type Role = keyof typeof ROLE_LABELS;
export const ROLES = valuesOf(ROLE_LABELS);

/** Roles whose users are linked to the establishments they work for. */
export const ESTABLISHMENT_ROLES: readonly Role[] = ['restaurant_manager', 'sommelier'];
