// The dashboard's trends and breakdowns over a range of days, computed in SQL: bookings by period
// and status with their value and fee, members and providers who joined by period, and bookings
// by category and by city (the provider's when booked). Four grouped statements whatever the
// range, the bookings read from their daily sums (booking_days, kept by the database); the periods
// with nothing in them are filled in here. Days are UTC calendar days, as for the counters; a
// booking counts on the day it is for.
import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
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
import { bookingDays, categories, users } from '../../db/schema.js';
import { shiftDay } from '../../../contract/format.js';

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs);

/** Bookings that are not business: Total Business and the value leave them out. */
export const lost: BookingStatus[] = ['cancelled', 'declined', 'expired'];
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
  const inRange = and(gte(bookingDays.day, from), lte(bookingDays.day, to));
  const business = notInArray(bookingDays.status, lost);
  const bookingsOf = sql<number>`coalesce(sum(${bookingDays.bookings}), 0)`.mapWith(Number);
  const valueOf = sql<number>`coalesce(sum(${bookingDays.totalCents}) filter (where ${business}), 0)`.mapWith(Number);
  // The unit is written into the statement, not bound: a bound one would make the grouped
  // expression differ from the selected one. It is one of three fixed words.
  const field = sql.raw(`'${unit}'`);
  const bookingPeriod = sql<string>`to_char(date_trunc(${field}, ${bookingDays.day}::timestamp), 'YYYY-MM-DD')`;
  const joinPeriod = sql<string>`to_char(date_trunc(${field}, ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const byBreakdown = { bookings: bookingsOf, valueCents: valueOf } as const;
  // A day's row can come back to 0 once its bookings moved to another day or status.
  const someBookings = sql`sum(${bookingDays.bookings}) > 0`;

  const [booked, joined, byCategory, byCity] = await Promise.all([
    db
      .select({
        period: bookingPeriod,
        status: bookingDays.status,
        bookings: bookingsOf,
        valueCents: valueOf,
        feeCents: sql<number>`coalesce(sum(${bookingDays.feeCents}) filter (where ${business}), 0)`.mapWith(Number),
      })
      .from(bookingDays)
      .where(inRange)
      .groupBy(bookingPeriod, bookingDays.status),
    db
      .select({ period: joinPeriod, role: users.role, members: count() })
      .from(users)
      .where(
        and(
          inArray(users.role, ['customer', 'provider']),
          gte(users.createdAt, new Date(`${from}T00:00:00Z`)),
          lt(users.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + dayMs)),
        ),
      )
      .groupBy(joinPeriod, users.role),
    db
      .select({ name: sql<string>`coalesce(${categories.title}, '')`, ...byBreakdown })
      .from(bookingDays)
      .leftJoin(categories, eq(categories.id, bookingDays.categoryId))
      .where(inRange)
      .groupBy(categories.title)
      .having(someBookings)
      .orderBy(desc(bookingsOf), categories.title)
      .limit(breakdownSize),
    db
      .select({ name: bookingDays.city, ...byBreakdown })
      .from(bookingDays)
      .where(and(inRange, isNotNull(bookingDays.city)))
      .groupBy(bookingDays.city)
      .having(someBookings)
      .orderBy(desc(bookingsOf), bookingDays.city)
      .limit(breakdownSize),
  ]);

  const points = new Map(periodsOf(from, to, unit).map((period) => [period, emptyPoint(period)]));
  for (const row of booked) {
    const point = points.get(row.period);
    if (!point) continue;
    point.bookings[row.status] += row.bookings;
    point.valueCents += row.valueCents;
    point.feeCents += row.feeCents;
  }
  for (const row of joined) {
    const point = points.get(row.period);
    if (!point) continue;
    if (row.role === 'customer') point.newCustomers += row.members;
    else point.newProviders += row.members;
  }
  return {
    from,
    to,
    unit,
    points: [...points.values()],
    // A booking of an old, deleted category has none.
    byCategory: byCategory.map((row): BreakdownRow => ({ ...row, name: row.name || dashboardText.noCategory })),
    byCity: byCity.flatMap((row): BreakdownRow[] => (row.name ? [{ ...row, name: servedCities[row.name].label }] : [])),
  };
}
