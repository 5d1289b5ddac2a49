// A refused form: the server's message as an error toast and, where the server
// names the field, next to that field as well.
import { text } from '../../../../contract/messages.js';
import { ApiError } from '../../../lib/api.js';

export function formFailure(
  error: unknown,
  toast: { error(message: string): void },
  fields: Record<string, (message: string) => void>,
) {
  const message = error instanceof Error ? error.message : text.genericError;
  toast.error(message);
  if (!(error instanceof ApiError)) return;
  for (const [field, show] of Object.entries(fields)) {
    const problem = error.errors[field];
    if (problem) show(problem);
  }
  // A file refused by its content (413, 422) names no field: it is the image's.
  if ((error.status === 413 || error.status === 422) && fields.image) fields.image(message);
}
