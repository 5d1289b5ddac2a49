import { z } from 'zod';
import { refusalStatus, statusErrorCodes, type ErrorCode, type Refusal } from './errors.js';

/** Pages: default 20 rows, at most 100. */
export const pageLimits = { defaultSize: 20, maxSize: 100 } as const;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(pageLimits.maxSize).default(pageLimits.defaultSize),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** Success envelope: `{ status: 1, message, data }`. */
export const ok = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal(1), message: z.string().optional(), data });

export const okPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ status: z.literal(1), message: z.string().optional(), data: z.array(item), meta: pageMeta });

export const okMessage = z.object({ status: z.literal(1), message: z.string() });

const failureWith = <Code extends ErrorCode>(codes: readonly [Code, ...Code[]]) =>
  z.object({
    status: z.literal(0),
    message: z.string(),
    code: z.enum(codes),
    errors: z.record(z.string(), z.string()).optional(),
    /** The request's id (also its x-request-id header): what to quote to support, and what the log is searched by. */
    requestId: z.string().optional(),
  });

/**
 * Failure envelope: `{ status: 0, message, code, requestId }` (and field errors on validation
 * failures), its code the status's own (`statusErrorCodes`).
 */
export const failure = failureWith(statusErrorCodes);
export type Failure = Omit<z.infer<typeof failure>, 'code'> & { code: ErrorCode };

/**
 * The failures of an endpoint that may refuse with `refusals` (its entry's, `Endpoint.refusals`):
 * at each one's status, the envelope whose code is that refusal or the status's own. A route that
 * answers a refusal its entry does not list fails its response schema (a 500 in the tests).
 */
export function refusalsOf(endpoint: {
  refusals?: readonly Refusal[];
}): Record<number, ReturnType<typeof failureWith>> {
  const byStatus = new Map<number, Refusal[]>();
  for (const refusal of endpoint.refusals ?? [])
    byStatus.set(refusalStatus[refusal], [...(byStatus.get(refusalStatus[refusal]) ?? []), refusal]);
  return Object.fromEntries(
    [...byStatus].map(([status, refusals]) => [status, failureWith<ErrorCode>([...statusErrorCodes, ...refusals])]),
  );
}

export const idParam = z.object({ id: z.uuid() });

/** Money crosses the wire in integer cents; the UI formats it. */
export const cents = z.number().int();

export const roles = ['customer', 'provider', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Uploaded images: JPEG, PNG or WebP, checked by content, at most 5 MB, re-encoded on the server. */
export const imageLimits = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;
