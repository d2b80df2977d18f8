import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode, errorCodeForStatus } from '../../shared/errors.js';
import { AppError } from '../core/app-error.js';
import { isDatabaseUnavailable, isDiskFull, isInvalidTextForDatabase } from '../db/errors.js';
import { serviceUnavailablePage } from './unavailable-page.js';

/** A multipart body the parser cannot read: no boundary, garbage between boundaries, a part cut short. */
export const MALFORMED_MULTIPART =
  'Não foi possível ler o envio: o formulário (multipart/form-data) está incompleto ou malformado. Envie o arquivo novamente.';

/** Fastify's own errors, by its code: our code (which gives the status) and a pt-BR text. */
const MESSAGES_BY_FASTIFY_CODE: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_json', 'O corpo da requisição está vazio, mas deveria ser um JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['too_large', 'A requisição é grande demais.'],
  FST_REQ_FILE_TOO_LARGE: ['too_large', 'Arquivo grande demais.'],
  FST_PARTS_LIMIT: ['too_large', 'A requisição tem partes demais.'],
  FST_FILES_LIMIT: ['too_large', 'Envie um arquivo por vez.'],
  FST_FIELDS_LIMIT: ['too_large', 'A requisição tem campos demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Tipo de conteúdo não suportado.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['unsupported_media_type', 'Envie o arquivo como multipart/form-data.'],
  FST_ERR_BAD_URL: ['invalid_url', 'Endereço inválido.'],
  FST_ERR_ASYNC_CONSTRAINT: ['validation_error', 'Requisição inválida.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['validation_error', 'Tamanho do conteúdo inválido.'],
};

const answer = (code: ErrorCode, detail: string = ERROR_CODES[code].detail): { status: number; body: ErrorBody } => ({
  status: ERROR_CODES[code].status,
  body: { detail, code },
});

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
  if (known) return answer(...known);
  // Backstop: input the database refuses as text (bytes it cannot encode) or as a value of its type.
  if (isInvalidTextForDatabase(error)) return answer('invalid_characters');
  // A write the full disk refused (nothing was written: decision 0087): 503, and the client may try again.
  if (isDiskFull(error)) return answer('no_disk_space');
  // A database that cannot answer now is not a bug in the request: 503, and the client may try again.
  if (isDatabaseUnavailable(error)) return answer('database_unavailable');
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return answer('invalid_json');
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = errorCodeForStatus(status);
    return { status, body: { detail: ERROR_CODES[code].detail, code } };
  }
  // Whatever else went wrong stays in the log: the answer never carries the error's message or stack.
  return answer('internal_error');
}

/** Guest pages (not /api, not the admin's files) answer a server failure with a page, not JSON. */
/** Seconds a client should wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = '5';

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return !/^\/(api|assets|uploads)(\/|$)/.test(path) && (request.method === 'GET' || request.method === 'HEAD');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error as FastifyError);
    if (body.code === 'database_unavailable') request.log.warn({ err: error }, 'database unavailable');
    else if (body.code === 'no_disk_space') request.log.warn({ err: error }, 'disk full: nothing written');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    // Every 503 says when to come back, the guest page as much as the API answer.
    if (status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
    if (status >= 500 && wantsPage(request)) {
      void reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(serviceUnavailablePage(status));
      return;
    }
    void reply.status(status).send(body);
  });
}
