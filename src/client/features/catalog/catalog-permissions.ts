import type { Role } from '../../../shared/roles';

/** docs/product.md §3 "Roles": catalogue — admin all; sommelier read, create, edit; the others read. */
export const canCreateCatalog = (role: Role | undefined) => role === 'admin' || role === 'sommelier';
export const canEditCatalog = canCreateCatalog;
export const canDeleteCatalog = (role: Role | undefined) => role === 'admin';
