import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardErrors } from '../../../contract/dashboard.js';
import { execute } from '../../db/client.js';
import { supportMessages } from '../../db/schema.js';
import { bearer, expectFailure, expectRefused, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createBooking,
  createDeposit,
  createMember,
  createOffer,
  createProvider,
  createRating,
  createSupportMessage,
  createTicket,
  createWithdrawal,
  signIn,
} from '../../test/factories.js';

const ctx = withApp();
let adminToken: string;

/** As the admin unless another token is given; `null` calls without one. */
const dashboard = (query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/dashboard${query}`, headers: token ? bearer(token) : {} });

/** The answer without its trends (the counters and the queue); the trends are checked below. */
function withoutTrends(res: Awaited<ReturnType<typeof dashboard>>) {
  const { data, ...rest } = res.json();
  const { trends, ...counters } = data;
  expect(trends).toBeDefined();
  return { ...rest, data: counters };
}
const countersOf = async (query: string) => withoutTrends(await dashboard(query)).data;

const noWork = {
  withdrawRequests: 0,
  supportUnanswered: 0,
  ticketsInProgress: 0,
  providersAwaitingApproval: 0,
  ratingsHidden: 0,
  cardPayments: 0,
};
const zeros = { totalRegisteredUsers: 0, totalAgents: 0, totalBusiness: 0, totalActiveCoupons: 0, queue: noWork };
/** After the data below: the Deactive provider (its profile complete, not blocked) waits for approval. */
const queue = { ...noWork, providersAwaitingApproval: 1 };

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
});

describe('GET /v1/admin/dashboard: who may call', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await dashboard('', null);
    expectRefused(res, 401);
  });

  it('refuses a member with 403, even with a bad range', async () => {
    const member = await createMember(ctx.db, { createdAt: new Date('2000-01-01T00:00:00Z') });
    const token = await signIn(ctx.db, member.id);
    for (const query of ['', '?startDate=2025-02-10&endDate=2025-02-01']) {
      const res = await dashboard(query, token);
      expectRefused(res, 403, query);
    }
  });
});

// The tests below share one database and run in order: the first sees it before any data.
describe('GET /v1/admin/dashboard: totals', () => {
  it('answers 0 for every total when there is nothing to count', async () => {
    // Only the member of the 403 test exists, created in 2000: outside this range.
    const res = await dashboard('?startDate=2025-01-01&endDate=2025-12-31');
    expect(res.statusCode).toBe(200);
    expect(withoutTrends(res)).toEqual({ status: 1, data: zeros });
  });

  describe('with data', () => {
    beforeAll(async () => {
      const db = ctx.db;
      const at = (iso: string) => new Date(iso);
      // Members: two in February 2025 (one in its last minutes), one just after, one before.
      const janCustomer = await createMember(db, { createdAt: at('2025-01-31T23:59:59Z') });
      const febCustomer = await createMember(db, { createdAt: at('2025-02-15T12:00:00Z') });
      await createMember(db, { createdAt: at('2025-02-28T23:59:00Z') });
      await createMember(db, { createdAt: at('2025-03-01T00:00:00Z') });
      // Providers in February: one counts as an agent; Deactive and blocked ones are members only.
      const agent = await createProvider(db, { createdAt: at('2025-02-01T00:00:00Z') });
      await createProvider(db, { status: '0', createdAt: at('2025-02-02T00:00:00Z') });
      await createProvider(db, { isBlocked: true, createdAt: at('2025-02-03T00:00:00Z') });
      // An agent from before the range.
      const oldAgent = await createProvider(db, { createdAt: at('2024-06-01T00:00:00Z') });

      // Bookings by their date: February counts unless cancelled or declined.
      const book = (
        date: string,
        status: Parameters<typeof createBooking>[1]['status'],
        chargesCents: number,
        providerId = agent.id,
      ) => createBooking(db, { customerId: febCustomer.id, providerId, date, status, chargesCents });
      await book('2025-02-01', 'requested', 1000);
      await book('2025-02-10', 'accepted', 2000);
      await book('2025-02-28', 'completed', 2500);
      await book('2025-02-20', 'cancelled', 9000);
      await book('2025-02-21', 'declined', 8000);
      await book('2025-01-31', 'completed', 700, oldAgent.id);
      await book('2025-03-01', 'completed', 300, oldAgent.id);
      await bookingOf(db, janCustomer, oldAgent, { date: '2025-02-14', status: 'completed', chargesCents: 400 });

      await createOffer(db);
      await createOffer(db);
      await createOffer(db, { active: false });
    });

    it('counts a range of days, both ends included', async () => {
      const res = await dashboard('?startDate=2025-02-01&endDate=2025-02-28');
      expect(res.statusCode).toBe(200);
      expect(withoutTrends(res)).toEqual({
        status: 1,
        data: {
          // febCustomer, the 23:59 member, and the three February providers.
          totalRegisteredUsers: 5,
          totalAgents: 1,
          // 1000 + 2000 + 2500 + 400.
          totalBusiness: 5900,
          totalActiveCoupons: 2,
          queue,
        },
      });
    });

    it('counts everything without a range (admins are not members)', async () => {
      const res = await dashboard();
      expect(withoutTrends(res)).toEqual({
        status: 1,
        data: {
          // 1 (the 403 test) + 4 customers + 4 providers.
          totalRegisteredUsers: 9,
          totalAgents: 2,
          totalBusiness: 1000 + 2000 + 2500 + 400 + 700 + 300,
          totalActiveCoupons: 2,
          queue,
        },
      });
    });

    it('takes one day, and an open end on either side', async () => {
      expect(await countersOf('?startDate=2025-03-01&endDate=2025-03-01')).toEqual({
        totalRegisteredUsers: 1,
        totalAgents: 0,
        totalBusiness: 300,
        totalActiveCoupons: 2,
        queue,
      });
      expect(await countersOf('?startDate=2025-02-28')).toEqual({
        totalRegisteredUsers: 2,
        totalAgents: 0,
        totalBusiness: 2500 + 300,
        totalActiveCoupons: 2,
        queue,
      });
      expect(await countersOf('?endDate=2025-01-31')).toEqual({
        totalRegisteredUsers: 3,
        totalAgents: 1,
        totalBusiness: 700,
        totalActiveCoupons: 2,
        queue,
      });
    });

    it('answers 0s, not nulls, for a range without activity', async () => {
      const res = await dashboard('?startDate=2030-01-01&endDate=2030-01-31');
      expect(withoutTrends(res)).toEqual({ status: 1, data: { ...zeros, totalActiveCoupons: 2, queue } });
    });

    it('draws the range’s trends per day: bookings by status with their value and fee, who joined, empty days too', async () => {
      // The accepted booking of 10 February carries a platform fee of $2 in its price.
      await ctx.db.execute(
        sql`update bookings set fee_cents = 200, total_cents = 2200 where date = '2025-02-10' and status = 'accepted'`,
      );
      const data = (await dashboard('?startDate=2025-02-01&endDate=2025-02-28')).json().data;
      const trends = data.trends;
      expect(trends).toMatchObject({ from: '2025-02-01', to: '2025-02-28', unit: 'day' });
      expect(trends.points).toHaveLength(28);
      const on = (day: string) => trends.points.find((p: { period: string }) => p.period === day);
      const none = {
        requested: 0,
        accepted: 0,
        completed: 0,
        cancelled: 0,
        declined: 0,
        expired: 0,
        awaiting_payment: 0,
      };
      expect(on('2025-02-01')).toEqual({
        period: '2025-02-01',
        bookings: { ...none, requested: 1 },
        valueCents: 1000,
        feeCents: 0,
        newCustomers: 0,
        newProviders: 1,
      });
      expect(on('2025-02-10')).toMatchObject({ bookings: { ...none, accepted: 1 }, valueCents: 2200, feeCents: 200 });
      // A cancelled booking is counted, its value is not.
      expect(on('2025-02-20')).toMatchObject({ bookings: { ...none, cancelled: 1 }, valueCents: 0, feeCents: 0 });
      expect(on('2025-02-15')).toMatchObject({ bookings: none, newCustomers: 1, newProviders: 0 });
      // The value over the points is Total Business.
      const sum = trends.points.reduce((total: number, p: { valueCents: number }) => total + p.valueCents, 0);
      expect(sum).toBe(data.totalBusiness);
      expect(sum).toBe(1000 + 2200 + 2500 + 400);
      // No booking has a category; every provider is in Austin.
      expect(trends.byCategory).toEqual([{ name: 'No category', bookings: 6, valueCents: sum }]);
      expect(trends.byCity).toEqual([{ name: 'Austin', bookings: 6, valueCents: sum }]);
    });

    it('draws a longer range per week (from Monday) or per month, and the last 30 days without a range', async () => {
      const year = (await dashboard('?startDate=2025-01-01&endDate=2025-12-31')).json().data.trends;
      expect(year.unit).toBe('week');
      // 2025-01-01 is a Wednesday: its week began on Monday 30 December 2024.
      expect(year.points[0].period).toBe('2024-12-30');
      expect(year.points).toHaveLength(53);
      // The week of Monday 27 January to Sunday 2 February: the bookings of 31 January and of
      // 1 February, the customer of the 31st and the providers of the 1st and the 2nd.
      expect(year.points.find((p: { period: string }) => p.period === '2025-01-27')).toMatchObject({
        bookings: { completed: 1, requested: 1 },
        valueCents: 700 + 1000,
        newCustomers: 1,
        newProviders: 2,
      });

      const years = (await dashboard('?startDate=2023-01-01&endDate=2025-12-31')).json().data.trends;
      expect(years.unit).toBe('month');
      expect(years.points).toHaveLength(36);
      expect(years.points.find((p: { period: string }) => p.period === '2025-02-01').valueCents).toBe(6100);

      const recent = (await dashboard()).json().data.trends;
      const today = new Date().toISOString().slice(0, 10);
      expect(recent).toMatchObject({ to: today, unit: 'day' });
      expect(recent.points).toHaveLength(30);
      expect(recent.points.at(-1).period).toBe(today);
      // Only a start in the future: the trends end on it.
      expect((await dashboard('?startDate=2031-05-01')).json().data.trends).toMatchObject({
        from: '2031-05-01',
        to: '2031-05-01',
        points: [expect.objectContaining({ period: '2031-05-01', valueCents: 0 })],
        byCategory: [],
        byCity: [],
      });
    });

    it('counts the work waiting now, whatever the range: withdrawals, unanswered messages, open tickets, providers to approve', async () => {
      const db = ctx.db;
      const member = await createMember(db);
      await createDeposit(db, member.id, 2000);
      await createWithdrawal(db, member.id, 1000);
      await createWithdrawal(db, member.id, 500, { status: '1' });
      await createSupportMessage(db);
      const replied = await createSupportMessage(db);
      await db.update(supportMessages).set({ status: 'replied' }).where(eq(supportMessages.id, replied.id));
      await createTicket(db, { userId: member.id });
      await createTicket(db, { userId: member.id, status: 'resolved' });
      // Blocked, or without a profile: not to approve.
      await createProvider(db, { status: '0', isBlocked: true });
      await createMember(db, { role: 'provider', status: '0' });
      // Two reviews of one provider, one of them hidden by an admin.
      const reviewer = await createMember(db);
      const reviewed = await createProvider(db);
      for (const hidden of [true, false]) {
        const done = await bookingOf(db, reviewer, reviewed, {
          status: 'completed',
          date: hidden ? '2024-05-01' : '2024-05-02',
        });
        await createRating(db, { bookingId: done.id, rateBy: reviewer.id, rateTo: reviewed.id, count: 2, hidden });
      }
      const expected = {
        withdrawRequests: 1,
        supportUnanswered: 1,
        ticketsInProgress: 1,
        providersAwaitingApproval: 1,
        ratingsHidden: 1,
        cardPayments: 0,
      };
      expect((await dashboard()).json().data.queue).toEqual(expected);
      expect((await dashboard('?startDate=2030-01-01&endDate=2030-01-31')).json().data.queue).toEqual(expected);
    });
  });

  it('refuses an end date before the start date with 400', async () => {
    const res = await dashboard('?startDate=2025-02-10&endDate=2025-02-01');
    expectFailure(res, 400, {
      code: 'invalid',
      message: dashboardErrors.reversedRange,
      errors: { endDate: dashboardErrors.reversedRange },
    });
  });

  it('refuses dates that are not real or not yyyy-MM-dd', async () => {
    const notReal = await dashboard('?startDate=2025-02-30&endDate=2025-03-31');
    expect(notReal.statusCode).toBe(400);
    expect(notReal.json()).toMatchObject({
      status: 0,
      message: dashboardErrors.notADate,
      errors: { startDate: dashboardErrors.notADate },
    });

    const format = await dashboard('?startDate=01-02-2025');
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({ status: 0, message: 'Use the format yyyy-MM-dd' });
  });
});

describe('the daily sums behind the dashboard', () => {
  it('agree with the bookings after they are made, answered, moved, repriced and deleted', async () => {
    const db = ctx.db;
    const customer = await createMember(db);
    const austin = await createProvider(db, { city: 'austin' });
    const nyc = await createProvider(db, { city: 'nyc' });
    const made = [];
    for (const [i, providerId] of [austin.id, nyc.id, austin.id, nyc.id, austin.id].entries())
      made.push(
        await createBooking(db, {
          customerId: customer.id,
          providerId,
          date: `2024-03-0${i + 1}`,
          time: `1${i}:00`,
          chargesCents: 1000 * (i + 1),
        }),
      );
    const [first, second, third, fourth] = made as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    await db.execute(sql`update bookings set status = 'accepted' where id = ${first.id}`);
    await db.execute(sql`update bookings set status = 'completed' where id = ${first.id}`);
    await db.execute(sql`update bookings set date = '2024-03-09', time = '09:00' where id = ${second.id}`);
    await db.execute(
      sql`update bookings set service_cents = 5000, fee_cents = 500, total_cents = 5500 where id = ${third.id}`,
    );
    await db.execute(sql`delete from booking_events where booking_id = ${fourth.id}`);
    await db.execute(sql`delete from bookings where id = ${fourth.id}`);

    const summed = await execute(
      db,
      sql`
      select day::text, status, city, sum(bookings)::int as bookings, sum(total_cents)::int as total, sum(fee_cents)::int as fee
      from booking_days where bookings <> 0 group by 1, 2, 3 order by 1, 2, 3`,
    );
    const direct = await execute(
      db,
      sql`
      select date::text as day, status, city, count(*)::int as bookings, sum(total_cents)::int as total, sum(fee_cents)::int as fee
      from bookings group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(summed).toEqual(direct);
    // The city is the provider's, kept on the booking.
    expect(summed).toContainEqual({
      day: '2024-03-09',
      status: 'requested',
      city: 'nyc',
      bookings: 1,
      total: 2000,
      fee: 0,
    });
    // Every row left at 0 by a move or a deletion is only that: nothing negative.
    const negative = await execute(
      db,
      sql`select count(*)::int as n from booking_days where bookings < 0 or total_cents < 0`,
    );
    expect(negative).toEqual([{ n: 0 }]);
  });
});

describe('OpenAPI', () => {
  it('describes the dashboard as a bearer-protected route with its date range', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/admin/dashboard']?.get;
    expect(op?.tags).toEqual(['admin']);
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['endDate', 'startDate']);
  });
});
