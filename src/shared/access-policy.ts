import type { Role } from './roles.js';

/**
 * The one access policy (docs/product.md §3 "Roles"): for a caller and an action, the scope of rows it may touch.
 * The server turns the scope into query filters and route guards; the client asks the same table to show or
 * hide actions. Admin may do everything.
 */

/** Who is asking: only what the policy needs, so the client's session user and the server's Caller both fit. */
export interface Principal {
  role: Role;
  /** Establishments a manager or sommelier works for. */
  establishmentIds: readonly string[];
  /** The supplier a supplier user belongs to. */
  supplierId: string | null;
}

export type Scope =
  | { kind: 'all' }
  | { kind: 'establishments'; ids: readonly string[] }
  | { kind: 'supplier'; id: string }
  | { kind: 'none' };

/** 'own' means the caller's establishments (manager, sommelier) or its supplier (supplier user). */
type Grant = 'all' | 'own';
type Grants = Partial<Record<Exclude<Role, 'admin'>, Grant>>;

const OWN_ESTABLISHMENT_STAFF: Grants = { restaurant_manager: 'own', sommelier: 'own' };
const EVERY_SIGNED_IN_USER: Grants = { restaurant_manager: 'all', sommelier: 'all', supplier: 'all' };
const OWN_MANAGER: Grants = { restaurant_manager: 'own' };
const OWN_SUPPLIER: Grants = { supplier: 'own' };
const NOBODY: Grants = {};
/** The 403 text of actions only the admin may take, unless DENIED names a more precise one. */
const ADMIN_ONLY = 'Apenas administradores podem fazer isto.';

