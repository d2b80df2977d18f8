import type { FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES } from '../../shared/product-import.js';
import { AppError, appError, badRequest } from '../core/app-error.js';
import { MALFORMED_MULTIPART } from './error-handler.js';

export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser sent ('' when none). */
  filename: string;
}

interface FileRules {
  /** The form field the file must come in. */
  field: string;
  maxBytes: number;
  /** The route's 413 for a file over maxBytes. */
  tooLarge: () => AppError;
  /** The route's 400 for a body without the file in its field. */
  missing: () => AppError;
}

/**
 * The parser's own complaints about the body ("Multipart: Boundary not found", "Unexpected end of multipart data",
 * a malformed part header) are plain errors without a code: the client sent a broken form, a 400, not a failure of
 * ours. Fastify's limits (FST_… codes) and our own errors keep their answers.
 */
function asClientError(err: unknown, rules: FileRules): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return rules.tooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) return err;
  return badRequest(MALFORMED_MULTIPART);
}

/**
 * The one file of a multipart upload, read whole within `maxBytes` (the limit holds while the bytes stream in: a
 * bigger upload is cut off, never held in memory whole). The caller checks `request.isMultipart()` first.
 */
export async function readUploadedFile(request: FastifyRequest, rules: FileRules): Promise<UploadedFile> {
  try {
    const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
    if (part?.fieldname !== rules.field) throw rules.missing();
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (err) {
    throw asClientError(err, rules);
  }
}

const NOT_MULTIPART = 'Envie a planilha como multipart/form-data no campo "file".';
const SHEET_TOO_LARGE = 'Arquivo muito grande. Tamanho máximo: 20 MB.';

/** An uploaded spreadsheet (multipart, field "file", at most 20 MB), or the pt-BR answer; `noFile` when it is missing. */
export async function readSpreadsheetUpload(request: FastifyRequest, noFile: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw appError('unsupported_media_type', NOT_MULTIPART);
  return readUploadedFile(request, {
    field: 'file',
    maxBytes: MAX_IMPORT_BYTES,
    tooLarge: () => appError('too_large', SHEET_TOO_LARGE),
    missing: () => badRequest(noFile, { file: noFile }),
  });
}
