// Availability as data: the read model's full days (migration 0031) are the days a provider works
// on which its jobs and blocks leave no slot, by the same rules as the slot arithmetic
// (slots.ts), in both served zones and across the clocks' changes; they follow every job, block,
// working week and slot length in the same transaction, so "free on a date" is right in the page
// and in the total.
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shiftDay } from '../../../contract/format.js';
import { execute } from '../../db/client.js';
import { bookings, daysOff, providerProfiles, providerSearch, timeBlocks, workingHours } from '../../db/schema.js';
import { createTestContext, injectAs, type TestContext } from '../../test/harness.js';
import { createBooking, createMember, createProvider } from '../../test/factories.js';
import { freeSlotTimes, hhmm, hoursForDay, weekdayOf } from '../bookings/slots.js';
import { forgetPastFullDays } from './providers.search.js';

let ctx: TestContext;
const { get } = injectAs(() => ctx);
// Wednesday 10 June 2026, 07:00 in Austin.
const now = new Date('2026-06-10T12:00:00Z');
let providerId: string;
let customerId: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  ctx = await createTestContext();
  providerId = (await createProvider(ctx.db, { name: 'Fenna Fullday', city: 'austin' })).id;
  customerId = (await createMember(ctx.db, { name: 'Bea Booker' })).id;
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
});

const mine = <T extends { providerId: unknown }>(table: T) => eq(table.providerId as never, providerId);
/** The provider with no jobs, hours, blocks or days off, and the given slots in the given zone. */
async function startAfresh(profile = { slotMinutes: 60, bufferMinutes: 30, timeZone: 'America/Chicago' }) {
  await ctx.db.delete(bookings).where(mine(bookings));
  await ctx.db.delete(workingHours).where(mine(workingHours));
  await ctx.db.delete(timeBlocks).where(mine(timeBlocks));
  await ctx.db.delete(daysOff).where(mine(daysOff));
  await ctx.db.update(providerProfiles).set(profile).where(eq(providerProfiles.userId, providerId));
}
beforeEach(() => startAfresh());

const fullDays = async () =>
  (
    await ctx.db
      .select({ days: providerSearch.fullDays })
      .from(providerSearch)
      .where(eq(providerSearch.providerId, providerId))
  )[0]?.days;

