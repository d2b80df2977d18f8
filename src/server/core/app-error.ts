import { ERROR_CODES, type ErrorCode } from '../../shared/errors.js';

/**
 * The one error type services throw; the error handler turns it into {detail, code, fields}. Raise it with
 * `appError(code)` (or the helpers below): the status always comes from the shared table of error codes.
 */
export class AppError extends Error {
  readonly statusCode: number;

  private constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code].status;
  }

  /** Use `appError`: it is the only way in. */
  static of(code: ErrorCode, detail?: string, fields?: Record<string, string>): AppError {
    return new AppError(code, detail ?? ERROR_CODES[code].detail, fields);
  }
}

/** An AppError whose status (and, unless given, text) come from the shared table of error codes. */
export const appError = (code: ErrorCode, detail?: string, fields?: Record<string, string>): AppError => AppError.of(code, detail, fields);

export const notFound = (detail: string) => appError('not_found', detail);
export const forbidden = (detail?: string) => appError('forbidden', detail);
export const conflict = (detail: string, fields?: Record<string, string>) => appError('conflict', detail, fields);
export const badRequest = (detail: string, fields?: Record<string, string>) => appError('validation_error', detail, fields);
