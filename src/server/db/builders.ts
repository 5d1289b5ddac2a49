// Row builders for the seed and the tests (src/server/test/factories.ts re-exports them): each
// inserts one explicit row, with plausible defaults for what the caller leaves out, and answers it.
import crypto from 'node:crypto';
import { one, type Db } from './client.js';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { deposit, record } from '../modules/wallet/wallet.ledger.js';
import {
  banners,
  bookingEvents,
  bookings,
  categories,
  contentPages,
  daysOff,
  faqs,
  favorites,
  messages,
  notifications,
  offers,
  providerProfiles,
  providerServices,
  ratings,
  referrals,
  riskCategoryIds,
  searchRecords,
  supportMessages,
  tickets,
  users,
  workingHours,
  type BookingStatus,
} from './schema.js';
import { createSession, hashPassword, newReferralCode } from '../modules/auth/auth.service.js';
import { refreshProviderSearch } from '../modules/providers/providers.service.js';
import { geocode } from '../platform/places.js';

let sequence = 0;
const next = () => `${Date.now() % 100000}${++sequence}`;

/** Inserts one row and answers it as stored. */
async function insertRow<T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> {
  const rows: T['$inferSelect'][] = await db.insert(table).values(values).returning();
  return one(rows);
}

/** The creation time a caller chose, or nothing, which leaves the column's default (now). */
const createdAtOf = (createdAt: Date | undefined) => (createdAt ? { createdAt } : {});
/** The same for a row that also keeps when it last changed. */
const madeAtOf = (createdAt: Date | undefined) => (createdAt ? { createdAt, updatedAt: createdAt } : {});

