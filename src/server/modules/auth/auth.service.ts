// Sign-in for every persona: members by phone code, members by email and password, admins.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { limits, type Me } from '../../../contract/auth.js';
import { notice, serverError, takenContactText, validation } from '../../../contract/messages.js';
import type { Config } from '../../config.js';
import { one, type Db, type Queryable, type Tx } from '../../db/client.js';
import { referrals, sessions, users } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, unauthorized } from '../../errors.js';
import { hashToken } from './auth.guard.js';
import { checkCode, issueCode } from './auth.codes.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { canText } from '../../platform/messaging.js';
import { codeMail, noticeMail } from './auth.mail.js';
import { isClaimed, unclaimedSignup } from './auth.housekeeping.js';

export interface AuthContext {
  db: Db;
  config: Config;
  /** Asks the queue to deliver the outbox now (after the commit that wrote a code). */
  deliverSoon(): void;
  clientIp: string;
}

const hour = 3_600_000;

export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  // Housekeeping on the way: expired sessions of this user go.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return token;
}

export const endSession = (db: Db, sessionId: string) => db.delete(sessions).where(eq(sessions.id, sessionId));
export const endAllSessions = (db: Queryable, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId));

export const hashPassword = (password: string) => hash(password);

export function newReferralCode(): string {
  return crypto.randomBytes(5).toString('hex').toUpperCase();
}

async function recordReferral(tx: Tx, userId: string, code: string | undefined) {
  if (!code) return;
  // Only a member who finished signing up refers: an unfinished sign-up may be removed, and the
  // referral with it.
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.referralCode, code.toUpperCase()),
        or(isNotNull(users.phoneVerifiedAt), isNotNull(users.emailVerifiedAt)),
      ),
    )
    .limit(1);
  if (!referrer || referrer.id === userId) return;
  await tx.insert(referrals).values({ userId, referredBy: referrer.id }).onConflictDoNothing();
}

// ---------------------------------------------------------------- members by phone

export interface MemberSignup {
  name: string;
  email: string;
  phone: string;
  ref?: string;
}

/** Which of a sign-up's contacts another account has proven. */
interface Taken {
  phone: boolean;
  email: boolean;
}

/**
 * Who holds a sign-up's phone and email. A contact is taken only where it was proven: a phone by
 * a texted code, an email by a mailed one (an administrator's email always). Unproven ones are in
 * the way only: the sign-ups that hold nothing proven are removed, and an account holding the
 * contact unproven lets it go (`clearUnproven`).
 */
