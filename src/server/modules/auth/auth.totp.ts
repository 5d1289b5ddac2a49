// An administrator's second factor: a code from an authenticator app (TOTP, RFC 6238, by otplib)
// after the password, or one of ten single-use recovery codes. Required for every administrator
// when ADMIN_TOTP_REQUIRED (by default in production): one with no app yet sets it up inside that
// sign-in; elsewhere each administrator turns it on from /admin/security.
//
// Wrong codes are counted per account in the authenticator's row, atomically and before the code
// is checked: only someone who knew the password can spend them, so a stranger cannot lock the
// owner out, and one who knew it gets 10 guesses an hour (about 1 in 33,000 odds a guess).
import crypto from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';
import { recoveryCodeAlphabet, recoveryCodeLength, type TotpSetup, type TotpStatus } from '../../../contract/auth.js';
import { adminTotpText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import type { Config } from '../../config.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { adminRecoveryCodes, adminSignInTickets, adminTotp, users } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, tooMany } from '../../errors.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { hashToken } from './auth.guard.js';
import { createSession, type AuthContext } from './auth.service.js';

export const totpRules = {
  ticketTtlMs: 5 * 60_000,
  failuresPerHour: 10,
  /** The wrong code after a right password that mails the administrator a warning (once an hour). */
  warnAtFailure: 3,
  recoveryCodes: 10,
  /** Seconds of clock drift allowed either way: the code before and after the current one. */
  toleranceSeconds: 30,
} as const;

const hour = 3_600_000;

export const totpRequired = (config: Pick<Config, 'ADMIN_TOTP_REQUIRED' | 'NODE_ENV'>) =>
  config.ADMIN_TOTP_REQUIRED ?? config.NODE_ENV === 'production';

/** A session for an administrator: the configured days when asked to be remembered, else 12 hours. */
export const adminSession = (ctx: AuthContext, userId: string, remember: boolean) =>
  createSession(ctx.db, userId, remember ? ctx.config.SESSION_DAYS * 24 * hour : 12 * hour);

/** A new key for the administrator's app, replacing one not turned on yet; 409 when it is on. */
async function newSetup(db: Db, userId: string, email: string): Promise<TotpSetup> {
  const secret = generateSecret();
  const [row] = await db
    .insert(adminTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secret, lastTimeStep: null, createdAt: new Date() },
      setWhere: isNull(adminTotp.enabledAt),
    })
    .returning({ userId: adminTotp.userId });
  if (!row) throw conflict(t.alreadyOn);
  const uri = generateURI({ issuer: text.brand, label: email, secret });
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * The password was right: a session, or a ticket for the code that must follow (with a new key
 * to set the app up with, when the app is required and this administrator has none yet).
 */
export async function afterAdminPassword(
  ctx: AuthContext,
  admin: { id: string; email: string },
  remember: boolean,
): Promise<{ token: string } | { ticket: string; enrol: TotpSetup | null }> {
  const [app] = await ctx.db
    .select({ enabledAt: adminTotp.enabledAt })
    .from(adminTotp)
    .where(eq(adminTotp.userId, admin.id));
  const enabled = Boolean(app?.enabledAt);
  if (!enabled && !totpRequired(ctx.config)) return { token: await adminSession(ctx, admin.id, remember) };
  const enrol = enabled ? null : await newSetup(ctx.db, admin.id, admin.email);
  const ticket = crypto.randomBytes(32).toString('base64url');
  await ctx.db.insert(adminSignInTickets).values({
    tokenHash: hashToken(ticket),
    userId: admin.id,
    remember,
    expiresAt: new Date(Date.now() + totpRules.ticketTtlMs),
  });
  return { ticket, enrol };
}

/**
 * Counts a try at a code for this administrator, in one statement so parallel tries cannot pass
 * the bound together; answers the app's key. 400 when there is no key, 429 past the hour's bound.
 */
