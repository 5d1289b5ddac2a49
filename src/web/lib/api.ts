// The one HTTP client: adds the Bearer token, unwraps the envelope, and turns every failure
// (server message, validation errors, network) into an ApiError with a message a person can read.
import type { Failure } from '../../contract/common.js';
import type { AnswerOf, BodyOf, Endpoint } from '../../contract/endpoint.js';
import { text } from '../../contract/messages.js';
import { api, fill } from '../../contract/paths.js';
import { ApiError } from './api-error.js';
import { sendWhenOnline } from './held.js';
import { session } from './session.js';

export { ApiError };

export interface Envelope<T> {
  status: 1;
  message?: string;
  data: T;
  meta?: { page: number; limit: number; total: number };
  token?: string;
}

type Scope = 'member' | 'admin';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Which stored session signs the call (admin screens use the admin one). */
  scope?: Scope;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key (the money writes take one: lib/submit-key.ts). */
  idempotencyKey?: string;
}

/**
 * How a call reaches the server: the browser's fetch, or, while the server draws a page, the
 * server's own routes (src/web/entry-server.tsx).
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);
export function setTransport(next: Transport) {
  transport = next;
}

/** `?a=1&b=2` without the empty values, or '' when nothing is left. */
function queryString(values: RequestOptions['query']): string {
  const entries = Object.entries(values ?? {}).filter(
    (e): e is [string, string | number] => e[1] !== undefined && e[1] !== '',
  );
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** One call by path: what `call` sends through; screens call endpoints, never paths. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const scope = options.scope ?? 'member';
  const token = session.token(scope);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const query = queryString(options.query);

  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const send = () =>
    transport(`${api.prefix}${path}${query}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  let response: Response;
  try {
    // A read offline fails at once (the page offers Try again); a write waits for the connection.
    response = await (method === 'GET' ? send() : sendWhenOnline(send, options.signal));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(text.networkError, 0);
  }
  const payload = (await response.json().catch(() => null)) as (Envelope<T> & { status: 1 }) | Failure | null;
  if (!response.ok || !payload || payload.status !== 1) {
    // The shared client: a 401 removes the stored token.
    if (response.status === 401 && token) session.clear(scope);
    const failure = payload?.status === 0 ? payload : null;
    throw new ApiError(failure?.message || text.genericError, response.status, failure?.errors ?? {}, failure?.code);
  }
  return payload;
}

/** What a call through the endpoint table sends besides its body: `:name` params, query, signal… */
export type CallOptions = Omit<RequestOptions, 'method' | 'body'> & { params?: Record<string, string> };

/** Calls an endpoint of the contract's table: the body and the answer are its types, not the caller's. */
export function call<E extends Endpoint<unknown, unknown>>(
  endpoint: E,
  ...[body, options = {}]: BodyOf<E> extends undefined
    ? [body?: undefined, options?: CallOptions]
    : [body: BodyOf<E>, options?: CallOptions]
): Promise<Envelope<AnswerOf<E>>> {
  const { params, ...rest } = options;
  const path = params ? fill(endpoint.path, params) : endpoint.path;
  const scope = endpoint.admin ? 'admin' : rest.scope; // a shared read may still be signed as admin
  return request<AnswerOf<E>>(path, { ...rest, scope, method: endpoint.method, body });
}

/**
 * Downloads a file answer (an Excel export) with the session's token and hands it to the browser
 * as a download under the server's file name. Failures read like every other call's.
 */
export async function download(path: string, options: Pick<RequestOptions, 'scope' | 'query'> = {}): Promise<void> {
  const token = session.token(options.scope ?? 'member');
  const query = queryString(options.query);
  let response: Response;
  try {
    response = await fetch(`${api.prefix}${path}${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(text.networkError, 0);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status === 401 && token) session.clear(options.scope ?? 'member');
    throw new ApiError(payload?.message || text.genericError, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.xlsx';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The next page of an infinite list, from the page meta: none once everything is loaded. */
export function nextPage(last: Envelope<unknown[]>, all: Envelope<unknown[]>[]): number | undefined {
  const loaded = all.reduce((n, page) => n + page.data.length, 0);
  if (!last.meta) return undefined;
  return loaded < last.meta.total && last.data.length > 0 ? last.meta.page + 1 : undefined;
}
