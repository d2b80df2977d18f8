/**
 * API keys (issue 31): what another system of the restaurant (its till, a partner) may do through the API, as the
 * "Integrações" screen offers it and the server enforces it. A key acts for one establishment only.
 */
import { z } from 'zod';
import { optionalDate } from './field-rules.js';

export const API_KEY_SCOPES = [
  'menus:read',
  'cellar:read',
  'cellar:sales',
  'orders:read',
  'orders:write',
  'products:read',
  'webhooks',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as the screen explains it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'menus:read': 'Ler as cartas de vinhos',
  'cellar:read': 'Ler a adega',
  'cellar:sales': 'Registrar vendas e movimentos na adega',
  'orders:read': 'Ler os pedidos',
  'orders:write': 'Criar pedidos e mudar o status deles',
  'products:read': 'Ler os produtos dos fornecedores',
  webhooks: 'Cadastrar e gerenciar webhooks',
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_MARK = 'adg_live_';

export const API_KEY_TEXTS = {
  nameRequired: 'Informe o nome da chave.',
  nameTooLong: 'O nome pode ter até 80 caracteres.',
  scopesRequired: 'Escolha ao menos uma permissão.',
  scopeInvalid: 'Permissão inválida.',
  expiryInvalid: 'Data de validade inválida.',
  expiryPast: 'A validade não pode ser uma data passada.',
  notFound: 'Chave de API não encontrada.',
  alreadyRevoked: 'Esta chave já foi revogada.',
  missingScope: (scope: ApiKeyScope) => `Esta chave de API não tem a permissão "${scope}" (${API_KEY_SCOPE_LABELS[scope]}).`,
} as const;

export const apiKeyCreateSchema = z.object({
  name: z.string(API_KEY_TEXTS.nameRequired).trim().min(1, API_KEY_TEXTS.nameRequired).max(80, API_KEY_TEXTS.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, API_KEY_TEXTS.scopeInvalid), API_KEY_TEXTS.scopesRequired)
    .min(1, API_KEY_TEXTS.scopesRequired)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  /** The last day the key works (America/Sao_Paulo), "2026-12-31" or "31/12/2026"; empty or none: until revoked. */
  expires_on: optionalDate('Validade', API_KEY_TEXTS.expiryInvalid),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  establishment_id: z.string(),
  name: z.string(),
  /** The key's first characters: enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the whole key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyParamsSchema = z.object({
  id: z.uuid('Estabelecimento não encontrado.'),
  keyId: z.uuid(API_KEY_TEXTS.notFound),
});

/** How a person reads a key's state in the list. */
export function apiKeyState(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now = new Date()): 'active' | 'revoked' | 'expired' {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && new Date(key.expires_at) <= now) return 'expired';
  return 'active';
}