async function takeTry(db: Db, userId: string) {
  const windowOver = or(isNull(adminTotp.failuresSince), lt(adminTotp.failuresSince, sql`now() - interval '1 hour'`));
  const [row] = await db
    .update(adminTotp)
    .set({
      failures: sql`case when ${windowOver} then 1 else ${adminTotp.failures} + 1 end`,
      failuresSince: sql`case when ${windowOver} then now() else ${adminTotp.failuresSince} end`,
    })
    .where(and(eq(adminTotp.userId, userId), or(windowOver, lt(adminTotp.failures, totpRules.failuresPerHour))))
    .returning({
      secret: adminTotp.secret,
      enabledAt: adminTotp.enabledAt,
      lastTimeStep: adminTotp.lastTimeStep,
      failures: adminTotp.failures,
    });
  if (row) return row;
  const [exists] = await db.select({ userId: adminTotp.userId }).from(adminTotp).where(eq(adminTotp.userId, userId));
  throw exists ? tooMany(t.tooManyWrongCodes) : badRequest(t.notSetUp);
}

/** The time step of a right app code not used before, or 400. */
async function appCodeStep(key: { secret: string; lastTimeStep: number | null }, code: string): Promise<number> {
  const result = /^\d{6}$/.test(code)
    ? await verify({
        secret: key.secret,
        token: code,
        epochTolerance: totpRules.toleranceSeconds,
        ...(key.lastTimeStep === null ? {} : { afterTimeStep: key.lastTimeStep }),
      })
    : { valid: false as const };
  // A TOTP result carries its time step (an HOTP one does not).
  if (!result.valid || !('timeStep' in result)) throw badRequest(t.codeWrong);
  return result.timeStep;
}

/** Records a right code: its step cannot be used again, and the wrong tries are forgiven. */
async function spendStep(tx: Tx, userId: string, step: number, enable = false): Promise<void> {
  const [spent] = await tx
    .update(adminTotp)
    .set({
      lastTimeStep: step,
      failures: 0,
      failuresSince: null,
      ...(enable ? { enabledAt: new Date() } : {}),
    })
    .where(
      and(
        eq(adminTotp.userId, userId),
        or(isNull(adminTotp.lastTimeStep), lt(adminTotp.lastTimeStep, step)),
        enable ? isNull(adminTotp.enabledAt) : sql`${adminTotp.enabledAt} is not null`,
      ),
    )
    .returning({ userId: adminTotp.userId });
  // Used meanwhile by a parallel request (or turned on by one).
  if (!spent) throw badRequest(t.codeWrong);
}

const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Uses one of the administrator's recovery codes, or 400. */
async function spendRecoveryCode(tx: Tx, userId: string, code: string): Promise<void> {
  const [used] = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hashToken(normalRecoveryCode(code))),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: adminRecoveryCodes.userId });
  if (!used) throw badRequest(t.recoveryWrong);
  await tx.update(adminTotp).set({ failures: 0, failuresSince: null }).where(eq(adminTotp.userId, userId));
}

/** Ten new recovery codes in place of the old ones; answers them as shown (`abcde-23456`). */
async function newRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: totpRules.recoveryCodes }, () =>
    Array.from(
      { length: recoveryCodeLength },
      () => recoveryCodeAlphabet[crypto.randomInt(recoveryCodeAlphabet.length)],
    ).join(''),
  );
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(code) })));
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/**
 * The sign-in's second step: the ticket of a right password and a code from the app (or a
 * recovery code). The ticket works once; a first code from a new app turns it on and answers the
 * recovery codes too.
 */
export async function completeAdminSignIn(
  ctx: AuthContext,
  ticket: string,
  code: string,
): Promise<{ userId: string; email: string; token: string; recoveryCodes?: string[] }> {
  const tokenHash = hashToken(ticket);
  const [open] = await ctx.db
    .select({ userId: adminSignInTickets.userId, email: users.email })
    .from(adminSignInTickets)
    .innerJoin(users, eq(users.id, adminSignInTickets.userId))
    .where(and(eq(adminSignInTickets.tokenHash, tokenHash), gt(adminSignInTickets.expiresAt, new Date())));
  if (!open) throw badRequest(t.ticketInvalid);
  // An administrator is found by its email, so it has one.
  const email = open.email ?? '';
  const key = await takeTry(ctx.db, open.userId);
  const enrolling = key.enabledAt === null;
  // Six digits are the app's; anything else can only be a recovery code (not while setting up).
  const digits = code.replace(/\s+/g, '');
  let signedIn: Awaited<ReturnType<typeof secondStep>>;
  try {
    const step = enrolling || /^\d{6}$/.test(digits) ? await appCodeStep(key, digits) : null;
    signedIn = await secondStep(ctx, tokenHash, code, enrolling, step);
  } catch (error) {
    // Someone knows the password: its owner hears of it once an hour, while the code holds.
    const wrongCode = error instanceof AppError && (error.message === t.codeWrong || error.message === t.recoveryWrong);
    if (wrongCode && key.failures === totpRules.warnAtFailure) await warnOwner(ctx, email);
    throw error;
  }
  const token = await adminSession(ctx, signedIn.used.userId, signedIn.used.remember);
  return {
    userId: signedIn.used.userId,
    email,
    token,
    ...(signedIn.recoveryCodes ? { recoveryCodes: signedIn.recoveryCodes } : {}),
  };
}