describe('a full day', () => {
  // Days around both changes of the clocks in 2026, and ordinary ones.
  const dates = ['2026-03-08', '2026-11-01', '2026-06-13', '2026-06-15'];
  const minute = (max: number) => fc.integer({ min: 0, max: max / 15 }).map((n) => n * 15);
  const interval = fc
    .tuple(minute(1425), fc.integer({ min: 1, max: 40 }))
    .map(([start, steps]) => ({ startMinute: start, endMinute: Math.min(1440, start + steps * 15) }));
  const plan = fc.record({
    date: fc.constantFrom(...dates),
    timeZone: fc.constantFrom('America/Chicago', 'America/New_York'),
    slotMinutes: fc.constantFrom(30, 45, 60, 90),
    bufferMinutes: fc.constantFrom(0, 15, 30, 60),
    // None (the default day), the date's weekday, or another weekday only.
    hours: fc.oneof<fc.Arbitrary<{ startMinute: number; endMinute: number; sameDay: boolean }[]>[]>(
      fc.constant([]),
      fc.array(interval, { minLength: 1, maxLength: 2 }).map((list) => list.map((h) => ({ ...h, sameDay: true }))),
      fc.constant([{ startMinute: 540, endMinute: 1020, sameDay: false }]),
    ),
    dayOff: fc.boolean(),
    blocks: fc.array(interval, { maxLength: 2 }),
    jobs: fc.array(
      fc.record({
        shift: fc.constantFrom(-1, 0, 0, 0, 1),
        start: minute(1425),
        durationMinutes: fc.constantFrom(30, 60, 120, 180, 300),
        status: fc.constantFrom('awaiting_payment', 'requested', 'accepted', 'accepted', 'cancelled'),
      }),
      { maxLength: 6 },
    ),
  });

  it('is one on which the slot rules find no slot, whatever the clock says', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        await startAfresh({ slotMinutes: p.slotMinutes, bufferMinutes: p.bufferMinutes, timeZone: p.timeZone });
        const weekday = weekdayOf(p.date);
        const hours = p.hours.map(({ sameDay, ...h }) => ({ ...h, weekday: sameDay ? weekday : (weekday + 1) % 7 }));
        if (hours.length) await ctx.db.insert(workingHours).values(hours.map((h) => ({ providerId, ...h })));
        if (p.dayOff) await ctx.db.insert(daysOff).values({ providerId, day: p.date });
        for (const block of p.blocks) await ctx.db.insert(timeBlocks).values({ providerId, day: p.date, ...block });
        // Jobs as the database lets them be: an active one never overlaps another (in local time).
        const taken: { from: number; to: number }[] = [];
        const jobs = p.jobs.flatMap((job) => {
          const from = job.shift * 1440 + job.start;
          const to = from + job.durationMinutes;
          const active = job.status !== 'cancelled';
          if (active && taken.some((t) => from < t.to && t.from < to)) return [];
          if (active) taken.push({ from, to });
          return [{ ...job, date: shiftDay(p.date, job.shift), time: hhmm(job.start) }];
        });
        for (const job of jobs)
          await createBooking(ctx.db, {
            customerId,
            providerId,
            date: job.date,
            time: job.time,
            durationMinutes: job.durationMinutes,
            status: job.status,
            timeZone: p.timeZone,
          });

        const day = {
          date: p.date,
          timeZone: p.timeZone,
          hours: hoursForDay(hours, p.date),
          slotMinutes: p.slotMinutes,
          bufferMinutes: p.bufferMinutes,
          dayOff: p.dayOff,
          blocked: p.blocks,
          booked: jobs.filter((job) => job.status !== 'cancelled'),
          now: new Date(0),
          leadMinutes: 0,
        };
        const free = freeSlotTimes(day);
        const [worked] = await execute<{ full: boolean }>(
          ctx.db,
          sql`select provider_day_full(${providerId}, ${p.date}) as full`,
        );
        const works = !p.dayOff && day.hours.length > 0;
        expect(worked?.full).toBe(works && free.length === 0);
        // What the triggers kept, write by write, is what the day is now.
        const [whole] = await execute<{ days: string[] }>(
          ctx.db,
          sql`select provider_full_days(${providerId})::text[] as days`,
        );
        expect(await fullDays()).toEqual(whole?.days);
        // A day its jobs and blocks left without a slot is listed (one whose hours hold no slot
        // at all is not: no job can change it).
        const freeWithout = freeSlotTimes({ ...day, blocked: [], booked: [] });
        if (worked?.full && freeWithout.length > 0) expect(await fullDays()).toContain(p.date);
      }),
      { numRuns: 60, seed: 31 },
    );
  });
});