export function uniquePhone(): string {
  // 10 digits, unlikely to collide inside one database.
  return `9${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
}

export interface MemberInput {
  name?: string;
  email?: string;
  phone?: string;
  /** Stored apart from the phone's digits; the column's default otherwise. */
  countryCode?: string;
  role?: 'customer' | 'provider';
  status?: '0' | '1';
  password?: string;
  verified?: boolean;
  isBlocked?: boolean;
  image?: string | null;
  about?: string | null;
  createdAt?: Date;
}

export async function createMember(db: Db, input: MemberInput = {}) {
  const n = next();
  const verified = input.verified ?? true;
  return insertRow(db, users, {
    role: input.role ?? 'customer',
    name: input.name ?? `Member ${n}`,
    email: (input.email ?? `member${n}@example.com`).toLowerCase(),
    phone: input.phone ?? uniquePhone(),
    ...(input.countryCode ? { countryCode: input.countryCode } : {}),
    status: input.status ?? '1',
    passwordHash: input.password ? await hashPassword(input.password) : null,
    phoneVerifiedAt: verified ? new Date() : null,
    emailVerifiedAt: verified && input.password ? new Date() : null,
    isBlocked: input.isBlocked ?? false,
    image: input.image ?? null,
    about: input.about ?? null,
    referralCode: newReferralCode(),
    ...createdAtOf(input.createdAt),
  });
}

export async function createAdmin(db: Db, input: { email?: string; password?: string } = {}) {
  const n = next();
  const password = input.password ?? 'Admin1234';
  const user = await insertRow(db, users, {
    role: 'admin',
    name: 'Administrator',
    email: (input.email ?? `admin${n}@doorstep.test`).toLowerCase(),
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
    referralCode: newReferralCode(),
  });
  return { ...user, password };
}

/** A session token for the user, as if they had signed in. */
export const signIn = (db: Db, userId: string) => createSession(db, userId, 3_600_000);

// ---------------------------------------------------------------- catalogue and providers

export async function createCategory(
  db: Db,
  input: { title?: string; image?: string | null; archived?: boolean } = {},
) {
  return insertRow(db, categories, {
    title: input.title ?? `Category ${next()}`,
    image: input.image ?? null,
    archivedAt: input.archived ? new Date() : null,
  });
}

/** The time zone of each served city. */
export const cityZones = { austin: 'America/Chicago', dallas: 'America/Chicago', nyc: 'America/New_York' } as const;

export interface ProviderInput extends MemberInput {
  city?: keyof typeof cityZones;
  chargesCents?: number;
  address?: string;
  categoryIds?: string[];
  /** The base point; geocoded from the address by default. */
  lat?: number;
  lng?: number;
  radiusKm?: number;
}

/** An active provider (status '1') with a profile in one of the served cities. */
export async function createProvider(db: Db, input: ProviderInput = {}) {
  const user = await createMember(db, { ...input, role: 'provider', status: input.status ?? '1' });
  const city = input.city ?? 'austin';
  const address = input.address ?? '100 Congress Ave, Austin, TX';
  await db.insert(providerProfiles).values({
    userId: user.id,
    city,
    timeZone: cityZones[city],
    chargesCents: input.chargesCents ?? 4500,
    address,
    ...(input.lat !== undefined && input.lng !== undefined
      ? { lat: input.lat, lng: input.lng }
      : geocode(address, city)),
    radiusKm: input.radiusKm ?? 25,
  });
  if (input.categoryIds?.length) {
    await db
      .insert(providerServices)
      .values(input.categoryIds.map((categoryId) => ({ providerId: user.id, categoryId })));
  }
  await refreshProviderSearch(db, user.id);
  return user;
}

export interface BookingInput {
  customerId: string;
  providerId: string;
  categoryId?: string | null;
  date?: string;
  time?: string;
  status?: BookingStatus;
  chargesCents?: number;
  /** How long the job takes; the column's default (an hour) otherwise. */
  durationMinutes?: number;
  address?: string;
  /** The provider's time zone; defaults to Austin's. */
  timeZone?: string;
  phone?: string;
  description?: string;
  createdAt?: Date;
}

export async function createBooking(db: Db, input: BookingInput) {
  const row = await insertRow(db, bookings, {
    customerId: input.customerId,
    providerId: input.providerId,
    categoryId: input.categoryId ?? null,
    date: input.date ?? '2026-12-01',
    time: input.time ?? '10:00',
    timeZone: input.timeZone ?? 'America/Chicago',
    phone: input.phone ?? '5125550100',
    address: input.address ?? '200 Main St, Austin, TX',
    description: input.description ?? 'Please bring your own tools.',
    status: input.status ?? 'requested',
    chargesCents: input.chargesCents ?? 4500,
    // Priced as before checkout: the charges for one visit, paid in cash, without a fee.
    serviceCents: input.chargesCents ?? 4500,
    totalCents: input.chargesCents ?? 4500,
    ...(input.durationMinutes ? { durationMinutes: input.durationMinutes } : {}),
    ...madeAtOf(input.createdAt),
  });
  // Its timeline: asked for when made, and its status since (when it moved on).
  await db
    .insert(bookingEvents)
    .values([
      { bookingId: row.id, status: 'requested', at: row.createdAt },
      ...(row.status === 'requested' ? [] : [{ bookingId: row.id, status: row.status, at: row.updatedAt }]),
    ]);
  return row;
}

/** A rating of a completed booking; keeps the provider's rating figures in step. */
export async function createRating(
  db: Db,
  input: {
    bookingId: string;
    rateBy: string;
    rateTo: string;
    count: number;
    comment?: string;
    hidden?: boolean;
    createdAt?: Date;
  },
) {
  const row = await insertRow(db, ratings, {
    bookingId: input.bookingId,
    rateBy: input.rateBy,
    rateTo: input.rateTo,
    count: input.count,
    comment: input.comment ?? 'Great work.',
    hidden: input.hidden ?? false,
    ...createdAtOf(input.createdAt),
  });
  if (!input.hidden) {
    await db
      .update(providerProfiles)
      .set({
        ratingSum: sql`${providerProfiles.ratingSum} + ${input.count}`,
        reviewCount: sql`${providerProfiles.reviewCount} + 1`,
      })
      .where(eq(providerProfiles.userId, input.rateTo));
  }
  return row;
}

export interface OfferInput {
  name?: string;
  title?: string;
  offer?: string;
  star?: number;
  amountCents?: number;
  image?: string | null;
  aboutImage?: string | null;
  providerId?: string | null;
  active?: boolean;
  categoryId?: string | null;
  discountCents?: number;
  discountBasisPoints?: number;
}

export async function createOffer(db: Db, input: OfferInput = {}) {
  const n = next();
  return insertRow(db, offers, {
    name: input.name ?? `Offer ${n}`,
    title: input.title ?? `20% off deep cleaning ${n}`,
    offer: input.offer ?? '20% off',
    star: input.star ?? 5,
    amountCents: input.amountCents ?? 2000,
    providerId: input.providerId ?? null,
    active: input.active ?? true,
    categoryId: input.categoryId ?? null,
    discountCents: input.discountCents ?? 0,
    discountBasisPoints: input.discountBasisPoints ?? 0,
    image: input.image ?? null,
    aboutImage: input.aboutImage ?? null,
  });
}

export async function createFaq(db: Db, input: { title?: string; about?: string; createdAt?: Date } = {}) {
  const n = next();
  return insertRow(db, faqs, {
    title: input.title ?? `Question ${n}?`,
    about: input.about ?? `Answer ${n}.`,
    ...createdAtOf(input.createdAt),
  });
}

export async function setContent(db: Db, key: 'terms' | 'privacy', about: string) {
  await db
    .insert(contentPages)
    .values({ key, about })
    .onConflictDoUpdate({ target: contentPages.key, set: { about, updatedAt: new Date() } });
}

/** A settled deposit; keeps the wallet figures equal to the ledger. */
export async function createDeposit(
  db: Db,
  userId: string,
  amountCents: number,
  title = 'Deposit',
  /** Rows made within one clock tick would otherwise tie in the lists' newest-first order. */
  createdAt?: Date,
) {
  await db.transaction((tx) => deposit(tx, { userId, title, amountCents, ...(createdAt ? { createdAt } : {}) }));
}

// ---------------------------------------------------------------- more rows (added for the seed)

/** A provider's weekly hours (weekday 0 = Sunday, minutes since local midnight). */
export async function setWorkingHours(
  db: Db,
  providerId: string,
  hours: { weekday: number; startMinute: number; endMinute: number }[],
) {
  if (hours.length) await db.insert(workingHours).values(hours.map((h) => ({ providerId, ...h })));
}

/**
 * A builder of the ledger row of an investment or divestment and the wallet figures moved with it,
 * in one transaction.
 */
const riskMove =
  (type: 'invest' | 'divest', defaultTitle: string) =>
  (db: Db, userId: string, risk: 'lowrisk' | 'highrisk', amountCents: number, title = defaultTitle) =>
    db.transaction((tx) =>
      record(tx, { userId, title, amountCents, type, riskCategoryId: riskCategoryIds[risk], status: '1' }),
    );

/** Money moved from the wallet's amount into one risk category; the figures keep equal to the ledger. */
export const createInvestment = riskMove('invest', 'Investment');

/** Money moved back from one risk category into the wallet's amount; the figures keep equal to the ledger. */
export const createDivestment = riskMove('divest', 'Divestment');

/**
 * A withdraw in one of its states, with the wallet in step: '3' awaits the admin (the amount
 * is reserved), '1' was paid out, '-1' was cancelled (nothing moved).
 */
export async function createWithdrawal(
  db: Db,
  userId: string,
  amountCents: number,
  input: { status?: '3' | '1' | '-1'; title?: string; createdAt?: Date } = {},
) {
  const status = input.status ?? '3';
  return db.transaction((tx) =>
    record(tx, {
      userId,
      title: input.title ?? 'Withdraw request',
      amountCents,
      type: 'withdraw',
      status,
      resolvedAt: status === '3' ? null : new Date(),
      ...createdAtOf(input.createdAt),
    }),
  );
}

export async function createFavorite(db: Db, likedBy: string, likedTo: string) {
  return insertRow(db, favorites, { likedBy, likedTo });
}

export async function createMessage(
  db: Db,
  input: { fromUser: string; toUser: string; message?: string; createdAt?: Date; read?: boolean },
) {
  return insertRow(db, messages, {
    fromUser: input.fromUser,
    toUser: input.toUser,
    message: input.message ?? `Hello ${next()}`,
    readAt: input.read ? (input.createdAt ?? new Date()) : null,
    ...createdAtOf(input.createdAt),
  });
}

/** A personal notification, or an admin broadcast when userId is null. */
export async function createNotification(
  db: Db,
  input: {
    userId: string | null;
    message?: string;
    kind?: string;
    data?: Record<string, unknown>;
    createdAt?: Date;
    read?: boolean;
  },
) {
  return insertRow(db, notifications, {
    userId: input.userId,
    kind: input.kind ?? (input.userId ? 'info' : 'broadcast'),
    message: input.message ?? `Notice ${next()}`,
    data: input.data ?? null,
    readAt: input.read ? new Date() : null,
    ...createdAtOf(input.createdAt),
  });
}

export async function createTicket(
  db: Db,
  input: { userId: string; subject?: string; message?: string; status?: 'pending' | 'resolved'; createdAt?: Date },
) {
  const n = next();
  return insertRow(db, tickets, {
    userId: input.userId,
    subject: input.subject ?? `Ticket ${n}`,
    message: input.message ?? `Ticket message ${n}.`,
    status: input.status ?? 'pending',
    ...madeAtOf(input.createdAt),
  });
}

/** A message sent through the contact form. */
export async function createSupportMessage(
  db: Db,
  input: { name?: string; email?: string; message?: string; createdAt?: Date } = {},
) {
  const n = next();
  return insertRow(db, supportMessages, {
    name: input.name ?? `Visitor ${n}`,
    email: (input.email ?? `visitor${n}@example.com`).toLowerCase(),
    message: input.message ?? `Support message ${n}.`,
    ...createdAtOf(input.createdAt),
  });
}

/** `userId` joined with the referral code of `referredBy`. */
export async function createReferral(db: Db, input: { userId: string; referredBy: string; createdAt?: Date }) {
  return insertRow(db, referrals, {
    userId: input.userId,
    referredBy: input.referredBy,
    ...createdAtOf(input.createdAt),
  });
}

export async function createBanner(db: Db, input: { title?: string; image?: string } = {}) {
  const n = next();
  return insertRow(db, banners, {
    title: input.title ?? `Banner ${n}`,
    image: input.image ?? `/uploads/images/banner-${n}.webp`,
  });
}

export async function createSearchRecord(db: Db, userId: string, text: string) {
  return insertRow(db, searchRecords, { userId, text });
}

// ---------------------------------------------------------------- provider schedule (bookings)

/** Days the provider does not work (`YYYY-MM-DD`, its local dates). */
export async function setDaysOff(db: Db, providerId: string, days: string[]) {
  if (days.length) await db.insert(daysOff).values(days.map((day) => ({ providerId, day })));
}

/** Slot length and travel buffer of a provider, in minutes. */
export async function setSlotRules(
  db: Db,
  providerId: string,
  rules: { slotMinutes?: number; bufferMinutes?: number; timeZone?: string },
) {
  await db.update(providerProfiles).set(rules).where(eq(providerProfiles.userId, providerId));
}
