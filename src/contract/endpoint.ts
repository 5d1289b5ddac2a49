// An API call as a value: its method and path, and, in types only, the body it takes and the data
// it answers, read from the contract's schemas with `import type`. So the web calls through it typed
// end to end (`call(favoriteEndpoints.add, { body })`) without loading zod at run time.

import type { Refusal } from './errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint: method, path (relative to `/v1`, with `:name` params) and, in types, body and answer. */
export interface Endpoint<Body, Answer> {
  method: Method;
  path: string;
  /** An administrator's call: the web signs it with the admin session, never the member one. */
  admin?: true;
  /**
   * The refusals a client can act on that it may answer besides its statuses' own codes: its
   * route documents and answers them (`refusalsOf` in common.ts), the web switches on them.
   */
  refusals?: readonly Refusal[];
  /** Never set: carries the body's and the answer's types. */
  readonly types?: { body: Body; answer: Answer };
}

/** A GET: no body. */
export const getting = <Answer>(path: string): Endpoint<undefined, Answer> => ({ method: 'GET', path });
/** A POST with `Body`. */
export const posting = <Body, Answer>(path: string): Endpoint<Body, Answer> => ({ method: 'POST', path });
/** A PUT with `Body`: the whole of something replaced. */
export const putting = <Body, Answer>(path: string): Endpoint<Body, Answer> => ({ method: 'PUT', path });
/** A DELETE: no body. */
export const deleting = <Answer>(path: string): Endpoint<undefined, Answer> => ({ method: 'DELETE', path });

/** The body of an upload: a multipart form, sent by the web's `upload` (lib/upload.ts), never by `call`. */
export interface Multipart {
  readonly multipart: true;
}
/** A POST of a multipart form (files and text fields). */
export const uploading = <Answer>(path: string): Endpoint<Multipart, Answer> => ({ method: 'POST', path });

/** The endpoint, marked as one that may refuse with `refusals`. */
export const refusing = <E extends Endpoint<unknown, unknown>>(endpoint: E, ...refusals: Refusal[]): E => ({
  ...endpoint,
  refusals,
});

/** The same endpoints, each marked as an administrator's call. */
export function adminOnly<T extends Record<string, Endpoint<unknown, unknown>>>(endpoints: T): T {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, admin: true }])) as T;
}

export type BodyOf<E> = E extends Endpoint<infer Body, unknown> ? Body : never;
export type AnswerOf<E> = E extends Endpoint<unknown, infer Answer> ? Answer : never;