export const POLICY = {
  establishments: {
    read: OWN_ESTABLISHMENT_STAFF,
    create: OWN_MANAGER,
    update: OWN_MANAGER,
    delete: OWN_MANAGER,
  },
  menus: {
    read: OWN_ESTABLISHMENT_STAFF,
    create: OWN_ESTABLISHMENT_STAFF,
    update: OWN_ESTABLISHMENT_STAFF,
    delete: OWN_ESTABLISHMENT_STAFF,
  },
  /** The house cellar (issue 18): the establishment's managers and sommeliers, like its menus. */
  cellar: {
    read: OWN_ESTABLISHMENT_STAFF,
    create: OWN_ESTABLISHMENT_STAFF,
    update: OWN_ESTABLISHMENT_STAFF,
    move: OWN_ESTABLISHMENT_STAFF,
  },
  /** What guests do on the establishment's public menus (views, tables, searches, wines opened): docs/decisions/0064. */
  menuInsights: {
    read: OWN_ESTABLISHMENT_STAFF,
  },
  catalog: {
    read: EVERY_SIGNED_IN_USER,
    create: { sommelier: 'all' },
    update: { sommelier: 'all' },
    delete: NOBODY,
  },
  suppliers: {
    read: { restaurant_manager: 'all', sommelier: 'all', supplier: 'own' },
    create: NOBODY,
    /** A supplier user keeps its own contact details up to date… */
    update: OWN_SUPPLIER,
    /** …but its commercial terms (commission rate, contract dates) are the marketplace's to set. */
    setTerms: NOBODY,
    delete: NOBODY,
  },
  orders: {
    read: { restaurant_manager: 'own', sommelier: 'own', supplier: 'own' },
    create: OWN_MANAGER,
    // docs/product.md "Roles" and docs/decisions/0014: the supplier an order is addressed to confirms and ships it;
    // the buying establishment's people (its manager, and its sommelier who receives the wine) mark it delivered;
    // the manager or the supplier may cancel while the transition allows it.
    confirm: OWN_SUPPLIER,
    ship: OWN_SUPPLIER,
    deliver: { restaurant_manager: 'own', sommelier: 'own' },
    cancel: { restaurant_manager: 'own', supplier: 'own' },
  },
  products: {
    read: { restaurant_manager: 'all', sommelier: 'all', supplier: 'own' },
    create: OWN_SUPPLIER,
    update: OWN_SUPPLIER,
    delete: OWN_SUPPLIER,
  },
  /**
   * Product categories are one tree shared by every supplier: a supplier adds the categories its range needs (by
   * hand or by import), only the admin reshapes the tree (renames, moves, deactivates).
   */
  productCategories: {
    read: EVERY_SIGNED_IN_USER,
    create: { supplier: 'all' },
    update: NOBODY,
  },
  imports: {
    read: OWN_SUPPLIER,
    create: OWN_SUPPLIER,
    execute: OWN_SUPPLIER,
    retry: OWN_SUPPLIER,
    delete: OWN_SUPPLIER,
  },
  analytics: {
    read: { restaurant_manager: 'own', sommelier: 'own', supplier: 'own' },
  },
  crm: {
    read: NOBODY,
    create: NOBODY,
    update: NOBODY,
    delete: NOBODY,
    convert: NOBODY,
    close: NOBODY,
    complete: NOBODY,
  },
  onboardingReview: {
    read: NOBODY,
    approve: NOBODY,
    reject: NOBODY,
  },
  /** E-mail the app could not deliver, with the SMTP server's answer. */
  mail: {
    readFailed: NOBODY,
  },
  /** Whether the scheduled backups run, and how the last one went. */
  backups: {
    readStatus: NOBODY,
  },
  /**
   * A manager lists and deactivates the staff of its own establishments (and invites them: `invitations`); editing
   * a login's e-mail, role or password, and deleting it, stay the admin's.
   */
  users: {
    read: OWN_MANAGER,
    create: NOBODY,
    update: NOBODY,
    deactivate: OWN_MANAGER,
    delete: NOBODY,
  },
  /** Which roles a manager may invite is `invitableRoles` below: never admin or supplier. */
  invitations: {
    read: OWN_MANAGER,
    create: OWN_MANAGER,
    resend: OWN_MANAGER,
    delete: OWN_MANAGER,
  },
  /**
   * Data subjects' rights (LGPD, issue 29): finding a person's data, exporting it, erasing it, and the retention
   * rules. The admin's only: it reaches every table.
   */
  lgpd: {
    read: NOBODY,
    export: NOBODY,
    erase: NOBODY,
    manageRetention: NOBODY,
  },
  /** The sample "Pedra da Ilha" data: creating an establishment, so managers (and admin) only. */
  seed: {
    create: OWN_MANAGER,
  },
  /** Images for logos, wines and products: whoever edits any of them. */
  uploads: {
    create: EVERY_SIGNED_IN_USER,
  },
  /** API keys for the establishment's other systems (issue 31, "Integrações"): its managers (and the admin). */
  apiKeys: {
    read: OWN_MANAGER,
    create: OWN_MANAGER,
    revoke: OWN_MANAGER,
  },
  /** Webhooks telling the establishment's other systems of its events (issue 31, "Integrações"): its managers. */
  webhooks: {
    read: OWN_MANAGER,
    manage: OWN_MANAGER,
  },
  /** The audit trail (issue 29, /auditoria and each record's history): a manager reads its establishments' entries. */
  audit: {
    read: OWN_MANAGER,
  },
} as const satisfies Record<string, Record<string, Grants>>;

export type Area = keyof typeof POLICY;
export type ActionOf<A extends Area> = keyof (typeof POLICY)[A] & string;
/** An area and one of its actions, as routes and components name them. */
export type Permission = { [A in Area]: { area: A; action: ActionOf<A> } }[Area];

