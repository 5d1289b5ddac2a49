// The sums behind the dashboard, kept by the database's triggers: whatever bookings are made,
// moved, answered, repriced and deleted, and whatever members join, change role or leave, each
// month's sums are its days' and the days' are the bookings' (a property over random histories);
// and the dashboard, reading whole months and the days at a range's edges, answers what a count
// over every booking and member answers, for random ranges.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingStatuses, type BookingStatus } from '../../../contract/bookings.js';
import type { DashboardRange } from '../../../contract/dashboard.js';
import { shiftDay } from '../../../contract/format.js';
import { dashboardText } from '../../../contract/messages.js';
import { servedCities } from '../../../contract/places.js';
import { execute } from '../../db/client.js';
import { bookings, users } from '../../db/schema.js';
import { createCategory, createMember, createProvider } from '../../test/factories.js';
import { withApp } from '../../test/harness.js';
import { dashboardTotals } from './admin.service.js';
import { analyzeDashboardSums, lost, splitByMonth, trendRange } from './admin.trends.js';

const ctx = withApp();
let customerId: string;
const providerIds: string[] = [];
/** The last one stands for no category. */
const categoryIds: (string | null)[] = [];
const cities = ['austin', 'dallas', 'nyc'] as const;
const now = new Date('2026-06-10T12:00:00Z');

beforeAll(async () => {
  customerId = (await createMember(ctx.db)).id;
  for (const city of cities) providerIds.push((await createProvider(ctx.db, { city })).id);
  for (const title of ['Plumbing', 'Cleaning', 'Painting'])
    categoryIds.push((await createCategory(ctx.db, { title })).id);
  categoryIds.push(null);
}, 60_000);

describe('splitByMonth', () => {
  it('reads whole months by month and the days around them by day', () => {
    expect(splitByMonth({ from: '2025-01-15', to: '2025-04-10' })).toEqual({
      months: { first: '2025-02-01', end: '2025-04-01' },
      days: [
        { from: '2025-01-15', to: '2025-01-31' },
        { from: '2025-04-01', to: '2025-04-10' },
      ],
    });
    expect(splitByMonth({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { first: '2024-02-01', end: '2024-03-01' },
      days: [],
    });
    expect(splitByMonth({ from: '2025-03-02', to: '2025-04-30' })).toEqual({
      months: { first: '2025-04-01', end: '2025-05-01' },
      days: [{ from: '2025-03-02', to: '2025-03-31' }],
    });
    // No whole month: every day.
    expect(splitByMonth({ from: '2025-01-02', to: '2025-02-27' })).toEqual({
      days: [{ from: '2025-01-02', to: '2025-02-27' }],
    });
    // Open ends are open months.
    expect(splitByMonth({})).toEqual({ months: { first: undefined, end: undefined }, days: [] });
    expect(splitByMonth({ to: '2025-12-30' })).toEqual({
      months: { first: undefined, end: '2025-12-01' },
      days: [{ from: '2025-12-01', to: '2025-12-30' }],
    });
  });
});

/** Days from 2023 to 2026; a member joins at any minute of theirs. */
const dayOf = fc.integer({ min: 0, max: 4 * 365 }).map((n) => shiftDay('2023-01-01', n));
const momentOf = fc
  .tuple(dayOf, fc.integer({ min: 0, max: 1439 }))
  .map(([day, minute]) => new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000));
