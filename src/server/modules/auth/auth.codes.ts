// One-time codes: generated and checked only here, stored hashed, valid 5 minutes, single use,
// burnt after 5 wrong tries, refused for a day after 10 wrong tries per account and purpose.
// Sends are limited by the routes that send them (per phone or email, per address, texts overall).
import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { validation, serverError } from '../../../contract/messages.js';
import type { Db } from '../../db/client.js';
import { codes, type CodePurpose } from '../../db/schema.js';
import { badRequest, tooMany, type AppError } from '../../errors.js';
import { enqueueMessage, type OutgoingMessage } from '../../platform/delivery.js';

/**
 * A code lives 5 minutes and takes 5 tries. An account takes 10 wrong codes a day per purpose
 * across all its codes: the 4-digit mail codes would otherwise fall to a few hundred guesses spread
 * over fresh codes.
 */
export const codeRules = { ttlMs: 5 * 60_000, maxAttempts: 5, maxWrongPerDay: 10 } as const;

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

/**
 * Creates a code and writes the message that carries it; earlier open codes for the same target end. How often a target or an address may
 * ask is limited by the sending routes (platform/rate-limit.ts), before anything is written.
 */
export async function issueCode(db: Db, input: IssueCode, message: (code: string) => OutgoingMessage): Promise<string> {
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
    // The text or mail that carries it commits with it, or neither does.
    await enqueueMessage(tx, message(code));
  });
  return code;
}

export interface CheckCode {
  purpose: CodePurpose;
  target: string;
  code: string;
  /** False to check without using the code up (stage 2 of forgot password). */
  consume?: boolean;
  /** False to skip the day's cap of wrong codes (for the account owner's known browser). */
  dayCap?: boolean;
}

/** The target's codes of one purpose, and the newest of them still open. */
const ofTarget = (input: CheckCode) => and(eq(codes.target, input.target), eq(codes.purpose, input.purpose));
const newestOpen = (input: CheckCode) =>
  sql`(select ${codes.id} from ${codes} where ${ofTarget(input)} and ${codes.consumedAt} is null order by ${codes.createdAt} desc limit 1)`;
/** Wrong tries at the target's codes of this purpose created in the last day (a right one is given back). */
const wrongToday = (input: CheckCode) =>
  sql<number>`(select coalesce(sum(${codes.attempts}), 0) from ${codes} where ${ofTarget(input)} and ${codes.createdAt} > now() - interval '1 day')`;

/**
 * Throws unless the code is the target's newest open one: 400 with the reason, or 429 once the
 * account has had too many wrong codes today.
 *
 * A try is reserved before the code is compared, by one conditional UPDATE: under any number of
 * parallel requests only `maxAttempts` of them get a row back, and only those are compared. The
 * day's cap sits in the same statement; parallel requests can pass it by at most one code's tries,
 * because the sum is read once per statement while `attempts < maxAttempts` is re-checked on the
 * row each request has locked.
 */
export async function checkCode(db: Db, input: CheckCode): Promise<void> {
  const [reserved] = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(
      and(
        sql`${codes.id} = ${newestOpen(input)}`,
        isNull(codes.consumedAt),
        lt(codes.attempts, codeRules.maxAttempts),
        sql`${codes.expiresAt} > now()`,
        input.dayCap === false ? undefined : sql`${wrongToday(input)} < ${codeRules.maxWrongPerDay}`,
      ),
    )
    .returning({ id: codes.id, codeHash: codes.codeHash, attempts: codes.attempts });
  if (!reserved) throw await refusal(db, input);

  const expected = Buffer.from(reserved.codeHash, 'hex');
  const given = Buffer.from(hashCode(reserved.id, input.code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    throw badRequest(reserved.attempts >= codeRules.maxAttempts ? serverError.codeBurnt : validation.otpInvalid);
  }
  // The right code gives its try back: the day's cap counts wrong codes only.
  const giveBack = sql`${codes.attempts} - 1`;
  if (input.consume === false) {
    await db.update(codes).set({ attempts: giveBack }).where(eq(codes.id, reserved.id));
    return;
  }
  // Single use even under concurrent submits: only one update finds it still open.
  const used = await db
    .update(codes)
    .set({ consumedAt: new Date(), attempts: giveBack })
    .where(and(eq(codes.id, reserved.id), isNull(codes.consumedAt)))
    .returning({ id: codes.id });
  if (used.length === 0) throw badRequest(validation.otpInvalid);
}

/** Why no try could be reserved, read once. */
async function refusal(db: Db, input: CheckCode): Promise<AppError> {
  const [open] = await db
    .select({
      expired: sql<boolean>`${codes.expiresAt} <= now()`,
      attempts: codes.attempts,
      wrongToday: wrongToday(input).mapWith(Number),
    })
    .from(codes)
    .where(and(ofTarget(input), isNull(codes.consumedAt)))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  if (!open) return badRequest(validation.otpInvalid);
  if (input.dayCap !== false && open.wrongToday >= codeRules.maxWrongPerDay)
    return tooMany(serverError.tooManyWrongCodes);
  if (open.expired) return badRequest(serverError.codeExpired);
  if (open.attempts >= codeRules.maxAttempts) return badRequest(serverError.codeBurnt);
  return badRequest(validation.otpInvalid);
}
