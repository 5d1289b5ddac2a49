// A failed call as every screen reads it: the message a person can read, the status, the
// server's message per field, and what kind of refusal it is (`code`, what a screen switches on).
import { codeOfStatus, type ErrorCode } from '../../contract/errors.js';

export class ApiError extends Error {
  /** The server's code; its status's own for an answer without one; null when none came (offline). */
  readonly code: ErrorCode | null;
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? (status > 0 ? codeOfStatus(status) : null);
  }

  /** As a drawn page carries a failed read to the browser (an Error's message is not enumerable). */
  toJSON() {
    return { apiError: true, message: this.message, status: this.status, errors: this.errors, code: this.code };
  }

  /** The failure a drawn page carried (`toJSON`) as an ApiError again; anything else as it is. */
  static revive(value: unknown): unknown {
    const carried = value as ReturnType<ApiError['toJSON']> | null;
    return carried?.apiError === true
      ? new ApiError(carried.message, carried.status, carried.errors, carried.code ?? undefined)
      : value;
  }
}
