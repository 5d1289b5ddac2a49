// The provider calendar: a week of hours, days off, jobs and blocked times in the provider's zone;
// blocking a range takes it out of the customers' slots at once, and never over a job.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalLimits } from '../../../contract/portal.js';
import { timeBlocks } from '../../db/schema.js';
import { bearer, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createBooking,
  createCategory,
  createMember,
  createProvider,
  setDaysOff,
  setSlotRules,
  setWorkingHours,
  signIn,
} from '../../test/factories.js';
import { dayjs, dayIn } from '../../test/days.js';

const ctx = withApp();

const zone = 'America/Chicago';
/** The provider's local date `days` from its today. */

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function newProvider() {
  const user = await createProvider(ctx.db, { city: 'austin' });
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const eqProvider = (providerId: string) => eq(timeBlocks.providerId, providerId);

const slots = async (providerId: string, date: string) =>
  (await call('GET', `/v1/services/availableSlots/${providerId}?date=${date}`, null)).json().data as string[];

describe('GET /provider/calendar', () => {
  it('gives each day its hours, day off, requested and accepted jobs (start to end) and blocks', async () => {
    const provider = await newProvider();
    const customer = await createMember(ctx.db, { name: 'Cal Customer' });
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    // Mondays to Fridays 08:00–16:00; closed at weekends.
    await setWorkingHours(
      ctx.db,
      provider.id,
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 16 * 60 })),
    );
    await setSlotRules(ctx.db, provider.id, { bufferMinutes: 15 });
    const from = dayIn(7);
    const dates = Array.from({ length: 7 }, (_, i) => dayjs(from).add(i, 'day').format('YYYY-MM-DD'));
    const weekday = dates.find((d) => dayjs(d).day() === 3)!; // a Wednesday
    const friday = dates.find((d) => dayjs(d).day() === 5)!;
    await setDaysOff(ctx.db, provider.id, [friday]);
    const base = { customerId: customer.id, providerId: provider.id, date: weekday, timeZone: zone };
    const requested = await createBooking(ctx.db, { ...base, time: '09:00', categoryId: plumbing.id });
    const accepted = await createBooking(ctx.db, { ...base, time: '13:00', status: 'accepted', durationMinutes: 120 });
    await createBooking(ctx.db, { ...base, time: '11:00', status: 'cancelled' });
    const block = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day: weekday,
      start: '15:00',
      end: '16:00',
    });
    expect(block.statusCode, block.body).toBe(200);

    const response = await call('GET', `/v1/provider/calendar?from=${from}`, provider.token);
    expect(response.statusCode, response.body).toBe(200);
    const calendar = response.json().data;
    expect(calendar).toMatchObject({ timeZone: zone, today: dayIn(0), bufferMinutes: 15 });
    expect(calendar.days.map((d: { date: string }) => d.date)).toEqual(dates);
    const wednesday = calendar.days.find((d: { date: string }) => d.date === weekday);
    expect(wednesday).toEqual({
      date: weekday,
      dayOff: false,
      hours: [{ start: '08:00', end: '16:00' }],
      jobs: [
        {
          _id: requested.id,
          status: 'requested',
          start: '09:00',
          end: '10:00',
          customer: 'Cal Customer',
          service: 'Plumbing',
        },
        { _id: accepted.id, status: 'accepted', start: '13:00', end: '15:00', customer: 'Cal Customer', service: null },
      ],
      blocks: [{ _id: block.json().data._id, start: '15:00', end: '16:00' }],
    });
    expect(calendar.days.find((d: { date: string }) => d.date === friday)).toMatchObject({ dayOff: true, hours: [] });
    const sunday = calendar.days.find((d: { date: string }) => dayjs(d.date).day() === 0);
    expect(sunday).toMatchObject({ dayOff: false, hours: [], jobs: [], blocks: [] });

    // A day view: one day.
    const one = await call('GET', `/v1/provider/calendar?from=${weekday}&days=1`, provider.token);
    expect(one.json().data.days).toHaveLength(1);
  });

  it('is the provider’s own: refused to others, 409 before a profile, 400 for a bad range', async () => {
    const customer = await createMember(ctx.db);
    const customerToken = await signIn(ctx.db, customer.id);
    expect((await call('GET', `/v1/provider/calendar?from=${dayIn(0)}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/v1/provider/calendar?from=${dayIn(0)}`, customerToken)).statusCode).toBe(403);
    const bare = await createMember(ctx.db, { role: 'provider' });
    const bareToken = await signIn(ctx.db, bare.id);
    const noProfile = await call('GET', `/v1/provider/calendar?from=${dayIn(0)}`, bareToken);
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().message).toBe('Please complete your profile first.');
    const provider = await newProvider();
    for (const query of ['', '?from=2026-02-30', `?from=${dayIn(0)}&days=8`, `?from=${dayIn(0)}&days=0`]) {
      const response = await call('GET', `/v1/provider/calendar${query}`, provider.token);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('blocking time', () => {
  it('takes the range out of the customers’ slots at once, and gives it back when removed', async () => {
    const provider = await newProvider();
    const day = dayIn(3);
    const before = await slots(provider.id, day);
    expect(before).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    const block = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day,
      start: '13:00',
      end: '18:00',
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().message).toBe('Time blocked');
    expect(await slots(provider.id, day)).toEqual(['09:00', '10:00', '11:00', '12:00']);

    // Nor can a booking take it.
    const customer = await createMember(ctx.db);
    const booked = await call('POST', '/v1/services/addbooking', await signIn(ctx.db, customer.id), {
      bookedby: customer.id,
      bookedto: provider.id,
      date: day,
      time: '14:00',
      phone: '5125550100',
      address: '100 Congress Ave, Austin, TX',
      description: 'Fix the sink.',
    });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toBe('This time is no longer available. Please choose another time.');

    const removed = await call('DELETE', `/v1/provider/calendar/blocks/${block.json().data._id}`, provider.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Block removed');
    expect(await slots(provider.id, day)).toEqual(before);
  });

  it('refuses a block over a requested or accepted job, in the past, or reversed', async () => {
    const provider = await newProvider();
    const customer = await createMember(ctx.db);
    const day = dayIn(2);
    await bookingOf(ctx.db, customer, provider, { date: day, time: '10:00', timeZone: zone });
    const over = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day,
      start: '10:30',
      end: '12:00',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You have a job in that time. Reschedule or decline it first.');
    // Right after the job ends is free to block.
    const after = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day,
      start: '11:00',
      end: '12:00',
    });
    expect(after.statusCode).toBe(200);

    const past = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day: dayIn(-1),
      start: '10:00',
      end: '11:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Please choose today or a later date.');
    const reversed = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day,
      start: '15:00',
      end: '14:00',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The end must be after the start');
    const malformed = await call('POST', '/v1/provider/calendar/blocks', provider.token, {
      day,
      start: '9am',
      end: '10:00',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await ctx.db.select().from(timeBlocks).where(eqProvider(provider.id))).toHaveLength(1);
  });

  it('holds at most 60 blocks ahead, counted atomically under parallel requests', async () => {
    const provider = await newProvider();
    await ctx.db.insert(timeBlocks).values(
      Array.from({ length: portalLimits.blocksMax - 2 }, (_, i) => ({
        providerId: provider.id,
        day: dayIn(10 + i),
        startMinute: 600,
        endMinute: 660,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/v1/provider/calendar/blocks', provider.token, {
          day: dayIn(5),
          start: `0${i + 1}:00`,
          end: `0${i + 1}:30`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'You can hold at most 60 blocked times ahead.',
    );
    expect(await ctx.db.select().from(timeBlocks).where(eqProvider(provider.id))).toHaveLength(portalLimits.blocksMax);
  });

  it('removes only the caller’s own block', async () => {
    const owner = await newProvider();
    const other = await newProvider();
    const block = await call('POST', '/v1/provider/calendar/blocks', owner.token, {
      day: dayIn(4),
      start: '09:00',
      end: '10:00',
    });
    const id = block.json().data._id as string;
    const stolen = await call('DELETE', `/v1/provider/calendar/blocks/${id}`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Block not found.');
    expect((await call('DELETE', '/v1/provider/calendar/blocks/not-a-uuid', owner.token)).statusCode).toBe(400);
    expect(await ctx.db.select().from(timeBlocks).where(eqProvider(owner.id))).toHaveLength(1);
  });
});
