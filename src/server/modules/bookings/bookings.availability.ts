// When a provider can take a job: the free start times of a day, the first free slot of the next
// days (search's "available soonest"), and the per-day locks that make two bookings of one
// provider take turns.
import { and, eq, gte, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { bookingLimits, isCalendarDate, slotHoldingStatuses } from '../../../contract/bookings.js';
import { bookingText } from '../../../contract/messages.js';
import { shiftDay } from '../../../contract/format.js';
import type { Queryable, Tx } from '../../db/client.js';
import { advisoryLocks, lockUntilCommit } from '../../db/locks.js';
import {
  bookings,
  daysOff,
  providerProfiles,
  timeBlocks,
  users,
  workingHours,
  type BookingStatus,
} from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { verifiedEmail } from '../members/members.service.js';
import { todayIn } from '../../../contract/format.js';
import { daysAhead, firstFreeTime, freeSlotTimes, hoursForDay } from './slots.js';

/** The statuses of a booking that holds its slot. */
export const activeStatuses: BookingStatus[] = [...slotHoldingStatuses];

// ---------------------------------------------------------------- slots

/** A provider customers may book: active, not blocked, with a profile. 404 otherwise. */
export async function bookableProvider(db: Queryable, providerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      /** Where new requests are mailed. */
      email: verifiedEmail(users),
      address: providerProfiles.address,
      city: providerProfiles.city,
      timeZone: providerProfiles.timeZone,
      slotMinutes: providerProfiles.slotMinutes,
      bufferMinutes: providerProfiles.bufferMinutes,
      chargesCents: providerProfiles.chargesCents,
      radiusKm: providerProfiles.radiusKm,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), eq(users.role, 'provider'), eq(users.status, '1'), eq(users.isBlocked, false)))
    .limit(1);
  if (!row) throw notFound(bookingText.providerNotFound);
  return row;
}
type BookableProvider = Awaited<ReturnType<typeof bookableProvider>>;

/**
 * `durationMinutes`: how long the job to place takes (one slot when not given);
 * `exceptBookingId`: a booking being moved does not stand in its own way.
 */
export async function slotsOf(
  db: Queryable,
  provider: BookableProvider,
  date: string,
  now: Date,
  durationMinutes?: number,
  exceptBookingId?: string,
): Promise<string[]> {
  if (!isCalendarDate(date)) throw badRequest(bookingText.dateInvalid);
  if (daysAhead(date, provider.timeZone, now) > bookingLimits.maxDaysAhead) throw badRequest(bookingText.dateTooFar);
  const hours = await db
    .select({ weekday: workingHours.weekday, startMinute: workingHours.startMinute, endMinute: workingHours.endMinute })
    .from(workingHours)
    .where(eq(workingHours.providerId, provider.id));
  const [off] = await db
    .select({ day: daysOff.day })
    .from(daysOff)
    .where(and(eq(daysOff.providerId, provider.id), eq(daysOff.day, date)))
    .limit(1);
  const blocked = await db
    .select({ startMinute: timeBlocks.startMinute, endMinute: timeBlocks.endMinute })
    .from(timeBlocks)
    .where(and(eq(timeBlocks.providerId, provider.id), eq(timeBlocks.day, date)));
  // The days next to it too: a late job or an early one can reach over midnight with its buffer.
  const booked = await db
    .select({ date: bookings.date, time: bookings.time, durationMinutes: bookings.durationMinutes })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, provider.id),
        inArray(bookings.status, activeStatuses),
        gte(bookings.date, shiftDay(date, -1)),
        lte(bookings.date, shiftDay(date, 1)),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  return freeSlotTimes({
    date,
    timeZone: provider.timeZone,
    hours: hoursForDay(hours, date),
    slotMinutes: provider.slotMinutes,
    durationMinutes,
    bufferMinutes: provider.bufferMinutes,
    dayOff: Boolean(off),
    blocked,
    booked,
    now,
    leadMinutes: bookingLimits.leadMinutes,
  });
}

/**
 * The free start times (`HH:MM`, the provider's local time) of a provider on a date, for a job of
 * `minutes` (one slot when not given). 404 for a provider who cannot be booked, 400 for a
 * malformed date or one too far ahead.
 */
export async function freeSlots(
  db: Queryable,
  providerId: string,
  date: string,
  now: Date,
  minutes?: number,
): Promise<string[]> {
  return slotsOf(db, await bookableProvider(db, providerId), date, now, minutes);
}

/** What the slot rules need of a provider, besides its rows of hours, days off and jobs. */
export interface SlotProvider {
  id: string;
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
}

/** Days ahead (today included) a provider card looks for its next free slot. */
export const nextSlotDays = 14;