/** What a refused caller reads (403 `detail`) when an action has a more precise text than the generic one. */
const DENIED: { [A in Area]?: Partial<Record<ActionOf<A>, string>> } = {
  establishments: {
    create: 'Você não tem permissão para criar estabelecimentos.',
    update: 'Você não tem permissão para alterar estabelecimentos.',
    delete: 'Você não tem permissão para excluir estabelecimentos.',
  },
  menus: {
    create: 'Você não tem permissão para alterar cartas de vinhos.',
    update: 'Você não tem permissão para alterar cartas de vinhos.',
    delete: 'Você não tem permissão para alterar cartas de vinhos.',
  },
  cellar: {
    create: 'Você não tem permissão para alterar a adega.',
    update: 'Você não tem permissão para alterar a adega.',
    move: 'Você não tem permissão para registrar movimentos na adega.',
  },
  catalog: {
    create: 'Seu perfil não pode adicionar vinhos ao catálogo.',
    update: 'Seu perfil não pode editar o catálogo.',
    delete: 'Apenas administradores podem excluir vinhos do catálogo.',
  },
  suppliers: {
    create: 'Apenas administradores podem cadastrar fornecedores.',
    update: 'Você não tem permissão para alterar este fornecedor.',
    delete: 'Apenas administradores podem excluir fornecedores.',
  },
  orders: {
    create: 'Apenas gerentes de restaurante e administradores podem fazer pedidos.',
    confirm: 'Apenas o fornecedor do pedido pode confirmá-lo.',
    ship: 'Apenas o fornecedor do pedido pode marcá-lo como enviado.',
    deliver: 'Apenas o estabelecimento que fez o pedido pode marcá-lo como entregue.',
    cancel: 'Apenas o gerente do estabelecimento ou o fornecedor do pedido podem cancelá-lo.',
  },
  users: {
    read: 'Apenas administradores e gerentes de restaurante podem ver os usuários.',
    deactivate: 'Você só pode desativar a equipe dos seus estabelecimentos.',
  },
  invitations: {
    create: 'Apenas administradores e gerentes de restaurante podem convidar usuários.',
    resend: 'Apenas administradores e gerentes de restaurante podem reenviar convites.',
    delete: 'Apenas administradores e gerentes de restaurante podem excluir convites.',
  },
  seed: {
    create: 'Apenas administradores e gerentes de restaurante podem criar os dados de exemplo.',
  },
  audit: {
    read: 'Apenas administradores e gerentes de restaurante podem ver o histórico de alterações.',
  },
  apiKeys: {
    read: 'Apenas administradores e gerentes de restaurante podem ver as chaves de API.',
    create: 'Apenas administradores e gerentes de restaurante podem criar chaves de API.',
    revoke: 'Apenas administradores e gerentes de restaurante podem revogar chaves de API.',
  },
  webhooks: {
    read: 'Apenas administradores e gerentes de restaurante podem ver os webhooks.',
    manage: 'Apenas administradores e gerentes de restaurante podem cadastrar e alterar webhooks.',
  },
};

export const DEFAULT_DENIED_DETAIL = 'Você não tem permissão para esta ação.';

/** The pt-BR 403 `detail` for a refused action. */
export function deniedDetail<A extends Area>(area: A, action: ActionOf<A>): string {
  const texts = DENIED[area] as Partial<Record<string, string>> | undefined;
  const adminOnly = Object.keys(POLICY[area][action] as Grants).length === 0;
  return texts?.[action] ?? (adminOnly ? ADMIN_ONLY : DEFAULT_DENIED_DETAIL);
}

/** Is this a real (area, action) pair of the table? For checks of names that come from outside the type system. */
export function isPermission(area: string, action: string): boolean {
  return Object.hasOwn(POLICY, area) && Object.hasOwn(POLICY[area as Area], action);
}

const ALL: Scope = { kind: 'all' };
const NONE: Scope = { kind: 'none' };

export function scopeFor<A extends Area>(principal: Principal, area: A, action: ActionOf<A>): Scope {
  if (principal.role === 'admin') return ALL;
  const grants = POLICY[area][action] as Grants;
  const grant = grants[principal.role];
  if (grant === 'all') return ALL;
  if (grant !== 'own') return NONE;
  if (principal.role === 'supplier') return principal.supplierId ? { kind: 'supplier', id: principal.supplierId } : NONE;
  return { kind: 'establishments', ids: principal.establishmentIds };
}

/** May the caller take this action at all (on some rows)? Used to show buttons and guard routes. */
export function can<A extends Area>(principal: Principal, area: A, action: ActionOf<A>): boolean {
  return scopeFor(principal, area, action).kind !== 'none';
}

/** Does a scope cover one row, known by the establishment and/or supplier it belongs to? */
export function scopeCovers(scope: Scope, row: { establishmentId?: string | null; supplierId?: string | null }): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'establishments':
      return row.establishmentId != null && scope.ids.includes(row.establishmentId);
    case 'supplier':
      return row.supplierId != null && row.supplierId === scope.id;
  }
}

/** The roles a caller may invite (or deactivate): the admin any, a manager its establishments' staff only. */
export function invitableRoles(principal: Principal): readonly Role[] {
  if (principal.role === 'admin') return ['admin', 'restaurant_manager', 'sommelier', 'supplier'];
  if (principal.role === 'restaurant_manager') return ['restaurant_manager', 'sommelier'];
  return [];
}

/** Every (area, action) pair of the table, for tests and for checking that each route names one. */
export function allPermissions(): Permission[] {
  return Object.entries(POLICY).flatMap(([area, actions]) => Object.keys(actions).map((action) => ({ area, action }) as Permission));
}
