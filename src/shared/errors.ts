/**
 * Every error the API answers carries one of these codes, its status and a pt-BR `detail` (the default below
 * unless the server says something more precise). The client branches on `code`, never on the text.
 */
export const ERROR_CODES = {
  invalid: { status: 400, detail: 'Requisição inválida.' },
  invalid_request: { status: 400, detail: 'Requisição inválida.' },
  validation_error: { status: 400, detail: 'Dados inválidos.' },
  invalid_json: { status: 400, detail: 'O corpo da requisição não é um JSON válido.' },
  invalid_url: { status: 400, detail: 'Endereço inválido.' },
  invalid_host: { status: 400, detail: 'Endereço do servidor inválido.' },
  invalid_characters: { status: 400, detail: 'O texto enviado contém caracteres inválidos.' },
  unauthenticated: { status: 401, detail: 'Sessão expirada ou inválida. Entre novamente.' },
  invalid_credentials: { status: 401, detail: 'Credenciais inválidas ou sessão expirada.' },
  wrong_password: { status: 400, detail: 'A senha atual não confere.' },
  invalid_reset_link: { status: 400, detail: 'Link inválido ou expirado' },
  forbidden: { status: 403, detail: 'Você não tem permissão para esta ação.' },
  not_found: { status: 404, detail: 'Recurso não encontrado.' },
  method_not_allowed: { status: 405, detail: 'Método não permitido.' },
  invalid_spreadsheet: { status: 400, detail: 'Não foi possível ler a planilha.' },
  invalid_link: { status: 400, detail: 'Link inválido ou expirado' },
  conflict: { status: 409, detail: 'Já existe um registro com estes dados.' },
  cnpj_taken: { status: 409, detail: 'CNPJ já cadastrado' },
  checks_pending: { status: 409, detail: 'Valide o CNPJ, o e-mail e o telefone antes de enviar o cardápio.' },
  process_closed: { status: 409, detail: 'Este cadastro já foi enviado e não pode mais ser alterado.' },
  review_closed: { status: 409, detail: 'Este cadastro já foi analisado.' },
  too_large: { status: 413, detail: 'A requisição é grande demais.' },
  too_many_pixels: { status: 413, detail: 'Imagem com resolução grande demais.' },
  invalid_image: { status: 415, detail: 'Imagem inválida ou corrompida. Envie outro arquivo JPEG, PNG ou WebP.' },
  unsupported_media_type: { status: 415, detail: 'Tipo de conteúdo não suportado.' },
  too_many_attempts: { status: 429, detail: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.' },
  too_many_reset_requests: {
    status: 429,
    detail: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
  },
  rate_limited: { status: 429, detail: 'Muitas requisições. Aguarde um pouco e tente novamente.' },
  too_many_uploads: { status: 429, detail: 'Muitos envios de imagem. Aguarde um minuto e tente novamente.' },
  too_many_signups: { status: 429, detail: 'Muitos cadastros feitos desta rede. Aguarde uma hora e tente novamente.' },
  too_many_checks: { status: 429, detail: 'Muitas verificações em pouco tempo. Aguarde alguns minutos e tente novamente.' },
  too_many_events: { status: 429, detail: 'Muitos eventos em pouco tempo. Tente novamente em instantes.' },
  internal_error: { status: 500, detail: 'Erro interno do servidor. Tente novamente em instantes.' },
  disk_full: {
    status: 507,
    detail: 'Espaço em disco insuficiente no servidor: nenhum arquivo novo pode ser recebido agora. Tente novamente mais tarde.',
  },
  busy: { status: 503, detail: 'O servidor está ocupado. Tente novamente em instantes.' },
  database_unavailable: { status: 503, detail: 'Banco de dados indisponível.' },
  storage_unavailable: { status: 503, detail: 'Armazenamento de arquivos indisponível. Tente novamente em instantes.' },
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
  [400, 'invalid_request'],
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
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}