async function holdersOf(db: Db, phone: string, email: string) {
  const holders = await db
    .select({
      id: users.id,
      phone: users.phone,
      email: users.email,
      role: users.role,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(or(eq(users.phone, phone), eq(users.email, email)));
  const taken: Taken = {
    phone: holders.some((user) => user.phone === phone && user.phoneVerifiedAt !== null),
    email: holders.some((user) => user.email === email && (user.emailVerifiedAt !== null || user.role === 'admin')),
  };
  return {
    taken,
    unclaimed: holders.filter((user) => !isClaimed(user)).map((user) => user.id),
    claimed: holders.filter(isClaimed).map((user) => user.id),
  };
}

/** Removes the unverified sign-ups in the way, re-checking in the statement that they still are. */
async function releaseUnclaimed(tx: Tx, ids: string[]) {
  if (ids.length > 0) await tx.delete(users).where(and(inArray(users.id, ids), unclaimedSignup()));
}

/**
 * Accounts that hold the phone or email unproven let it go, re-checked in the statement: a
 * contact proven meanwhile stays, and the insert after it then meets the unique key (409).
 */
async function clearUnproven(tx: Tx, ids: string[], phone: string, email: string) {
  if (ids.length === 0) return;
  await tx
    .update(users)
    .set({ phone: null, updatedAt: new Date() })
    .where(and(inArray(users.id, ids), eq(users.phone, phone), isNull(users.phoneVerifiedAt)));
  await tx
    .update(users)
    .set({ email: null, updatedAt: new Date() })
    .where(and(inArray(users.id, ids), eq(users.email, email), isNull(users.emailVerifiedAt), ne(users.role, 'admin')));
}

/** A unique violation on insert: someone verified or signed up with the phone or email meanwhile. */
function takenBy(error: unknown): Taken {
  const constraint =
    (error as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ??
    (error as { constraint?: string }).constraint;
  return { phone: constraint === 'users_phone_key', email: constraint !== 'users_phone_key' };
}

/**
 * Instead of a code, when a sign-up names a contact another account has proven: the owner is
 * told someone tried, and the sign-up's other contact why nothing came. The sign-up answers as
 * any other, so it does not tell who is a member (a 409 did).
 */
async function tellOwners(ctx: AuthContext, taken: Taken, phone: string, email: string) {
  const t = takenContactText;
  const mail = (copy: Parameters<typeof noticeMail>[0]) => ({
    channel: 'email' as const,
    to: email,
    ...noticeMail(copy, ctx.config.PUBLIC_URL),
  });
  await enqueueMessage(ctx.db, {
    channel: 'sms',
    to: phone,
    body: taken.phone ? t.phoneOwnerText : t.phoneOfOtherText,
  });
  await enqueueMessage(ctx.db, mail(taken.email ? t.emailOwner : t.emailOfOther));
  ctx.deliverSoon();
}

/** Creates an unverified customer (replacing unverified sign-ups of the phone or email) and texts a 6-digit code. */
export async function signupMember(ctx: AuthContext, input: MemberSignup) {
  const values = { name: input.name, email: input.email, phone: input.phone, role: 'customer' } as const;
  const taken = await createSignup(ctx.db, values, input.ref);
  if (taken) await tellOwners(ctx, taken, input.phone, input.email);
  else await sendPhoneCode(ctx, 'register', input.phone);
}

/**
 * Inserts a new, unverified sign-up with its referral, after removing the unverified sign-ups
 * that held its phone or email; answers which contacts are taken instead when another account
 * has proven one (a race for them is decided by the database's unique keys).
 */
async function createSignup(
  db: Db,
  values: Omit<typeof users.$inferInsert, 'referralCode'> & { phone: string; email: string },
  ref: string | undefined,
): Promise<Taken | null> {
  const { unclaimed, claimed, taken } = await holdersOf(db, values.phone, values.email);
  if (taken.phone || taken.email) return taken;
  try {
    await db.transaction(async (tx) => {
      await releaseUnclaimed(tx, unclaimed);
      await clearUnproven(tx, claimed, values.phone, values.email);
      const created = await tx
        .insert(users)
        .values({ ...values, referralCode: newReferralCode() })
        .returning({ id: users.id });
      await recordReferral(tx, one(created).id, ref);
    });
    return null;
  } catch (error) {
    if (isUniqueViolation(error)) return takenBy(error);
    throw error;
  }
}

export async function sendPhoneCode(
  ctx: AuthContext,
  purpose: 'register' | 'login' | 'verify_phone' | 'change_phone',
  phone: string,
) {
  // Only a number a text can reach gets a code: junk numbers of other countries spend no budget.
  if (!canText(phone)) return;
  await issueCode(
    ctx.db,
    { purpose, target: phone, length: limits.memberCodeLength, clientIp: ctx.clientIp },
    (code) => ({ channel: 'sms', to: phone, body: `Your Doorstep code is ${code}. It expires in 5 minutes.`, code }),
  );
  ctx.deliverSoon();
}

/**
 * Verifies the phone of the sign-up holding it. With `email`, only the sign-up made with that
 * email: a stranger signing up again with the same phone meanwhile must not have the owner's code
 * verify the stranger's account.
 */
export async function verifyRegistration(ctx: AuthContext, phone: string, otp: string, email?: string) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  if (!user) throw badRequest(validation.otpInvalid);
  if (email !== undefined && user.email !== email.toLowerCase()) throw badRequest(serverError.signupReplaced);
  await checkCode(ctx.db, { purpose: 'register', target: phone, code: otp });
  await ctx.db.update(users).set({ phoneVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
}

async function verifiedMemberByPhone(db: Db, phone: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role, isBlocked: users.isBlocked })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
    .limit(1);
  return user && user.role !== 'admin' ? user : undefined;
}

/**
 * Texts a login code to a verified, unblocked member. The answer is the same for every phone, so
 * it does not tell which phones have an account (or a blocked one): a phone without one learns it
 * at the code step, as a wrong code.
 */
export async function sendLoginCode(ctx: AuthContext, phone: string) {
  const user = await verifiedMemberByPhone(ctx.db, phone);
  if (!user || user.isBlocked) return;
  try {
    await sendPhoneCode(ctx, 'login', phone);
  } catch (error) {
    // The per-phone send limit counts the codes sent, which only members have; the route's own
    // limit answers 429 for every phone alike.
    if (error instanceof AppError && error.statusCode === 429) return;
    throw error;
  }
}

/** `knownDevice`: the browser has signed in to this phone's account before (auth.devices.ts). */
export async function loginMember(ctx: AuthContext, phone: string, otp: string, knownDevice = false) {
  // The code first: only members get codes, so a phone without an account fails here like a wrong code.
  // Strangers' wrong codes lock the account for a day, but not in its owner's known browser.
  await checkCode(ctx.db, { purpose: 'login', target: phone, code: otp, dayCap: !knownDevice });
  const user = await verifiedMemberByPhone(ctx.db, phone);
  if (!user) throw badRequest(validation.otpInvalid);
  if (user.isBlocked) throw forbidden(serverError.blocked);
  const token = await createSession(ctx.db, user.id, ctx.config.SESSION_DAYS * 24 * hour);
  return { user: { _id: user.id, name: user.name }, token };
}

/** The signed-in member's own phone, not proven yet: 400 without one, 409 once proven. */
async function unprovenPhoneOf(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.phone) throw badRequest(serverError.noPhone);
  if (user.phoneVerifiedAt) throw conflict(serverError.phoneAlreadyVerified);
  return user.phone;
}

/** Texts a code to the signed-in member's phone, to prove it (an email account's phone). */
export async function sendPhoneProof(ctx: AuthContext, userId: string) {
  await sendPhoneCode(ctx, 'verify_phone', await unprovenPhoneOf(ctx.db, userId));
}

/**
 * Proves the signed-in member's phone with the texted code: from then on it signs in and gets
 * texts. The phone is unique, so no other account holds it; a sign-up that took it meanwhile
 * (an unproven phone is let go to the first who proves it) leaves nothing to prove.
 */
export async function provePhone(ctx: AuthContext, userId: string, otp: string) {
  const phone = await unprovenPhoneOf(ctx.db, userId);
  await checkCode(ctx.db, { purpose: 'verify_phone', target: phone, code: otp });
  const proven = await ctx.db
    .update(users)
    .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.phone, phone), isNull(users.phoneVerifiedAt)))
    .returning({ id: users.id });
  if (proven.length === 0) throw conflict(serverError.phoneTaken);
}