describe('free on a date', () => {
  const saturday = '2026-06-13';
  const search = async (query: string) =>
    (await get(`/v1/services/search?text=fenna&${query}`)).json() as {
      data: { _id: string }[];
      meta: { total: number };
    };
  const found = async (date: string) => {
    const body = await search(`date=${date}`);
    // The page and the total agree.
    expect(body.meta.total).toBe(body.data.length);
    return body.data.length === 1;
  };
  const book = (date: string, time: string, durationMinutes = 60) =>
    createBooking(ctx.db, { customerId, providerId, date, time, durationMinutes, status: 'accepted' });

  it('follows a booked day, a cancelled job, a new block and a changed working week', async () => {
    // Saturday 09:00–11:00, hour slots, no travel time: two slots.
    await ctx.db.update(providerProfiles).set({ bufferMinutes: 0 }).where(eq(providerProfiles.userId, providerId));
    await ctx.db.insert(workingHours).values({ providerId, weekday: 6, startMinute: 540, endMinute: 660 });
    expect(await found(saturday)).toBe(true);

    const first = await book(saturday, '09:00');
    expect(await found(saturday)).toBe(true);
    await book(saturday, '10:00');
    expect(await found(saturday)).toBe(false);
    expect(await fullDays()).toEqual([saturday]);

    await ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    expect(await found(saturday)).toBe(true);
    const [block] = await ctx.db
      .insert(timeBlocks)
      .values({ providerId, day: saturday, startMinute: 540, endMinute: 600 })
      .returning();
    expect(await found(saturday)).toBe(false);
    await ctx.db.delete(timeBlocks).where(eq(timeBlocks.id, block!.id));
    expect(await found(saturday)).toBe(true);

    // Booked again, then the week grows an hour, then the slots get shorter.
    await book(saturday, '09:00');
    expect(await found(saturday)).toBe(false);
    await ctx.db
      .update(workingHours)
      .set({ endMinute: 720 })
      .where(and(mine(workingHours), eq(workingHours.weekday, 6)));
    expect(await found(saturday)).toBe(true);
    await book(saturday, '11:00');
    expect(await found(saturday)).toBe(false);
    await ctx.db.update(providerProfiles).set({ slotMinutes: 30 }).where(eq(providerProfiles.userId, providerId));
    // Half-hour steps: 09:30 and 10:30 are taken by the hour-long jobs, and nothing else is left.
    expect(await found(saturday)).toBe(false);
    await ctx.db.delete(workingHours).where(mine(workingHours));
    expect(await found(saturday)).toBe(true);
  });

  it('counts a late job of the day before, whose travel reaches past midnight', async () => {
    // Sunday 00:00–02:00 only; Saturday 23:00 for two hours, then 30 minutes' travel.
    await ctx.db.insert(workingHours).values([
      { providerId, weekday: 0, startMinute: 0, endMinute: 120 },
      { providerId, weekday: 6, startMinute: 1320, endMinute: 1440 },
    ]);
    expect(await found('2026-06-14')).toBe(true);
    await book(saturday, '23:00', 120);
    expect(await found('2026-06-14')).toBe(false);
    expect(await fullDays()).toEqual(['2026-06-13', '2026-06-14']);
  });

  it('counts a job whose travel alone reaches into the day before or after', async () => {
    // An hour's travel, hour slots; Sunday 00:00–01:00 only.
    const sunday = '2026-06-14';
    await ctx.db.update(providerProfiles).set({ bufferMinutes: 60 }).where(eq(providerProfiles.userId, providerId));
    await ctx.db.insert(workingHours).values({ providerId, weekday: 0, startMinute: 0, endMinute: 60 });
    expect(await found(sunday)).toBe(true);
    // Saturday 23:00–24:00 leaves no travel time before Sunday 00:00.
    await book(saturday, '23:00');
    expect(await found(sunday)).toBe(false);
    // Sunday 23:00–24:00 only, then Monday 00:30 leaves no travel time after it.
    await ctx.db.update(workingHours).set({ startMinute: 1380, endMinute: 1440 }).where(mine(workingHours));
    expect(await found(sunday)).toBe(true);
    await book('2026-06-15', '00:30', 30);
    expect(await found(sunday)).toBe(false);
  });

  it('writes the provider’s row only when its full days change', async () => {
    // Saturday 09:00–13:00, hour slots and 30 minutes' travel: a job at 09:00 leaves 11:00 and 12:00.
    await ctx.db.insert(workingHours).values({ providerId, weekday: 6, startMinute: 540, endMinute: 780 });
    // The row's version: a write makes another, with a new transaction id.
    const version = async () =>
      (
        await execute<{ xmin: string }>(
          ctx.db,
          sql`select xmin::text from provider_search where provider_id = ${providerId}`,
        )
      )[0]?.xmin;
    const before = await version();
    await book(saturday, '09:00');
    expect(await version()).toBe(before);
    await book(saturday, '11:00');
    expect(await version()).not.toBe(before);
    expect(await fullDays()).toEqual([saturday]);
  });

  it('forgets the days that are over', async () => {
    await ctx.db.insert(workingHours).values({ providerId, weekday: 6, startMinute: 540, endMinute: 600 });
    await book(saturday, '09:00');
    await book('2026-06-20', '09:00');
    expect(await fullDays()).toEqual([saturday, '2026-06-20']);
    expect(await forgetPastFullDays(ctx.db, new Date('2026-06-15T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await fullDays()).toEqual(['2026-06-20']);
  });
});
