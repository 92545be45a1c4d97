/**
 * An error that is the user's to see: a status, a stable code and a message fit to show.
 * Anything else reaching the error handler is our fault and becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra reply fields the spec's client reads (attemptLeft, tempToken). */
    readonly extra: Record<string, unknown> = {},
    /** Values for the message's {placeholders}, filled in the reader's language. */
    readonly vars: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Unauthorized', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
