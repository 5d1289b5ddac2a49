// The demonstration data: what a fresh install shows, checked against the database (the
// catalogue and booking routes are tested in their own modules) and the rules it must keep.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsPrefix } from '../../contract/paths.js';
import { createAdmin, createMember } from '../test/factories.js';
import { lastCode, withApp } from '../test/harness.js';
import {
  banners,
  bookingEvents,
  bookings,
  categories,
  contentPages,
  faqs,
  messages,
  notifications,
  offers,
  providerProfiles,
  providerServices,
  ratings,
  referrals,
  supportMessages,
  tickets,
  transactions,
  users,
  wallets,
  workingHours,
} from './schema.js';
import { demoCustomerPhone, demoProviderPhone, seed, type SeedSummary } from './seed.js';

const ctx = withApp();
let summary: SeedSummary | null;

beforeAll(async () => {
  summary = await seed(ctx.db, ctx.storage);
});

/** The stored bytes behind a public path of the seed (in the storage every instance reads). */
const bytesOf = async (publicPath: string) => {
  expect(publicPath.startsWith(`${uploadsPrefix}seed/`)).toBe(true);
  const stored = await ctx.storage.get(publicPath.slice(uploadsPrefix.length));
  expect(stored, publicPath).toBeDefined();
  return stored?.body as Buffer;
};

