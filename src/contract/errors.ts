// What kind of refusal a failed call is: plain data, no zod, so the web's HTTP client (in the
// first route's bundle) reads it without loading the schemas. The envelope itself is `failure` in
// common.ts.

/**
 * What kind of refusal a failure is, for a client to act on: its message is for people and may
 * change, its code does not. One code per status (`statusErrorCodes`), and the refusals a screen
 * tells apart (`refusalStatus`), which an endpoint lists (`Endpoint.refusals`).
 */
export const statusErrorCodes = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unprocessable',
  'too_many',
  'unavailable',
  'internal',
] as const;

/** The refusals a screen tells apart, each with the status it is answered with. */
export const refusalStatus = {
  /** The time asked for was taken (or overlapped) meanwhile. */
  slot_taken: 409,
  /** The wallet's available amount does not cover the total. */
  wallet_short: 409,
  /** The total is no longer the one the customer confirmed. */
  price_changed: 409,
  /** The address is outside the provider's service area. */
  outside_area: 400,
} as const;
export type Refusal = keyof typeof refusalStatus;

export type StatusErrorCode = (typeof statusErrorCodes)[number];
export type ErrorCode = StatusErrorCode | Refusal;

const statusCodes: Record<number, StatusErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'too_many',
  503: 'unavailable',
};
/** The code of a failure nothing more specific was said of. */
export const codeOfStatus = (status: number): ErrorCode =>
  statusCodes[status] ?? (status >= 500 ? 'internal' : 'invalid');
