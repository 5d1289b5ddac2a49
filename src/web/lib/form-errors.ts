// A refused form: the words to show for the failure, and the server's per-field messages
// (an ApiError's `errors`) put next to the fields the form shows.
import { text } from '../../contract/messages.js';
import { ApiError } from './api.js';

/** The failure's own words (the server's or the network's), else the generic one. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : text.genericError);

/** The words for a failed call: the server's (or the network's) message, else the screen's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message !== text.genericError) return error.message;
  return fallback;
}

/** The server's message for one field, if it named that field. */
export const serverFieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.errors[field] || undefined : undefined;

/** react-hook-form's `setError`, or any setter that shows a message at a named field. */
export type SetFieldError<F extends string> = (
  field: F,
  error: { message: string },
  options?: { shouldFocus: boolean },
) => void;

interface ServerErrorOptions<F extends string> {
  /** Moves the focus to the first field (in `fields` order) that gets a message. */
  focus?: boolean;
  /** Messages of this screen's own for fields, shown instead of the server's (a 409 at the time). */
  extra?: Partial<Record<F, string>>;
}

/**
 * Shows each of `fields` the server refused (and each `extra` one) at its field with its message.
 * True when at least one field got a message, false when the failure names none of them (the
 * caller's fallback, a toast, then says it all).
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  fields: readonly F[],
  { focus = false, extra = {} }: ServerErrorOptions<F> = {},
): boolean {
  let shown = false;
  for (const field of fields) {
    const message = extra[field] ?? serverFieldError(error, field);
    if (!message) continue;
    setError(field, { message }, focus ? { shouldFocus: !shown } : undefined);
    shown = true;
  }
  return shown;
}
