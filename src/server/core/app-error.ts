/** The one error type services throw; the error handler turns it into {detail, code, fields}. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    readonly detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const notFound = (detail: string) => new AppError('not_found', 404, detail);
export const forbidden = (detail = 'Você não tem permissão para esta ação.') => new AppError('forbidden', 403, detail);
export const conflict = (detail: string, fields?: Record<string, string>) => new AppError('conflict', 409, detail, fields);
export const badRequest = (detail: string, fields?: Record<string, string>) => new AppError('invalid', 400, detail, fields);
