import { ERROR_CODES, type ErrorCode } from '../../shared/errors.js';

/** The one error type services throw; the error handler turns it into {detail, code, fields}. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

/** An AppError whose status (and, unless given, text) come from the shared table of error codes. */
export function appError(code: ErrorCode, detail?: string, fields?: Record<string, string>): AppError {
  const known = ERROR_CODES[code];
  return new AppError(code, known.status, detail ?? known.detail, fields);
}

export const notFound = (detail: string) => appError('not_found', detail);
export const forbidden = (detail?: string) => appError('forbidden', detail);
export const conflict = (detail: string, fields?: Record<string, string>) => appError('conflict', detail, fields);
export const badRequest = (detail: string, fields?: Record<string, string>) => appError('invalid', detail, fields);