/**
 * Spends the ticket with the code, in one transaction: the app's time step already checked
 * (`step`), or null for a recovery code.
 */
async function secondStep(ctx: AuthContext, tokenHash: string, code: string, enrolling: boolean, step: number | null) {
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .delete(adminSignInTickets)
      .where(and(eq(adminSignInTickets.tokenHash, tokenHash), gt(adminSignInTickets.expiresAt, new Date())))
      .returning({ userId: adminSignInTickets.userId, remember: adminSignInTickets.remember });
    if (!used) throw badRequest(t.ticketInvalid);
    if (step === null) await spendRecoveryCode(tx, used.userId, code);
    else await spendStep(tx, used.userId, step, enrolling);
    return { used, recoveryCodes: enrolling ? await newRecoveryCodes(tx, used.userId) : undefined };
  });
}

/** Mails the administrator that its password was right and its codes wrong. */
async function warnOwner(ctx: AuthContext, email: string) {
  const mail = renderMail({
    heading: t.warningSubject,
    paragraphs: [t.warningLead],
    action: { label: t.warningAction, path: routes.adminForgotPassword },
    publicUrl: ctx.config.PUBLIC_URL,
  });
  await enqueueMessage(ctx.db, {
    channel: 'email',
    to: email,
    subject: t.warningSubject,
    body: mail.text,
    html: mail.html,
  });
  ctx.deliverSoon();
}

/** What /admin/security shows. */
export async function totpStatus(db: Db, config: Config, userId: string): Promise<TotpStatus> {
  const [app] = await db.select({ enabledAt: adminTotp.enabledAt }).from(adminTotp).where(eq(adminTotp.userId, userId));
  const [left] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return { enabled: Boolean(app?.enabledAt), required: totpRequired(config), recoveryCodesLeft: left?.n ?? 0 };
}

/** A new key to set the app up with (not on until a code from it is entered). */
export const setUpTotp = (db: Db, userId: string, email: string) => newSetup(db, userId, email);

/** Turns the app on with its first code; answers the recovery codes. */
export async function enableTotp(db: Db, userId: string, code: string): Promise<string[]> {
  const key = await takeTry(db, userId);
  if (key.enabledAt) throw conflict(t.alreadyOn);
  const step = await appCodeStep(key, code);
  return db.transaction(async (tx) => {
    await spendStep(tx, userId, step, true);
    return newRecoveryCodes(tx, userId);
  });
}

/** Checks a code from the app that is on, for a change to it. */
async function provenByApp(db: Db, userId: string, code: string): Promise<number> {
  const key = await takeTry(db, userId);
  if (!key.enabledAt) throw badRequest(t.notSetUp);
  return appCodeStep(key, code);
}

/** New recovery codes in place of the old ones, with a code from the app. */
export async function replaceRecoveryCodes(db: Db, userId: string, code: string): Promise<string[]> {
  const step = await provenByApp(db, userId, code);
  return db.transaction(async (tx) => {
    await spendStep(tx, userId, step);
    return newRecoveryCodes(tx, userId);
  });
}

/** Turns the app off, with a code from it; refused where it is required. */
export async function disableTotp(db: Db, config: Config, userId: string, code: string): Promise<void> {
  if (totpRequired(config)) throw forbidden(t.cannotTurnOff);
  const step = await provenByApp(db, userId, code);
  await db.transaction(async (tx) => {
    await spendStep(tx, userId, step);
    await tx.delete(adminTotp).where(eq(adminTotp.userId, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  });
}

/** Sign-in tickets past their 5 minutes. */
export async function purgeSignInTickets(db: Queryable, now: Date): Promise<number> {
  const removed = await db
    .delete(adminSignInTickets)
    .where(lt(adminSignInTickets.expiresAt, now))
    .returning({ userId: adminSignInTickets.userId });
  return removed.length;
}