// ---------------------------------------------------------------- administrators

/** The administrator with this email and password (401 otherwise); auth.totp.ts decides what follows. */
export async function checkAdminPassword(ctx: AuthContext, email: string, password: string) {
  const [admin] = await ctx.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, isBlocked: users.isBlocked })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'admin')))
    .limit(1);
  // Hash anyway when there is no such admin, so timing does not tell which emails exist.
  const ok = admin?.passwordHash ? await verify(admin.passwordHash, password) : (await hash(password), false);
  if (!admin || !ok || admin.isBlocked) throw unauthorized(notice.credentialsMismatch);
  // Found by its email, so it has one.
  return { id: admin.id, email: admin.email ?? email };
}

/** Adds an administrator; false when the email already has an account (it is left as it is). */
export async function addAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const created = await db
    .insert(users)
    .values({
      role: 'admin',
      name: 'Administrator',
      email: email.toLowerCase(),
      emailVerifiedAt: new Date(),
      passwordHash: await hash(password),
      referralCode: newReferralCode(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created.length > 0;
}

/** The administrator the first start makes when ADMIN_EMAIL is unset. */
export const generatedAdminEmail = 'admin@doorstep.local';

/**
 * Where the generated administrator's password waits for its first sign-in, readable by the
 * server's user only: `npm start` prints it again after the build's and the server's output.
 */
export const firstAdminFile = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'first-admin.txt');

/** The generated administrator has signed in: its password is no longer kept on disk. */
export function forgetFirstAdminPassword(config: Pick<Config, 'DATA_DIR'>, email: string) {
  if (email === generatedAdminEmail) fs.rmSync(firstAdminFile(config), { force: true });
}

/** The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or a generated one printed once. */
export async function ensureFirstAdmin(db: Db, config: Config, print: (line: string) => void) {
  // Start-up runs this under the migrations lock; on its own it is still safe to run twice at
  // once: the insert skips an email already taken, and only the run that made the row prints.
  // The configuration refuses ADMIN_EMAIL without ADMIN_PASSWORD.
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const email = ADMIN_EMAIL.toLowerCase();
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) return;
    if (await addAdmin(db, email, ADMIN_PASSWORD)) print(`Admin account ${email} created from ADMIN_EMAIL.`);
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return;
  const email = generatedAdminEmail;
  const password = `Ds${crypto.randomBytes(9).toString('base64url')}1`;
  if (await addAdmin(db, email, password)) {
    const file = firstAdminFile(config);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `Email: ${email}\nPassword: ${password}\n`, { mode: 0o600 });
    print(
      `First admin created. Email: ${email}  Password: ${password}  (shown once and kept in ${file} until its first sign-in; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    );
  }
}

// ---------------------------------------------------------------- email accounts

export interface EmailRegistration {
  first_name: string;
  last_name: string;
  email: string;
  mobile_no: string;
  password: string;
  country_code: string;
  role: 'provider' | 'customer';
  ref?: string;
}

export async function sendEmailCode(
  ctx: AuthContext,
  purpose: 'verify_email' | 'reset_password' | 'change_email',
  email: string,
) {
  await issueCode(
    ctx.db,
    { purpose, target: email, length: limits.emailCodeLength, clientIp: ctx.clientIp },
    (code) => ({
      channel: 'email',
      to: email,
      ...codeMail({ purpose, email, code, publicUrl: ctx.config.PUBLIC_URL }),
      code,
    }),
  );
  ctx.deliverSoon();
}

/** The template sign-up: an email account with a password; providers start Deactive. */
export async function registerEmailAccount(ctx: AuthContext, input: EmailRegistration) {
  const passwordHash = await hash(input.password);
  const taken = await createSignup(
    ctx.db,
    {
      role: input.role,
      name: `${input.first_name} ${input.last_name}`,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.mobile_no,
      countryCode: input.country_code,
      passwordHash,
      status: input.role === 'provider' ? '0' : '1',
    },
    input.ref,
  );
  if (taken) await tellOwners(ctx, taken, input.mobile_no, input.email);
  else await sendEmailCode(ctx, 'verify_email', input.email);
}

export async function resendVerifyEmail(ctx: AuthContext, email: string) {
  const [user] = await ctx.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  // Answer the same whether or not the account exists: the response must not reveal members.
  if (!user || user.verified) return;
  await sendEmailCode(ctx, 'verify_email', email);
}

export async function verifyEmail(ctx: AuthContext, email: string, otpNumber: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw badRequest(validation.otpInvalid);
  await checkCode(ctx.db, { purpose: 'verify_email', target: email, code: otpNumber });
  // The email only: the phone given at sign-up is proven by a texted code (provePhone) before it
  // signs in or gets texts, so an email cannot vouch for a stranger's phone.
  await ctx.db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
}

export async function loginWithEmail(ctx: AuthContext, email: string, password: string) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      verified: users.emailVerifiedAt,
      isBlocked: users.isBlocked,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = user?.passwordHash ? await verify(user.passwordHash, password) : (await hash(password), false);
  if (!user || !ok || user.role === 'admin') throw unauthorized(notice.credentialsMismatch);
  if (user.isBlocked) throw forbidden(serverError.blocked);
  if (!user.verified) throw forbidden(serverError.emailNotVerified);
  const token = await createSession(ctx.db, user.id, ctx.config.SESSION_DAYS * 24 * hour);
  return { user: { _id: user.id, name: user.name }, token };
}

export async function sendResetCode(ctx: AuthContext, email: string) {
  // Recovery goes through a proven email only: an unproven one may not be the account owner's.
  // A member's flow: an administrator's password does not fall to a 4-digit code.
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt), ne(users.role, 'admin')))
    .limit(1);
  if (!user) return; // same answer either way
  await sendEmailCode(ctx, 'reset_password', email);
}

export const checkResetCode = (ctx: AuthContext, email: string, otp: string) =>
  checkCode(ctx.db, { purpose: 'reset_password', target: email, code: otp, consume: false });

export async function resetPassword(ctx: AuthContext, email: string, otp: string, password: string) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.role, 'admin')))
    .limit(1);
  if (!user) throw badRequest(validation.otpInvalid);
  await checkCode(ctx.db, { purpose: 'reset_password', target: email, code: otp });
  const passwordHash = await hash(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // A new password ends the sessions the old one opened.
    await endAllSessions(tx, user.id);
  });
}

/** GET /auth/me: the signed-in user; a member's chosen location too (null until chosen). */
export async function currentUser(db: Db, userId: string): Promise<Me> {
  const [row] = await db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      image: users.image,
      location: users.location,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw unauthorized();
  const { location, ...user } = row;
  return user.role === 'admin' ? user : { ...user, location: location ?? null };
}
