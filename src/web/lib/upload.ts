// Uploads with progress: fetch() cannot report how much of a request body has been sent, so
// multipart forms go through XMLHttpRequest, with the same Bearer token, envelope and failures as
// api.ts. One form: text fields first, then the files, each under the field the server reads.
import type { Failure } from '../../contract/common.js';
import type { AnswerOf, Endpoint, Multipart } from '../../contract/endpoint.js';
import { text } from '../../contract/messages.js';
import { api } from '../../contract/paths.js';
import { ApiError, type Envelope, type RequestOptions } from './api.js';
import { session } from './session.js';

export interface UploadOptions {
  /** Text fields sent with the files. */
  fields?: Record<string, string>;
  /** Files by multipart field; one left undefined is not sent. */
  files: Record<string, Blob | undefined>;
  /** Which stored session signs the call (admin screens use the admin one). */
  scope?: RequestOptions['scope'];
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function upload<E extends Endpoint<Multipart, unknown>>(
  endpoint: E,
  options: UploadOptions,
): Promise<Envelope<AnswerOf<E>>> {
  type T = AnswerOf<E>;
  const scope = endpoint.admin ? 'admin' : (options.scope ?? 'member');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, `${api.prefix}${endpoint.path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = session.token(scope);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: Envelope<T> | Failure | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<T> | Failure;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload?.status === 1) {
        options.onProgress?.(1);
        resolve(payload);
        return;
      }
      // As the shared client does: a 401 removes the stored token.
      if (xhr.status === 401 && token) session.clear(scope);
      const failure = payload as Failure | null;
      reject(new ApiError(failure?.message || text.genericError, xhr.status, failure?.errors ?? {}, failure?.code));
    };
    xhr.onerror = () => reject(new ApiError(text.networkError, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const [name, file] of Object.entries(options.files)) if (file) form.append(name, file);
    xhr.send(form);
  });
}
