import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidTextForDatabase } from '../db/errors.js';
import { AppError } from '../core/app-error.js';

interface ErrorBody {
  detail: string;
  code: string;
  fields?: Record<string, string>;
}

const MESSAGES_BY_FASTIFY_CODE: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'O corpo da requisição está vazio, mas deveria ser um JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large', 'A requisição é grande demais.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'too_large', 'Arquivo grande demais.'],
  FST_PARTS_LIMIT: [413, 'too_large', 'A requisição tem partes demais.'],
  FST_FILES_LIMIT: [413, 'too_large', 'Envie um arquivo por vez.'],
  FST_FIELDS_LIMIT: [413, 'too_large', 'A requisição tem campos demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Tipo de conteúdo não suportado.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data.'],
  FST_ERR_BAD_URL: [400, 'invalid_url', 'Endereço inválido.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'invalid_request', 'Requisição inválida.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Tamanho do conteúdo inválido.'],
};

const GENERIC_BY_STATUS: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Sessão expirada ou inválida. Entre novamente.',
  403: 'Você não tem permissão para esta ação.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  413: 'A requisição é grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde um pouco e tente novamente.',
};

export function toErrorBody(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { detail: error.detail, code: error.code, ...(error.fields && { fields: error.fields }) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[key] ??= issue.message ?? 'Valor inválido.';
    }
    const summary = Object.entries(fields)
      .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
      .join('; ');
    return { status: 400, body: { detail: `Dados inválidos — ${summary}`, code: 'validation_error', fields } };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? MESSAGES_BY_FASTIFY_CODE[fastifyError.code] : undefined;
  if (known) return { status: known[0], body: { detail: known[2], code: known[1] } };
  // Backstop: input the database refuses as text (bytes it cannot encode) or as a value of its type.
  if (isInvalidTextForDatabase(error)) {
    return { status: 400, body: { detail: 'O texto enviado contém caracteres inválidos.', code: 'invalid_characters' } };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: { detail: 'O corpo da requisição não é um JSON válido.', code: 'invalid_json' } };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail = GENERIC_BY_STATUS[status] ?? 'Requisição inválida.';
    return { status, body: { detail, code: fastifyError.code ?? 'client_error' } };
  }
  return { status: 500, body: { detail: 'Erro interno do servidor. Tente novamente em instantes.', code: 'internal_error' } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error as FastifyError);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    void reply.status(status).send(body);
  });
}
