import type { TLanguage } from '@rounds/contracts/common';
import { type TextKey, type TextVars, text } from './texts';

/**
 * An error that is the user's to see: a status, a stable code and the key of its text (lib/texts.ts), rendered
 * in the reader's language where it is answered (plugins/error-handler.ts, realtime/socket-handler.ts).
 * Anything else reaching the error handler is our fault and becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly key: TextKey,
    /** Extra reply fields the spec's client reads (attemptLeft, tempToken). */
    readonly extra: Record<string, unknown> = {},
    /** Values for the text's {placeholders}, filled in the reader's language. */
    readonly vars: TextVars = {},
    /** The field the text is about: the reply reads 'field: text' (a 400 naming the field). */
    readonly field?: string,
  ) {
    super(field ? `${field}: ${text(key, 'en', vars)}` : text(key, 'en', vars)); // English for logs
    this.name = 'AppError';
  }

  /** The reply's message in the reader's language. */
  render(lang: TLanguage): string {
    const message = text(this.key, lang, this.vars);
    return this.field ? `${this.field}: ${message}` : message;
  }
}

export const badRequest = (key: TextKey, code = 'BAD_REQUEST') => new AppError(400, code, key);
export const unauthorized = (key: TextKey = 'unauthorized', code = 'UNAUTHORIZED') => new AppError(401, code, key);
export const forbidden = (key: TextKey = 'forbidden', code = 'FORBIDDEN') => new AppError(403, code, key);
export const notFound = (key: TextKey = 'notFound', code = 'NOT_FOUND') => new AppError(404, code, key);
export const conflict = (key: TextKey, code = 'CONFLICT') => new AppError(409, code, key);
/** A 400 naming its field: 'field: text'. */
export const invalidField = (field: string, key: TextKey, vars: TextVars = {}, code = 'VALIDATION_ERROR') =>
  new AppError(400, code, key, {}, vars, field);