/** One row of what the slot rules read of a provider: its hours (`h`), days off (`o`), blocks (`k`) and jobs (`b`). */
export interface SlotRow {
  kind: 'h' | 'o' | 'k' | 'b';
  /** The weekday of hours; a job's duration. */
  n: number | null;
  start_minute: number | null;
  end_minute: number | null;
  /** The day of a day off, a block or a job. */
  day: string | null;
  time: string | null;
}

/** The days whose rows a provider's first free slot depends on. */
export interface SlotWindow {
  first: string;
  last: string;
}

/** The window of `firstFreeSlot`: the two weeks from today, or `date`, with a day either side. */
export function slotWindow(now: Date, date?: string): SlotWindow {
  // Every provider's today is within a day of UTC's.
  const today = now.toISOString().slice(0, 10);
  return { first: shiftDay(date ?? today, -1), last: shiftDay(date ?? today, date ? 1 : nextSlotDays + 1) };
}

/**
 * The rows the slot rules read of one provider (its id, a column or a value) in a window, as a
 * JSON array of `SlotRow`: a subquery a list's statement selects for each of its providers.
 */
export function slotRowsOf(providerId: SQL, window: SlotWindow | Record<keyof SlotWindow, Placeholder>): SQL {
  return sql`(select coalesce(json_agg(r), '[]'::json) from (
      select 'h' as kind, weekday as n, start_minute, end_minute, null as day, null as time
        from ${workingHours} where provider_id = ${providerId}
      union all
      select 'o', null, null, null, day::text, null
        from ${daysOff} where provider_id = ${providerId} and day between ${window.first} and ${window.last}
      union all
      select 'k', null, start_minute, end_minute, day::text, null
        from ${timeBlocks} where provider_id = ${providerId} and day between ${window.first} and ${window.last}
      union all
      select 'b', duration_minutes, null, null, date::text, time
        from ${bookings}
        where provider_id = ${providerId} and status in (${sql.join(
          activeStatuses.map((status) => sql`${status}`),
          sql`, `,
        )}) and date between ${window.first} and ${window.last}) as r)`;
}

/**
 * The days a list's cards look for a next free slot in: a provider's next two weeks, worked out
 * once per time zone (a local date costs Intl some microseconds).
 */
export function nextSlotDaysFrom(now: Date): (timeZone: string) => string[] {
  const weeks = new Map<string, string[]>();
  return (timeZone) => {
    let days = weeks.get(timeZone);
    if (!days) {
      const start = todayIn(timeZone, now);
      days = Array.from({ length: nextSlotDays }, (_, i) => shiftDay(start, i));
      weeks.set(timeZone, days);
    }
    return days;
  };
}

/**
 * The first free slot of a provider from its rows (`slotRowsOf`), by the same rules as
 * `freeSlots`: on `date` when given, else on the first day of `days` that has one (null: none).
 */
export function firstFreeSlot(
  provider: SlotProvider,
  rows: SlotRow[],
  now: Date,
  days: string[],
): { date: string; time: string } | null {
  const of = (kind: SlotRow['kind']) => rows.filter((row) => row.kind === kind);
  const hours = of('h').map((h) => ({
    weekday: Number(h.n),
    startMinute: Number(h.start_minute),
    endMinute: Number(h.end_minute),
  }));
  const off = new Set(of('o').map((r) => r.day));
  const blocks = of('k').map((b) => ({
    day: b.day,
    startMinute: Number(b.start_minute),
    endMinute: Number(b.end_minute),
  }));
  const jobs = of('b').map((b) => ({
    date: b.day as string,
    time: b.time as string,
    durationMinutes: b.n === null ? null : Number(b.n),
  }));
  for (const day of days) {
    const time = firstFreeTime({
      date: day,
      timeZone: provider.timeZone,
      hours: hoursForDay(hours, day),
      slotMinutes: provider.slotMinutes,
      bufferMinutes: provider.bufferMinutes,
      dayOff: off.has(day),
      blocked: blocks.filter((b) => b.day === day),
      booked: jobs,
      now,
      leadMinutes: bookingLimits.leadMinutes,
    });
    if (time) return { date: day, time };
  }
  return null;
}

/**
 * Bookings of one provider and day take turns until the transaction ends, with those of the days
 * either side: a late job's travel buffer reaches past midnight, and the slot check reads the
 * days next to its own. Days are locked in date order, so two movers locking the same days never
 * wait for each other in a circle.
 */
export async function lockProviderDays(tx: Tx, providerId: string, dates: string[]) {
  const days = dates.flatMap((date) => [shiftDay(date, -1), date, shiftDay(date, 1)]);
  for (const date of [...new Set(days)].sort()) {
    await lockUntilCommit(tx, advisoryLocks.bookingDay(providerId, date));
  }
}
