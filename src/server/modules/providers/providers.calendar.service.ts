// The provider's calendar (/provider/calendar): each day's working hours, day off, requested and
// accepted jobs and blocked times, in the provider's time zone; and blocking or freeing a time
// range. A block takes the time out of the bookable slots at once (bookings.availability reads it with
// the hours); it is written under the same per-day lock as a booking, so a block and a booking of
// one day never both take the same time.
import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { ongoingStatuses } from '../../../contract/bookings.js';
import { providerPortalText as t } from '../../../contract/messages.js';
import {
  hhmmOf,
  minutesOf,
  portalLimits,
  type BlockBody,
  type CalendarQuery,
  type ProviderCalendar,
  type TimeBlock,
} from '../../../contract/portal.js';
import { one, type Db } from '../../db/client.js';
import { bookings, categories, daysOff, timeBlocks, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { shiftDay } from '../../../contract/format.js';
import { lockProviderDays } from '../bookings/bookings.availability.js';
import { todayIn } from '../../../contract/format.js';
import { localInstant } from '../../../contract/format.js';
import { hoursForDay } from '../bookings/slots.js';
import { profileZone, takeTurns } from './providers.portal.service.js';
import { weeklyHours } from './providers.service.js';

const blockOf = (row: { id: string; startMinute: number; endMinute: number }): TimeBlock => ({
  _id: row.id,
  start: hhmmOf(row.startMinute),
  end: hhmmOf(row.endMinute),
});

/** The provider's profile, needed for its time zone: 409 before the profile is saved. */
async function zoneOf(db: Db, providerId: string) {
  const profile = await profileZone(db, providerId);
  if (!profile) throw conflict(t.noProfileYet);
  return profile;
}

/** `query.days` days from `query.from`: five statements, whatever the number of jobs. */
export async function getCalendar(
  db: Db,
  providerId: string,
  query: CalendarQuery,
  now: Date,
): Promise<ProviderCalendar> {
  const profile = await zoneOf(db, providerId);
  const dates = Array.from({ length: query.days }, (_, i) => shiftDay(query.from, i));
  const last = shiftDay(query.from, query.days - 1);
  const [hours, off, blocks, jobs] = await Promise.all([
    weeklyHours(db, providerId),
    db
      .select({ day: daysOff.day })
      .from(daysOff)
      .where(and(eq(daysOff.providerId, providerId), gte(daysOff.day, query.from), lte(daysOff.day, last))),
    db
      .select({
        id: timeBlocks.id,
        day: timeBlocks.day,
        startMinute: timeBlocks.startMinute,
        endMinute: timeBlocks.endMinute,
      })
      .from(timeBlocks)
      .where(and(eq(timeBlocks.providerId, providerId), gte(timeBlocks.day, query.from), lte(timeBlocks.day, last)))
      .orderBy(asc(timeBlocks.startMinute)),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        date: bookings.date,
        time: bookings.time,
        durationMinutes: bookings.durationMinutes,
        customer: users.name,
        service: categories.title,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .leftJoin(categories, eq(categories.id, bookings.categoryId))
      .where(
        and(
          eq(bookings.providerId, providerId),
          inArray(bookings.status, [...ongoingStatuses]),
          gte(bookings.date, query.from),
          lte(bookings.date, last),
        ),
      )
      .orderBy(asc(bookings.time)),
  ]);
  const offDays = new Set(off.map((d) => d.day));
  return {
    timeZone: profile.timeZone,
    today: todayIn(profile.timeZone, now),
    bufferMinutes: profile.bufferMinutes,
    days: dates.map((date) => ({
      date,
      dayOff: offDays.has(date),
      hours: offDays.has(date)
        ? []
        : hoursForDay(hours, date).map((h) => ({ start: hhmmOf(h.startMinute), end: hhmmOf(h.endMinute) })),
      jobs: jobs
        .filter((j) => j.date === date)
        .map((j) => {
          const start = minutesOf(j.time);
          return {
            _id: j.id,
            status: j.status as 'requested' | 'accepted',
            start: j.time,
            // A job is booked inside working hours, which end by midnight.
            end: hhmmOf(Math.min(24 * 60, start + j.durationMinutes)),
            customer: j.customer,
            service: j.service,
          };
        }),
      blocks: blocks.filter((b) => b.day === date).map(blockOf),
    })),
  };
}

/**
 * Blocks a time range of one of the provider's days: not one that has passed, not over a
 * requested or accepted job (those are answered or moved first), at most `blocksMax` from today on.
 */
export async function addBlock(db: Db, providerId: string, body: BlockBody, now: Date): Promise<TimeBlock> {
  const profile = await zoneOf(db, providerId);
  const today = todayIn(profile.timeZone, now);
  if (body.day < today) throw badRequest(t.dayInPast, { day: t.dayInPast });
  const endsAt = localInstant(body.day, body.end === '24:00' ? '23:59' : body.end, profile.timeZone);
  if (endsAt !== null && endsAt <= now.getTime()) throw badRequest(t.blockPassed, { end: t.blockPassed });
  const startMinute = minutesOf(body.start);
  const endMinute = minutesOf(body.end);
  return db.transaction(async (tx) => {
    // The limit is counted under the provider's lock; the jobs are read under the day's, which
    // a booking of that day holds too.
    await takeTurns(tx, providerId);
    await lockProviderDays(tx, providerId, [body.day]);
    const [held] = await tx
      .select({ n: count() })
      .from(timeBlocks)
      .where(and(eq(timeBlocks.providerId, providerId), gte(timeBlocks.day, today)));
    if ((held?.n ?? 0) >= portalLimits.blocksMax) throw conflict(t.tooManyBlocks);
    const jobs = await tx
      .select({ time: bookings.time, durationMinutes: bookings.durationMinutes })
      .from(bookings)
      .where(
        and(
          eq(bookings.providerId, providerId),
          inArray(bookings.status, [...ongoingStatuses]),
          eq(bookings.date, body.day),
        ),
      );
    const overJob = jobs.some((job) => {
      const start = minutesOf(job.time);
      return start < endMinute && startMinute < start + job.durationMinutes;
    });
    if (overJob) throw conflict(t.blockOverJob);
    const row = one(
      await tx
        .insert(timeBlocks)
        .values({ providerId, day: body.day, startMinute, endMinute })
        .returning({ id: timeBlocks.id, startMinute: timeBlocks.startMinute, endMinute: timeBlocks.endMinute }),
    );
    return blockOf(row);
  });
}

/** Frees a blocked time of the caller's; another provider's block is not found. */
export async function removeBlock(db: Db, providerId: string, id: string): Promise<TimeBlock> {
  const [row] = await db
    .delete(timeBlocks)
    .where(and(eq(timeBlocks.id, id), eq(timeBlocks.providerId, providerId)))
    .returning({ id: timeBlocks.id, startMinute: timeBlocks.startMinute, endMinute: timeBlocks.endMinute });
  if (!row) throw notFound(t.blockNotFound);
  return blockOf(row);
}
