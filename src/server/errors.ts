// Expected failures are typed errors with an HTTP status; the one error handler in app.ts turns
// them into the `{ status: 0, message, code }` envelope.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { codeOfStatus, type ErrorCode } from '../contract/errors.js';
import { serverError } from '../contract/messages.js';

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** What a client switches on; the status's own code when not given. */
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeOfStatus(statusCode);
  }
}

/** Sends the failure envelope: its code is the status's own unless another is given. */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  more: { code?: ErrorCode; errors?: Record<string, string> } = {},
) {
  return reply
    .status(status)
    .send({ status: 0, message, code: more.code ?? codeOfStatus(status), errors: more.errors, requestId: request.id });
}

export const badRequest = (
  message: string = serverError.badRequest,
  errors?: Record<string, string>,
  code?: ErrorCode,
) => new AppError(400, message, errors, code);
export const unauthorized = (message: string = serverError.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = serverError.forbidden) => new AppError(403, message);
export const notFound = (message: string = serverError.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>, code?: ErrorCode) =>
  new AppError(409, message, errors, code);
export const tooMany = (message: string = serverError.tooManyRequests) => new AppError(429, message);

/** The PostgreSQL error code of a failed statement (PGlite and pg both expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** An exclusion constraint refused the row (two active jobs of one provider overlapping). */
export const isExclusionViolation = (error: unknown) => pgErrorCode(error) === '23P01';

// ---------------------------------------------------------------- NUL characters

/**
 * Where the first U+0000 sits in a parsed body, query or params (`name`, `items.2.title`, a key
 * itself), or undefined. PostgreSQL refuses it in every text value, so a NUL that reached a
 * statement would be a 500; the walk is iterative, so no nesting depth can overflow the stack.
 */
export function findNul(input: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[input, root]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || '_';
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push([value[index], join(path, String(index))]);
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value).reverse()) {
        if (key.includes('\0')) return join(path, key.replace(/\0/g, '')) || '_';
        stack.push([child, join(path, key)]);
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The 400 for text holding a NUL, naming the field as the other validation errors do. */
export const nulRefusal = (field: string) =>
  badRequest(serverError.nulCharacter, { [field]: serverError.nulCharacter });

// ---------------------------------------------------------------- malformed multipart

/**
 * A multipart body the parser cannot read: the boundary missing, empty or longer than the 70
 * characters RFC 2046 allows (busboy throws on these before reading a byte), or a body that ends
 * inside a part. Those are the client's fault, so they answer 400, never 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const { message, code } = error as { message?: unknown; code?: unknown };
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return typeof message === 'string' && multipartFailures.some((pattern) => pattern.test(message));
}

const multipartFailures = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle /, // an empty or over-long boundary
  /terminated early due to unexpected end of multipart data$/,
  /^Unexpected end of (multipart data|form)$/,
  /^Malformed part header$/,
];

/** The boundary parameter of a multipart Content-Type, when it is one busboy can use. */
export function hasUsableBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

// ---------------------------------------------------------------- logging errors

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  routine?: unknown;
}

/** Drizzle's wrapper of a failed statement: its message and `params` hold the values sent. */
const isQueryError = (error: unknown): error is Error & { query: string; params: unknown[] } =>
  error instanceof Error &&
  typeof (error as { query?: unknown }).query === 'string' &&
  Array.isArray((error as { params?: unknown }).params);

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isPgError(error: unknown): error is Error & DatabaseErrorFields {
  if (!(error instanceof Error) || !('severity' in error)) return false;
  const { code } = error as DatabaseErrorFields;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

const causeOf = (error: unknown) => (error instanceof Error ? error.cause : undefined);

/** The stack's frames without its first lines, which repeat the message. */
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * PostgreSQL's data exceptions (class 22) quote the offending input in the message
 * (`invalid input syntax for type uuid: "…"`), so their quoted parts are dropped.
 */
const pgMessage = (error: Error & DatabaseErrorFields) =>
  typeof error.code === 'string' && error.code.startsWith('22')
    ? error.message.replace(/"[^"]*"/g, '"…"')
    : error.message;

function describeDatabaseError(error: unknown, depth: number): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  const cause = describeDatabaseError(causeOf(error), depth + 1);
  // First: PGlite's own errors carry `query` and `params` as well.
  if (isPgError(error)) {
    // Never `detail` (`Key (email)=(…)`, `Failing row contains (…)`), `where` (parameter
    // values) nor `params`.
    const { code, severity, constraint, table, column, schema, routine } = error;
    const fields = Object.fromEntries(
      Object.entries({ code, severity, constraint, table, column, schema, routine }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    return {
      type: 'DatabaseError',
      message: pgMessage(error),
      ...fields,
      stack: framesOf(error),
      ...(cause ? { cause } : {}),
    };
  }
  if (isQueryError(error)) {
    // The SQL text has placeholders only; the values stay out of the log.
    return {
      type: error.constructor.name,
      message: 'Failed query',
      query: error.query,
      stack: framesOf(error),
      ...(cause ? { cause } : {}),
    };
  }
  return { type: error.constructor.name, message: error.message, stack: framesOf(error), ...(cause ? { cause } : {}) };
}

function involvesDatabase(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (isQueryError(current) || isPgError(current)) return true;
    current = causeOf(current);
  }
  return false;
}

/**
 * The `err` serializer of the app's logger: a failed statement is logged with its SQL text,
 * SQLSTATE, constraint and message, never the values it carried (members' names, phones, codes);
 * any other error as pino logs it.
 */
export function loggableError(error: unknown): unknown {
  if (involvesDatabase(error)) return describeDatabaseError(error, 0);
  return error instanceof Error ? stdSerializers.err(error) : error;
}

/**
 * An error as readable lines for stderr (a start-up or command-line failure), built from
 * loggableError, so it leaves out a statement's values exactly as the log does.
 */
export function loggableText(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = loggableError(error);
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    if (!current || typeof current !== 'object') {
      lines.push(`${depth ? 'Caused by: ' : ''}${String(current)}`);
      break;
    }
    const { type, message, query, code, constraint, table, column, stack, cause } = current as Record<string, unknown>;
    lines.push(`${depth ? 'Caused by: ' : ''}${String(type ?? 'Error')}: ${String(message)}`);
    if (typeof query === 'string') lines.push(`  query: ${query}`);
    const where = Object.entries({ code, constraint, table, column }).filter(([, value]) => value !== undefined);
    if (where.length) lines.push(`  ${where.map(([key, value]) => `${key}: ${String(value)}`).join(', ')}`);
    if (typeof stack === 'string') lines.push(...stack.split('\n').filter((line) => /^\s+at /.test(line)));
    // pino's serializer of other errors folds their causes into the message and stack already.
    current = cause;
  }
  return lines.join('\n');
}
