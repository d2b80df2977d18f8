/** The codes of one HTTP status, each with its default detail. */
function withStatus<const S extends number, const D extends Record<string, string>>(status: S, details: D) {
  return Object.fromEntries(Object.entries(details).map(([code, detail]) => [code, { status, detail }])) as {
    [C in keyof D]: { status: S; detail: D[C] };
  };
}

/**
 * Every error the API answers carries one of these codes, its status and a pt-BR `detail` (the default below
 * unless the server says something more precise). The client branches on `code`, never on the text.
 */
export const ERROR_CODES = {
  ...withStatus(400, {
    /** Input the server refuses: a field that breaks a rule (`fields` says which), a part missing, a bad request. */
    validation_error: 'Requisição inválida.',
    invalid_json: 'O corpo da requisição não é um JSON válido.',
    invalid_url: 'Endereço inválido.',
    invalid_host: 'Endereço do servidor inválido.',
    invalid_characters: 'O texto enviado contém caracteres inválidos.',
    wrong_password: 'A senha atual não confere.',
    invalid_reset_link: 'Link inválido ou expirado',
    invalid_spreadsheet: 'Não foi possível ler a planilha.',
    invalid_link: 'Link inválido ou expirado',
    /** A two-step code (app or recovery) that is wrong, expired or was already used. */
    invalid_two_step_code: 'Código inválido ou já usado.',
    passkey_failed: 'Não foi possível validar a passkey. Tente novamente.',
  }),
  ...withStatus(401, {
    unauthenticated: 'Sessão expirada ou inválida. Entre novamente.',
    /** GET /metrics without the METRICS_TOKEN it requires. */
    metrics_token_required: 'Informe o token das métricas (Authorization: Bearer <METRICS_TOKEN>).',
    invalid_credentials: 'Credenciais inválidas ou sessão expirada.',
    /** An API key that does not exist, was revoked or has expired (issue 31). */
    invalid_api_key: 'Chave de API inválida, revogada ou expirada.',
  }),
  ...withStatus(403, {
    forbidden: 'Você não tem permissão para esta ação.',
    /** A session past the password that still owes the two-step code (docs/decisions/0094). */
    two_step_code_required: 'Informe o código da verificação em duas etapas para continuar.',
    /** A role that must have two-step sign-in, not yet set up: only the set-up is open. */
    two_step_setup_required: 'A sua função exige a verificação em duas etapas: configure-a para continuar.',
    /** A route that names no API key scope (users, accounts, audit, the keys themselves) called with a key. */
    api_key_not_allowed: 'Esta rota não aceita chaves de API: ela é só para pessoas que entram com e-mail e senha.',
    /** A key without the scope the route names; the detail names the scope. */
    api_key_scope_missing: 'Esta chave de API não tem a permissão necessária.',
  }),
  ...withStatus(404, { not_found: 'Recurso não encontrado.' }),
  ...withStatus(405, { method_not_allowed: 'Método não permitido.' }),
  ...withStatus(409, {
    conflict: 'Já existe um registro com estes dados.',
    cnpj_taken: 'CNPJ já cadastrado',
    checks_pending: 'Valide o CNPJ, o e-mail e o telefone antes de enviar o cardápio.',
    process_closed: 'Este cadastro já foi enviado e não pode mais ser alterado.',
    review_closed: 'Este cadastro já foi analisado.',
    two_step_state: 'A verificação em duas etapas não está no estado esperado.',
  }),
  ...withStatus(410, {
    /** A signed download link past its expiry (an LGPD export's, 24 h). */
    export_expired: 'Este link de download expirou.',
  }),
  ...withStatus(413, {
    too_large: 'A requisição é grande demais.',
    too_many_pixels: 'Imagem com resolução grande demais.',
  }),
  ...withStatus(415, {
    invalid_image: 'Imagem inválida ou corrompida. Envie outro arquivo JPEG, PNG ou WebP.',
    unsupported_media_type: 'Tipo de conteúdo não suportado.',
  }),
  ...withStatus(429, {
    too_many_attempts: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.',
    too_many_reset_requests: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
    rate_limited: 'Muitas requisições. Aguarde um pouco e tente novamente.',
    too_many_uploads: 'Muitos envios de imagem. Aguarde um minuto e tente novamente.',
    too_many_signups: 'Muitos cadastros feitos desta rede. Aguarde uma hora e tente novamente.',
    too_many_checks: 'Muitas verificações em pouco tempo. Aguarde alguns minutos e tente novamente.',
    too_many_events: 'Muitos eventos em pouco tempo. Tente novamente em instantes.',
    too_many_api_requests: 'Muitas requisições com esta chave de API. Aguarde um pouco e tente novamente.',
  }),
  ...withStatus(500, { internal_error: 'Erro interno do servidor. Tente novamente em instantes.' }),
  ...withStatus(503, {
    busy: 'O servidor está ocupado. Tente novamente em instantes.',
    database_unavailable: 'Banco de dados indisponível.',
    storage_unavailable: 'Armazenamento de arquivos indisponível. Tente novamente em instantes.',
    /** Readiness (GET /api/health/ready) and every answer while the process starts (decision 0085). */
    starting: 'O Adega está iniciando (abrindo o banco de dados e aplicando as migrações). Tente novamente em instantes.',
    search_index_loading: 'O índice de busca do catálogo está sendo carregado. Tente novamente em instantes.',
    disk_low: 'Pouco espaço em disco no servidor: arquivos novos estão sendo recusados e as importações estão pausadas.',
    shutting_down: 'O servidor está sendo encerrado. Tente novamente em instantes.',
    no_disk_space: 'O disco do servidor está cheio: nada foi gravado. Tente novamente em instantes.',
  }),
  ...withStatus(507, {
    disk_full: 'Espaço em disco insuficiente no servidor: nenhum arquivo novo pode ser recebido agora. Tente novamente mais tarde.',
  }),
} as const satisfies Record<string, { status: number; detail: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The JSON body of every error answer. `fields` maps a form field (dotted path) to its message. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

const CODE_BY_STATUS = new Map<number, ErrorCode>([
  [400, 'validation_error'],
  [401, 'unauthenticated'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [405, 'method_not_allowed'],
  [409, 'conflict'],
  [413, 'too_large'],
  [415, 'unsupported_media_type'],
  [429, 'rate_limited'],
  [503, 'database_unavailable'],
  [507, 'disk_full'],
]);

/** The code for a bare HTTP status (errors raised by the framework or a plugin without one of ours). */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'internal_error' : 'validation_error');
}
