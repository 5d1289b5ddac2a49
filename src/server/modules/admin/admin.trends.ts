// The dashboard's trends and breakdowns over a range of days, computed in SQL: bookings by period
// and status with their value and fee, members and providers who joined by period, and bookings
// by category and by city (the provider's when booked). Four grouped statements whatever the
// range, over sums the database keeps: the bookings' whole months from booking_months and the days
// at the range's edges from booking_days (every day when the periods are days or weeks, which
// months do not divide), who joined from user_days; the periods with nothing in them are filled in
// here. Days are UTC calendar days, as for the counters; a booking counts on the day it is for.
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import {
  trendLimits,
  type BreakdownRow,
  type DashboardRange,
  type DashboardTrends,
  type TrendPoint,
  type TrendUnit,
} from '../../../contract/dashboard.js';
import { bookingStatuses, type BookingStatus } from '../../../contract/bookings.js';
import { dashboardText } from '../../../contract/messages.js';
import { servedCities } from '../../../contract/places.js';
import type { Db } from '../../db/client.js';
import { bookingDays, bookingMonths, categories, userDays } from '../../db/schema.js';
import { shiftDay } from '../../../contract/format.js';

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs);

/** The roles counted as members who joined: not administrators. */
export const memberRoles: ('customer' | 'provider')[] = ['customer', 'provider'];

/**
 * Bookings that are not business: Total Business and the value leave them out (one still being
 * paid for is not business yet).
 */
export const lost: BookingStatus[] = ['cancelled', 'declined', 'expired', 'awaiting_payment'];
const breakdownSize = 10;

/** The days the trends cover and the length of one point. */
export function trendRange(range: DashboardRange, now: Date): { from: string; to: string; unit: TrendUnit } {
  const today = now.toISOString().slice(0, 10);
  const to = range.endDate ?? (range.startDate && range.startDate > today ? range.startDate : today);
  const from = range.startDate ?? shiftDay(to, 1 - trendLimits.defaultDays);
  const days = daysBetween(from, to) + 1;
  const unit = days <= trendLimits.dayUpTo ? 'day' : days <= trendLimits.weekUpTo ? 'week' : 'month';
  return { from, to, unit };
}

