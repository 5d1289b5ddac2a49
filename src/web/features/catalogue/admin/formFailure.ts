// A refused form: the server's message as an error toast and, where the server
// names the field, next to that field as well.
import { ApiError } from '../../../lib/api.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';

export function formFailure(
  error: unknown,
  toast: { error(message: string): void },
  fields: Record<string, (message: string) => void>,
) {
  const message = errorMessage(error);
  toast.error(message);
  applyServerErrors(error, (field, problem) => fields[field]?.(problem.message), Object.keys(fields));
  // A file refused by its content (413, 422) names no field: it is the image's.
  if (error instanceof ApiError && (error.status === 413 || error.status === 422) && fields.image)
    fields.image(message);
}
