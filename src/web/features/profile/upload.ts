// Image uploads with progress: fetch() cannot report how much of a request body has been sent, so
// this one call uses XMLHttpRequest, with the same Bearer token, envelope and failures as api.ts.
import { text } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { ApiError, type Envelope } from '../../api.js';
import { session } from '../../session.js';

export interface UploadOptions {
  /** The multipart field the server reads. */
  field: string;
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

type Failure = { status: 0; message?: string; errors?: Record<string, string> };

export function uploadFile<T>(path: string, file: Blob, options: UploadOptions): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${api.prefix}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = session.token('member');
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
      if (xhr.status === 401 && token) session.clear('member');
      const failure = payload as Failure | null;
      reject(new ApiError(failure?.message || text.genericError, xhr.status, failure?.errors ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(text.networkError, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(options.field, file);
    xhr.send(form);
  });
}
