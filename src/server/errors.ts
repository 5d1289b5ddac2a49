// Expected failures are typed errors with an HTTP status; the one error handler in app.ts turns
// them into the `{ status: 0, message }` envelope.
import { serverError } from '../contract/messages.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = serverError.badRequest, errors?: Record<string, string>) =>
  new AppError(400, message, errors);
export const unauthorized = (message: string = serverError.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = serverError.forbidden) => new AppError(403, message);
export const notFound = (message: string = serverError.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string = serverError.tooManyRequests) => new AppError(429, message);

/** The PostgreSQL error code of a failed statement (PGlite and pg both expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