async function expectWebp(publicPath: string | null, size?: { width: number; height: number }) {
  expect(publicPath).toMatch(/\.webp$/);
  const meta = await sharp(await bytesOf(publicPath!)).metadata();
  expect(meta.format).toBe('webp');
  if (size) expect({ width: meta.width, height: meta.height }).toEqual(size);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('seed on an empty database', () => {
  it('reports what it made', () => {
    expect(summary).not.toBeNull();
    expect(summary).toMatchObject({ categories: 6, pendingProviders: 2, banners: 3 });
    expect(summary!.providers).toBeGreaterThanOrEqual(20);
    expect(summary!.customers).toBeGreaterThanOrEqual(8);
  });

  it('makes the six categories, each with its own WebP picture, served under /uploads', async () => {
    const rows = await ctx.db.select().from(categories);
    expect(rows.map((r) => r.title).sort()).toEqual([
      'Appliance Repair',
      'Beauty',
      'Carpentry',
      'Cleaning',
      'Painting',
      'Plumbing',
    ]);
    expect(new Set(rows.map((r) => r.image)).size).toBe(6);
    for (const row of rows) {
      expect(row.archivedAt).toBeNull();
      await expectWebp(row.image, { width: 640, height: 480 });
    }
    const res = await ctx.app.inject({ method: 'GET', url: rows[0]!.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('lists active providers in Austin, Dallas and New York City, and two awaiting activation', async () => {
    const rows = await ctx.db
      .select({
        id: users.id,
        name: users.name,
        status: users.status,
        image: users.image,
        about: users.about,
        phone: users.phone,
        countryCode: users.countryCode,
        city: providerProfiles.city,
        charges: providerProfiles.chargesCents,
        address: providerProfiles.address,
      })
      .from(users)
      .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(eq(users.role, 'provider'));
    const active = rows.filter((r) => r.status === '1');
    expect(active.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((r) => r.status === '0')).toHaveLength(2);
    for (const city of ['austin', 'dallas', 'nyc'] as const)
      expect(active.filter((r) => r.city === city).length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(row.charges).toBeGreaterThanOrEqual(2500);
      expect(row.charges).toBeLessThanOrEqual(12000);
      expect(row.charges % 100).toBe(0);
      expect(row.address).toMatch(/, (Austin|Dallas), TX 7\d{4}$|, NY 1\d{4}$/);
      expect(row.about!.length).toBeGreaterThan(40);
      // Ten digits to sign in with; the country code apart.
      expect(row.phone).toMatch(/^\d{10}$/);
      expect(row.countryCode).toBe('+1');
    }
    await Promise.all(rows.map((r) => expectWebp(r.image, { width: 400, height: 400 })));
    // A face of its own for every provider, and none that a customer wears too.
    expect(new Set(rows.map((r) => r.image)).size).toBe(rows.length);
    const customers = await ctx.db
      .select({ image: users.image, phone: users.phone, countryCode: users.countryCode })
      .from(users)
      .where(eq(users.role, 'customer'));
    const pictured = customers.flatMap((c) => (c.image ? [c.image] : []));
    expect(new Set([...rows.map((r) => r.image), ...pictured]).size).toBe(rows.length + pictured.length);
    for (const customer of customers) {
      expect(customer.phone).toMatch(/^\d{10}$/);
      expect(customer.countryCode).toBe('+1');
    }

    const services = await ctx.db.select().from(providerServices);
    for (const row of rows) {
      const offered = services.filter((s) => s.providerId === row.id).length;
      expect(offered).toBeGreaterThanOrEqual(1);
      expect(offered).toBeLessThanOrEqual(2);
    }
    // Every category can be booked in every city.
    const byCategoryCity = await ctx.db
      .selectDistinct({ categoryId: providerServices.categoryId, city: providerProfiles.city })
      .from(providerServices)
      .innerJoin(providerProfiles, eq(providerProfiles.userId, providerServices.providerId))
      .innerJoin(users, and(eq(users.id, providerServices.providerId), eq(users.status, '1')));
    expect(byCategoryCity).toHaveLength(18);
    // Working hours, so the booking dialog has free slots to offer.
    const hours = await ctx.db.selectDistinct({ providerId: workingHours.providerId }).from(workingHours);
    expect(hours).toHaveLength(rows.length);
  });

  it('gives most providers reviews, and keeps their rating figures equal to the ratings', async () => {
    const profiles = await ctx.db
      .select({
        id: providerProfiles.userId,
        reviewCount: providerProfiles.reviewCount,
        ratingSum: providerProfiles.ratingSum,
      })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(eq(users.status, '1'));
    const reviewed = profiles.filter((p) => p.reviewCount > 0);
    expect(reviewed.length * 2).toBeGreaterThanOrEqual(profiles.length);

    const rated = await ctx.db
      .select({
        rateTo: ratings.rateTo,
        n: sql<number>`count(*)`.mapWith(Number),
        sum: sql<number>`sum(${ratings.count})`.mapWith(Number),
      })
      .from(ratings)
      .where(eq(ratings.hidden, false))
      .groupBy(ratings.rateTo);
    for (const p of profiles) {
      const r = rated.find((x) => x.rateTo === p.id);
      expect({ reviewCount: p.reviewCount, ratingSum: p.ratingSum }).toEqual({
        reviewCount: r?.n ?? 0,
        ratingSum: r?.sum ?? 0,
      });
    }

    const all = await ctx.db
      .select({
        count: ratings.count,
        comment: ratings.comment,
        rateBy: ratings.rateBy,
        rateTo: ratings.rateTo,
        status: bookings.status,
        customerId: bookings.customerId,
        providerId: bookings.providerId,
      })
      .from(ratings)
      .innerJoin(bookings, eq(bookings.id, ratings.bookingId));
    expect(new Set(all.map((r) => r.count))).toEqual(new Set([3, 4, 5]));
    for (const r of all) {
      expect(r.status).toBe('completed');
      expect(r.rateBy).toBe(r.customerId);
      expect(r.rateTo).toBe(r.providerId);
      expect(r.comment.length).toBeGreaterThan(10);
    }
  });

  it('dates the reviews over the past year, each after its visit and after both members joined', async () => {
    const customer = alias(users, 'customer');
    const provider = alias(users, 'provider');
    const rows = await ctx.db
      .select({
        ratedAt: ratings.createdAt,
        visit: bookings.date,
        customerJoined: customer.createdAt,
        providerJoined: provider.createdAt,
      })
      .from(ratings)
      .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
      .innerJoin(customer, eq(customer.id, bookings.customerId))
      .innerJoin(provider, eq(provider.id, bookings.providerId));
    const now = Date.now();
    const daysAgo = (at: Date) => (now - at.getTime()) / 86_400_000;
    for (const row of rows) {
      expect(row.ratedAt.getTime()).toBeLessThan(now);
      expect(daysAgo(row.ratedAt)).toBeLessThan(380);
      expect(row.ratedAt.toISOString().slice(0, 10) > row.visit).toBe(true);
      expect(`${row.visit}T23:59:59Z` > row.customerJoined.toISOString()).toBe(true);
      expect(`${row.visit}T23:59:59Z` > row.providerJoined.toISOString()).toBe(true);
    }
    // Spread out, not bunched in the last weeks: reviews in most months of the year, a good share
    // of them older than three months and some older than nine.
    const months = new Set(rows.map((row) => row.ratedAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    expect(rows.filter((row) => daysAgo(row.ratedAt) > 90).length * 2).toBeGreaterThan(rows.length);
    expect(rows.filter((row) => daysAgo(row.ratedAt) > 270).length).toBeGreaterThanOrEqual(5);
    // Not all written in one instant: the newest first means something.
    expect(new Set(rows.map((row) => row.ratedAt.getTime())).size).toBe(rows.length);
  });

  it('has upcoming bookings that are requested or accepted, past ones closed, and no slot taken twice', async () => {
    const rows = await ctx.db
      .select({
        date: bookings.date,
        time: bookings.time,
        status: bookings.status,
        providerId: bookings.providerId,
        timeZone: bookings.timeZone,
        zone: providerProfiles.timeZone,
        categoryId: bookings.categoryId,
      })
      .from(bookings)
      .innerJoin(providerProfiles, eq(providerProfiles.userId, bookings.providerId));
    const today = todayUtc();
    for (const status of ['requested', 'accepted', 'completed', 'declined', 'cancelled'] as const) {
      expect(rows.filter((r) => r.status === status).length, status).toBeGreaterThanOrEqual(2);
    }
    let pastAccepted = 0;
    for (const row of rows) {
      expect(row.time).toMatch(/^(09|1[0-6]):00$/);
      expect(row.timeZone).toBe(row.zone);
      expect(row.categoryId).not.toBeNull();
      expect(new Date(`${row.date}T00:00:00Z`).getUTCDay()).not.toBe(0);
      // An accepted job may lie in the past: it waits for its provider to mark it completed.
      if (row.status === 'requested') expect(row.date > today).toBe(true);
      else if (row.status === 'accepted') pastAccepted += row.date < today ? 1 : 0;
      else expect(row.date < today).toBe(true);
    }
    expect(pastAccepted).toBe(1);
    const slots = rows.map((r) => `${r.providerId} ${r.date} ${r.time}`);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('gives each completed job the steps it went through: asked for, accepted before it began, completed after', async () => {
    const steps = await ctx.db
      .select({
        bookingId: bookingEvents.bookingId,
        status: bookingEvents.status,
        at: bookingEvents.at,
        startsAt: sql<string>`((${bookings.date} + ${bookings.time}::time) at time zone ${bookings.timeZone})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
        minutes: bookings.durationMinutes,
      })
      .from(bookingEvents)
      .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .where(eq(bookings.status, 'completed'))
      .orderBy(bookingEvents.bookingId, bookingEvents.at);
    const jobs = new Map<string, typeof steps>();
    for (const step of steps) jobs.set(step.bookingId, [...(jobs.get(step.bookingId) ?? []), step]);
    expect(jobs.size).toBeGreaterThanOrEqual(2);
    for (const timeline of jobs.values()) {
      expect(timeline.map((step) => step.status)).toEqual(['requested', 'accepted', 'completed']);
      const [asked, accepted, completed] = timeline as [(typeof steps)[0], (typeof steps)[0], (typeof steps)[0]];
      expect(accepted.at.getTime()).toBeGreaterThan(asked.at.getTime());
      expect(accepted.at.getTime()).toBeLessThanOrEqual(asked.startsAt.getTime());
      expect(completed.at.getTime()).toBeGreaterThanOrEqual(
        Math.min(asked.startsAt.getTime() + asked.minutes * 60_000, Date.now() - 60_000),
      );
    }
  });

  it('makes the demo customer and the demo provider, who sign in with a phone code', async () => {
    const [customer] = await ctx.db.select().from(users).where(eq(users.phone, demoCustomerPhone));
    expect(customer).toMatchObject({
      name: 'Demo Customer',
      email: 'demo@doorstep.example',
      role: 'customer',
      status: '1',
      isBlocked: false,
    });
    const [provider] = await ctx.db.select().from(users).where(eq(users.phone, demoProviderPhone));
    expect(provider).toMatchObject({ role: 'provider', status: '1', isBlocked: false });

    for (const [phone, user] of [
      [demoCustomerPhone, customer!],
      [demoProviderPhone, provider!],
    ] as const) {
      const send = await ctx.app.inject({ method: 'POST', url: '/v1/user/login/send-otp', payload: { mobile: phone } });
      expect(send.statusCode).toBe(200);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/v1/members/login',
        payload: { phone, otp: await lastCode(ctx, phone) },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ status: 1, data: { _id: user.id, name: user.name } });
    }

    const mine = await ctx.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.customerId, customer!.id));
    expect(new Set(mine.map((b) => b.status))).toEqual(
      new Set(['requested', 'accepted', 'completed', 'declined', 'cancelled']),
    );
    const unrated = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .leftJoin(ratings, eq(ratings.bookingId, bookings.id))
      .where(and(eq(bookings.customerId, customer!.id), eq(bookings.status, 'completed'), isNull(ratings.id)));
    expect(unrated.length).toBeGreaterThanOrEqual(1);
    const requests = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.providerId, provider!.id), eq(bookings.status, 'requested')));
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  it('fills FAQs, terms and privacy', async () => {
    const rows = await ctx.db.select().from(faqs);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(row.title).toMatch(/\?$/);
      expect(row.about.length).toBeGreaterThan(40);
    }
    const pages = await ctx.db.select().from(contentPages);
    expect(pages.map((p) => p.key).sort()).toEqual(['privacy', 'terms']);
    for (const page of pages) {
      expect(page.about.split('\n\n').length).toBeGreaterThanOrEqual(5);
      expect(page.about).toContain('Doorstep');
      expect(page.about).not.toMatch(/lorem|ipsum|podcast/i);
    }
  });

  it('keeps every wallet equal to its ledger, with withdraw requests awaiting the admin', async () => {
    const rows = await ctx.db.select().from(wallets);
    const ledger = await ctx.db
      .select({
        userId: transactions.userId,
        type: transactions.type,
        status: transactions.status,
        riskCategoryId: transactions.riskCategoryId,
        amount: transactions.amountCents,
      })
      .from(transactions);
    const sum = (userId: string, keep: (t: (typeof ledger)[number]) => boolean) =>
      ledger.filter((t) => t.userId === userId && keep(t)).reduce((total, t) => total + t.amount, 0);
    let funded = 0;
    for (const w of rows) {
      const deposited = sum(w.userId, (t) => t.type === 'deposit' && t.status === '1');
      const paidOut = sum(w.userId, (t) => t.type === 'withdraw' && t.status === '1');
      const invested = (risk: string) =>
        sum(w.userId, (t) => t.type === 'invest' && t.status === '1' && t.riskCategoryId === risk);
      expect(w.amountCents + w.reservedCents + w.lowRiskCents + w.highRiskCents).toBe(deposited - paidOut);
      expect(w.depositCents).toBe(deposited);
      expect(w.withdrawCents).toBe(paidOut);
      expect(w.reservedCents).toBe(sum(w.userId, (t) => t.type === 'withdraw' && t.status === '3'));
      expect(w.lowRiskCents).toBe(invested('00000000-0000-4000-8000-000000000001'));
      expect(w.highRiskCents).toBe(invested('00000000-0000-4000-8000-000000000002'));
      if (deposited > 0) funded++;
    }
    expect(funded).toBeGreaterThanOrEqual(5);
    const awaiting = ledger.filter((t) => t.type === 'withdraw' && t.status === '3');
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
  });

  it('adds offers, banners, messages, notifications, tickets, support messages and referrals', async () => {
    const offerRows = await ctx.db.select().from(offers);
    expect(offerRows.length).toBeGreaterThanOrEqual(4);
    for (const o of offerRows) {
      expect(o.providerId).not.toBeNull();
      expect(o.active).toBe(true);
      await expectWebp(o.image);
      await expectWebp(o.aboutImage);
    }
    const bannerRows = await ctx.db.select().from(banners);
    expect(bannerRows).toHaveLength(3);
    for (const b of bannerRows) await expectWebp(b.image);

    expect((await ctx.db.select().from(messages)).length).toBeGreaterThanOrEqual(4);
    const notes = await ctx.db.select().from(notifications);
    expect(notes.filter((n) => n.userId === null)).toHaveLength(1);
    expect(notes.filter((n) => n.userId !== null).length).toBeGreaterThanOrEqual(3);
    const ticketRows = await ctx.db.select({ status: tickets.status }).from(tickets);
    expect(new Set(ticketRows.map((t) => t.status))).toEqual(new Set(['pending', 'resolved']));
    expect((await ctx.db.select().from(supportMessages)).length).toBeGreaterThanOrEqual(2);
    // A second connection: someone referred by a member who was referred in turn.
    const refs = await ctx.db.select().from(referrals);
    expect(refs.some((r) => refs.some((first) => first.userId === r.referredBy))).toBe(true);
  });

  it('creates no administrator', async () => {
    expect(await ctx.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(0);
  });

  it('does nothing a second time', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(await seed(ctx.db, ctx.storage)).toBeNull();
    const after = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(after).toEqual(before);
    expect(await ctx.db.select().from(categories)).toHaveLength(6);
  });
});

describe('seed on a database that is not empty', () => {
  const other = withApp();

  it('rolls back completely when it fails half-way', async () => {
    // An admin holding the demo customer's email: the seed gets half-way, then hits the unique email.
    await createAdmin(other.db, { email: 'demo@doorstep.example' });
    await expect(seed(other.db, other.storage)).rejects.toThrow();
    expect(await other.db.select().from(categories)).toHaveLength(0);
    expect(await other.db.select().from(users).where(ne(users.role, 'admin'))).toHaveLength(0);
    expect(await other.db.select().from(transactions)).toHaveLength(0);
  });

  it('leaves a database with members alone', async () => {
    await other.db.delete(users).where(inArray(users.role, ['admin']));
    const member = await createMember(other.db);
    expect(await seed(other.db, other.storage)).toBeNull();
    const everyone = await other.db.select({ id: users.id }).from(users);
    expect(everyone).toEqual([{ id: member.id }]);
    expect(await other.db.select().from(categories)).toHaveLength(0);
  });
});