const statusOf = fc.constantFrom(...bookingStatuses);
const priceOf = fc.record({ service: fc.integer({ min: 0, max: 20_000 }), fee: fc.integer({ min: 0, max: 2_000 }) });
const step = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    date: dayOf,
    status: statusOf,
    category: fc.nat(3),
    provider: fc.nat(2),
    price: priceOf,
  }),
  fc.record({
    kind: fc.constant('change' as const),
    which: fc.nat(),
    date: fc.option(dayOf),
    status: fc.option(statusOf),
    category: fc.option(fc.nat(3)),
    city: fc.option(fc.constantFrom(...cities)),
    price: fc.option(priceOf),
  }),
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('join' as const), at: momentOf, role: fc.constantFrom('customer', 'provider') }),
  fc.record({
    kind: fc.constant('rejoin' as const),
    which: fc.nat(),
    at: fc.option(momentOf),
    role: fc.option(fc.constantFrom('customer', 'provider')),
  }),
  fc.record({ kind: fc.constant('leave' as const), which: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const rangeOf = fc.tuple(fc.option(dayOf), fc.option(dayOf)).map(([a, b]): DashboardRange => {
  const [startDate, endDate] = a && b && b < a ? [b, a] : [a, b];
  return { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
});

/** Plays the steps against the bookings and users tables; answers nothing, the triggers do the rest. */
async function play(steps: Step[]) {
  const db = ctx.db;
  // Each run starts from no bookings and none of the earlier runs' members.
  await db.delete(bookings);
  await db.delete(users).where(sql`${users.name} like 'Sums member %'`);
  const made: string[] = [];
  const joined: string[] = [];
  let minute = 0;
  const pick = (ids: string[], which: number) => (ids.length ? ids[which % ids.length]! : undefined);
  for (const s of steps) {
    if (s.kind === 'book') {
      // A minute of its own (of a one-minute job), so no two active jobs of a provider overlap.
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      minute += 1;
      const [row] = await db
        .insert(bookings)
        .values({
          customerId,
          providerId: providerIds[s.provider]!,
          categoryId: categoryIds[s.category]!,
          date: s.date,
          time,
          durationMinutes: 1,
          timeZone: 'America/Chicago',
          phone: '5125550100',
          address: '200 Main St, Austin, TX',
          description: 'Sums',
          status: s.status,
          chargesCents: s.price.service,
          serviceCents: s.price.service,
          feeCents: s.price.fee,
          totalCents: s.price.service + s.price.fee,
        })
        .returning({ id: bookings.id });
      made.push(row!.id);
    } else if (s.kind === 'change') {
      const id = pick(made, s.which);
      if (!id) continue;
      await db
        .update(bookings)
        .set({
          ...(s.date ? { date: s.date } : {}),
          ...(s.status ? { status: s.status } : {}),
          ...(s.category !== null ? { categoryId: categoryIds[s.category]! } : {}),
          ...(s.city ? { city: s.city } : {}),
          ...(s.price
            ? { serviceCents: s.price.service, feeCents: s.price.fee, totalCents: s.price.service + s.price.fee }
            : {}),
          // Touched whatever else changes: a change of nothing the sums hold leaves them be.
          updatedAt: new Date(),
        })
        .where(eq(bookings.id, id));
    } else if (s.kind === 'cancel') {
      const id = pick(made, s.which);
      if (!id) continue;
      await db.delete(bookings).where(eq(bookings.id, id));
      made.splice(made.indexOf(id), 1);
    } else if (s.kind === 'join') {
      const member = await createMember(db, { name: `Sums member ${joined.length}`, role: s.role, createdAt: s.at });
      joined.push(member.id);
    } else if (s.kind === 'rejoin') {
      const id = pick(joined, s.which);
      if (!id) continue;
      await db
        .update(users)
        .set({ ...(s.at ? { createdAt: s.at } : {}), ...(s.role ? { role: s.role } : {}), updatedAt: new Date() })
        .where(eq(users.id, id));
    } else {
      const id = pick(joined, s.which);
      if (!id) continue;
      await db.delete(users).where(eq(users.id, id));
      joined.splice(joined.indexOf(id), 1);
    }
  }
}

/**
 * The stored sums by month (booking_months) or by day (booking_days). Rows left at 0 by moves and
 * deletions are left out: they count nothing.
 */
const storedSums = (unit: 'month' | 'day') =>
  execute(
    ctx.db,
    sql`select ${sql.identifier(unit)}::text as ${sql.identifier(unit)}, status, category_id as "categoryId", city,
          bookings, total_cents::text as total, fee_cents::text as fee
        from ${sql.identifier(`booking_${unit}s`)} where bookings <> 0 or total_cents <> 0 or fee_cents <> 0
        order by 1, 2, 3, 4`,
  );
const daysByMonth = () =>
  execute(
    ctx.db,
    sql`select date_trunc('month', day::timestamp)::date::text as month, status, category_id as "categoryId", city,
          sum(bookings)::int as bookings, sum(total_cents)::text as total, sum(fee_cents)::text as fee
        from booking_days group by 1, 2, 3, 4
        having sum(bookings) <> 0 or sum(total_cents) <> 0 or sum(fee_cents) <> 0
        order by 1, 2, 3, 4`,
  );
const bookingsByDay = () =>
  execute(
    ctx.db,
    sql`select date::text as day, status, category_id as "categoryId", city, count(*)::int as bookings,
          sum(total_cents)::text as total, sum(fee_cents)::text as fee
        from bookings group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
const joinedByDay = () =>
  execute(ctx.db, sql`select day::text as day, role, users from user_days where users <> 0 order by 1, 2`);
const usersByDay = () =>
  execute(
    ctx.db,
    sql`select (created_at at time zone 'UTC')::date::text as day, role, count(*)::int as users
        from users group by 1, 2 order by 1, 2`,
  );

const lostList = sql.join(
  lost.map((status) => sql`${status}`),
  sql`, `,
);

/** The dashboard's counters and trends for `range`, counted over every booking and member. */
async function counted(range: DashboardRange) {
  const db = ctx.db;
  const { from, to, unit } = trendRange(range, now);
  const field = sql.raw(`'${unit}'`);
  const { startDate, endDate } = range;
  const bookedIn = sql`${startDate ? sql`date >= ${startDate}` : sql`true`} and ${endDate ? sql`date <= ${endDate}` : sql`true`}`;
  const joinedIn = sql`${startDate ? sql`created_at >= ${new Date(`${startDate}T00:00:00Z`)}` : sql`true`}
    and ${endDate ? sql`created_at < ${new Date(Date.parse(`${endDate}T00:00:00Z`) + 86_400_000)}` : sql`true`}`;
  const [totals] = await execute<{ totalBusiness: number; totalRegisteredUsers: number }>(
    db,
    sql`select
      (select coalesce(sum(total_cents), 0)::int from bookings where status not in (${lostList}) and ${bookedIn}) as "totalBusiness",
      (select count(*)::int from users where role in ('customer', 'provider') and ${joinedIn}) as "totalRegisteredUsers"`,
  );
  const booked = await execute<{ period: string; status: BookingStatus; n: number; value: number; fee: number }>(
    db,
    sql`select to_char(date_trunc(${field}, date::timestamp), 'YYYY-MM-DD') as period, status, count(*)::int as n,
          coalesce(sum(total_cents) filter (where status not in (${lostList})), 0)::int as value,
          coalesce(sum(fee_cents) filter (where status not in (${lostList})), 0)::int as fee
        from bookings where date between ${from} and ${to} group by 1, 2`,
  );
  const joined = await execute<{ period: string; role: string; n: number }>(
    db,
    sql`select to_char(date_trunc(${field}, created_at at time zone 'UTC'), 'YYYY-MM-DD') as period, role, count(*)::int as n
        from users where role in ('customer', 'provider')
          and created_at >= ${new Date(`${from}T00:00:00Z`)} and created_at < ${new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)}
        group by 1, 2`,
  );
  const breakdown = (name: ReturnType<typeof sql>, join: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
    execute<{ name: string | null; bookings: number; valueCents: number }>(
      db,
      sql`select ${name} as name, count(*)::int as bookings,
            coalesce(sum(b.total_cents) filter (where b.status not in (${lostList})), 0)::int as "valueCents"
          from bookings b ${join} where b.date between ${from} and ${to} and ${where}
          group by ${name} order by 2 desc, ${name} limit 10`,
    );
  const byCategory = await breakdown(sql`c.title`, sql`left join categories c on c.id = b.category_id`, sql`true`);
  const byCity = await breakdown(sql`b.city`, sql``, sql`b.city is not null`);
  return {
    ...totals!,
    from,
    to,
    unit,
    booked,
    joined,
    byCategory: byCategory.map((row) => ({ ...row, name: row.name ?? dashboardText.noCategory })),
    byCity: byCity.map((row) => ({ ...row, name: servedCities[row.name as (typeof cities)[number]].label })),
  };
}

describe('the sums behind the dashboard', () => {
  it('by month are the days’ and by day the bookings’, and the dashboard counts as the bookings and members do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.array(rangeOf, { minLength: 1, maxLength: 3 }),
        async (steps, ranges) => {
          await play(steps);
          expect(await storedSums('month')).toEqual(await daysByMonth());
          expect(await storedSums('day')).toEqual(await bookingsByDay());
          expect(await joinedByDay()).toEqual(await usersByDay());
          for (const range of ranges) {
            const answer = await dashboardTotals(ctx.db, range, now);
            const expected = await counted(range);
            expect({ business: answer.totalBusiness, registered: answer.totalRegisteredUsers }).toEqual({
              business: expected.totalBusiness,
              registered: expected.totalRegisteredUsers,
            });
            const { trends } = answer;
            expect({ from: trends.from, to: trends.to, unit: trends.unit }).toEqual({
              from: expected.from,
              to: expected.to,
              unit: expected.unit,
            });
            // The periods are filled in as before; each holds what the bookings and members of it count.
            const points = new Map(trends.points.map((point) => [point.period, point]));
            const want = new Map(
              trends.points.map((point) => [
                point.period,
                {
                  ...point,
                  bookings: Object.fromEntries(bookingStatuses.map((s) => [s, 0])),
                  valueCents: 0,
                  feeCents: 0,
                  newCustomers: 0,
                  newProviders: 0,
                },
              ]),
            );
            for (const row of expected.booked) {
              const point = want.get(row.period);
              expect(point, `period ${row.period}`).toBeDefined();
              point!.bookings[row.status] = row.n;
              point!.valueCents += row.value;
              point!.feeCents += row.fee;
            }
            for (const row of expected.joined) {
              const point = want.get(row.period);
              expect(point, `period ${row.period}`).toBeDefined();
              if (row.role === 'customer') point!.newCustomers = row.n;
              else point!.newProviders = row.n;
            }
            expect(points).toEqual(want);
            expect(trends.byCategory).toEqual(expected.byCategory);
            expect(trends.byCity).toEqual(expected.byCity);
          }
        },
      ),
      { numRuns: 50 },
    );
  }, 300_000);
});

describe('the daily run', () => {
  it('gives the planner the sums tables as they stand', async () => {
    await createMember(ctx.db, { name: 'Sums member analyzed' });
    await analyzeDashboardSums(ctx.db);
    const figures = await execute(
      ctx.db,
      sql`select relname as name, reltuples::int as rows from pg_class
          where relname in ('booking_days', 'booking_months', 'user_days') order by 1`,
    );
    const counted = await execute(
      ctx.db,
      sql`select 'booking_days' as name, count(*)::int as rows from booking_days
          union all select 'booking_months', count(*)::int from booking_months
          union all select 'user_days', count(*)::int from user_days order by 1`,
    );
    expect(figures).toEqual(counted);
  });
});
