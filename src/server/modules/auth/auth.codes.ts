// One-time codes: generated and checked only here, stored hashed, valid 5 minutes, single use,
// burnt after 5 wrong tries. Sends are limited per phone/email always and per address in production.
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { validation, serverError } from '../../../contract/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { codes, type CodePurpose } from '../../db/schema.js';
import { badRequest, tooMany } from '../../errors.js';

export const codeRules = { ttlMs: 5 * 60_000, maxAttempts: 5 } as const;

const hashCode = (codeId: string, code: string) =>
  crypto.createHash('sha256').update(`${codeId}:${code}`).digest('hex');

export function randomCode(length: number): string {
  return String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
}

export interface IssueCode {
  purpose: CodePurpose;
  target: string;
  length: number;
  clientIp: string;
}

/** Creates a code after the rate limits pass; earlier open codes for the same target end. */
export async function issueCode(db: Db, config: Config, input: IssueCode): Promise<string> {
  const since = new Date(Date.now() - config.CODE_SEND_WINDOW_MINUTES * 60_000);
  const [perTarget] = await db
    .select({ n: count() })
    .from(codes)
    .where(and(eq(codes.target, input.target), gt(codes.createdAt, since)));
  if ((perTarget?.n ?? 0) >= config.CODE_SENDS_PER_TARGET) throw tooMany(serverError.tooManyCodes);
  if (config.NODE_ENV === 'production') {
    const [perIp] = await db
      .select({ n: count() })
      .from(codes)
      .where(and(eq(codes.clientIp, input.clientIp), gt(codes.createdAt, since)));
    if ((perIp?.n ?? 0) >= config.CODE_SENDS_PER_IP) throw tooMany(serverError.tooManyCodes);
  }

  const code = randomCode(input.length);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(codes)
      .set({ consumedAt: new Date() })
      .where(and(eq(codes.target, input.target), eq(codes.purpose, input.purpose), isNull(codes.consumedAt)));
    await tx.insert(codes).values({
      id,
      purpose: input.purpose,
      target: input.target,
      codeHash: hashCode(id, code),
      expiresAt: new Date(Date.now() + codeRules.ttlMs),
      clientIp: input.clientIp,
    });
  });
  return code;
}

export interface CheckCode {
  purpose: CodePurpose;
  target: string;
  code: string;
  /** False to check without using the code up (stage 2 of forgot password). */
  consume?: boolean;
}

/** Throws 400 with the reason unless the code is the target's newest open one. */
export async function checkCode(db: Db, input: CheckCode): Promise<void> {
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.target, input.target), eq(codes.purpose, input.purpose), isNull(codes.consumedAt)))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  if (!row) throw badRequest(validation.otpInvalid);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(serverError.codeExpired);
  if (row.attempts >= codeRules.maxAttempts) throw badRequest(serverError.codeBurnt);

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.id, input.code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await db.update(codes).set({ attempts }).where(eq(codes.id, row.id));
    throw badRequest(attempts >= codeRules.maxAttempts ? serverError.codeBurnt : validation.otpInvalid);
  }
  if (input.consume === false) return;
  // Single use even under concurrent submits: only one update finds it still open.
  const used = await db
    .update(codes)
    .set({ consumedAt: new Date() })
    .where(and(eq(codes.id, row.id), isNull(codes.consumedAt)))
    .returning({ id: codes.id });
  if (used.length === 0) throw badRequest(validation.otpInvalid);
}