/** The first day of each period from `from` to `to` (weeks start on Monday, as date_trunc's do). */
function periodsOf(from: string, to: string, unit: TrendUnit): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  if (unit === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (unit === 'month') start.setUTCDate(1);
  const periods: string[] = [];
  for (const d = start; d.toISOString().slice(0, 10) <= to;) {
    periods.push(d.toISOString().slice(0, 10));
    if (unit === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return periods;
}

/** The first day of the month after the one `day` is in. */
function nextMonth(day: string): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included; a missing end is open. */
type Days = { from?: string; to?: string };

/**
 * Where the sums of a range of days are read: its whole months (their first days, from `first`
 * up to `end` excluded) from booking_months, and the days before and after them from booking_days.
 * A range without a whole month is read by day only.
 */
export function splitByMonth({ from, to }: Days): { months?: { first?: string; end?: string }; days: Days[] } {
  const first = from === undefined ? undefined : nextMonth(shiftDay(from, -1));
  const end = to === undefined ? undefined : `${shiftDay(to, 1).slice(0, 7)}-01`;
  if (first !== undefined && end !== undefined && first >= end) return { days: [{ from, to }] };
  const days: Days[] = [];
  if (from !== undefined && first !== undefined && from < first) days.push({ from, to: shiftDay(first, -1) });
  if (to !== undefined && end !== undefined && end <= to) days.push({ from: end, to });
  return { months: { first, end }, days };
}

const within = (column: PgColumn, { from, to }: Days): SQL =>
  and(from === undefined ? undefined : gte(column, from), to === undefined ? undefined : lte(column, to)) ?? sql`true`;

/**
 * The bookings' sums of a range of days, as a common table expression `sums` of rows by day,
 * status, category and city: a whole month's row has its first day for `day`. `byDay` reads
 * every day from booking_days, for periods that months do not divide.
 */
export function bookingSums(db: Db, range: Days, byDay = false) {
  const { months, days } = byDay ? { months: undefined, days: [range] } : splitByMonth(range);
  const dayRows = db
    .select({
      day: bookingDays.day,
      status: bookingDays.status,
      categoryId: bookingDays.categoryId,
      city: bookingDays.city,
      bookings: bookingDays.bookings,
      totalCents: bookingDays.totalCents,
      feeCents: bookingDays.feeCents,
    })
    .from(bookingDays)
    .where(or(...days.map((part) => within(bookingDays.day, part))) ?? sql`false`);
  // Named as the day rows' columns: a union takes its names from its first branch.
  const monthRows = db
    .select({
      day: bookingMonths.month,
      status: bookingMonths.status,
      categoryId: bookingMonths.categoryId,
      city: bookingMonths.city,
      bookings: bookingMonths.bookings,
      totalCents: bookingMonths.totalCents,
      feeCents: bookingMonths.feeCents,
    })
    .from(bookingMonths)
    .where(
      months
        ? (and(
            months.first === undefined ? undefined : gte(bookingMonths.month, months.first),
            months.end === undefined ? undefined : lt(bookingMonths.month, months.end),
          ) ?? sql`true`)
        : sql`false`,
    );
  return db.$with('sums').as(unionAll(dayRows, monthRows));
}

/**
 * Fresh planner figures for the sums the dashboard reads: they gain rows with each new day and
 * month, and a plan made on old figures reads a range the slow way.
 */
export async function analyzeDashboardSums(db: Db) {
  await db.execute(sql`analyze ${bookingDays}, ${bookingMonths}, ${userDays}`);
}

const emptyPoint = (period: string): TrendPoint => ({
  period,
  bookings: Object.fromEntries(bookingStatuses.map((s) => [s, 0])) as TrendPoint['bookings'],
  valueCents: 0,
  feeCents: 0,
  newCustomers: 0,
  newProviders: 0,
});

export async function dashboardTrends(db: Db, range: DashboardRange, now: Date): Promise<DashboardTrends> {
  const { from, to, unit } = trendRange(range, now);
  // The breakdowns read whole months; the points too when they are months.
  const sums = bookingSums(db, { from, to });
  const points = unit === 'month' ? sums : bookingSums(db, { from, to }, true);
  const business = (of: typeof sums) => notInArray(of.status, lost);
  const bookingsOf = (of: typeof sums) => sql<number>`coalesce(sum(${of.bookings}), 0)`.mapWith(Number);
  const valueOf = (of: typeof sums) =>
    sql<number>`coalesce(sum(${of.totalCents}) filter (where ${business(of)}), 0)`.mapWith(Number);
  // The unit is written into the statement, not bound: a bound one would make the grouped
  // expression differ from the selected one. It is one of three fixed words.
  const field = sql.raw(`'${unit}'`);
  const bookingPeriod = sql<string>`to_char(date_trunc(${field}, ${points.day}::timestamp), 'YYYY-MM-DD')`;
  const joinPeriod = sql<string>`to_char(date_trunc(${field}, ${userDays.day}::timestamp), 'YYYY-MM-DD')`;
  const byBreakdown = { bookings: bookingsOf(sums), valueCents: valueOf(sums) } as const;
  // A day's row can come back to 0 once its bookings moved to another day or status.
  const someBookings = sql`sum(${sums.bookings}) > 0`;

  const [booked, joined, byCategory, byCity] = await Promise.all([
    db
      .with(points)
      .select({
        period: bookingPeriod,
        status: points.status,
        bookings: bookingsOf(points),
        valueCents: valueOf(points),
        feeCents: sql<number>`coalesce(sum(${points.feeCents}) filter (where ${business(points)}), 0)`.mapWith(Number),
      })
      .from(points)
      .groupBy(bookingPeriod, points.status),
    db
      .select({ period: joinPeriod, role: userDays.role, members: sql<number>`sum(${userDays.users})`.mapWith(Number) })
      .from(userDays)
      .where(and(inArray(userDays.role, memberRoles), gte(userDays.day, from), lte(userDays.day, to)))
      .groupBy(joinPeriod, userDays.role),
    db
      .with(sums)
      .select({ name: sql<string>`coalesce(${categories.title}, '')`, ...byBreakdown })
      .from(sums)
      .leftJoin(categories, eq(categories.id, sums.categoryId))
      .groupBy(categories.title)
      .having(someBookings)
      .orderBy(desc(byBreakdown.bookings), categories.title)
      .limit(breakdownSize),
    db
      .with(sums)
      .select({ name: sums.city, ...byBreakdown })
      .from(sums)
      .where(isNotNull(sums.city))
      .groupBy(sums.city)
      .having(someBookings)
      .orderBy(desc(byBreakdown.bookings), sums.city)
      .limit(breakdownSize),
  ]);

  const filled = new Map(periodsOf(from, to, unit).map((period) => [period, emptyPoint(period)]));
  for (const row of booked) {
    const point = filled.get(row.period);
    if (!point) continue;
    point.bookings[row.status] += row.bookings;
    point.valueCents += row.valueCents;
    point.feeCents += row.feeCents;
  }
  for (const row of joined) {
    const point = filled.get(row.period);
    if (!point) continue;
    if (row.role === 'customer') point.newCustomers += row.members;
    else point.newProviders += row.members;
  }
  return {
    from,
    to,
    unit,
    points: [...filled.values()],
    // A booking of an old, deleted category has none.
    byCategory: byCategory.map((row): BreakdownRow => ({ ...row, name: row.name || dashboardText.noCategory })),
    byCity: byCity.flatMap((row): BreakdownRow[] => (row.name ? [{ ...row, name: servedCities[row.name].label }] : [])),
  };
}
