import { and, eq } from 'drizzle-orm';
import type { LiveEvent } from '../../../contract/notifications.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { noticeDate } from '../../../contract/format.js';
import {
  bookings,
  categories as categoriesTable,
  notifications,
  outbox,
  providerProfiles,
  ratings,
  users,
} from '../../db/schema.js';
import { failNotificationsFor } from '../../test/failures.js';
import { expectFailure, injectAs, until, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createCategory,
  createMember,
  createProvider,
  createRating,
  setDaysOff,
  setSlotRules,
  setWorkingHours,
  signIn,
} from '../../test/factories.js';
import { dayjs, dayIn } from '../../test/days.js';

const austin = 'America/Chicago';
const slotTaken = 'This time is no longer available. Please choose another time.';
const allDay = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

/** The provider's local date `days` from today. */

const ctx = withApp();
type Member = Awaited<ReturnType<typeof createMember>> & { token: string };

async function member(input: Parameters<typeof createMember>[1] = {}): Promise<Member> {
  const user = await createMember(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}
async function provider(input: Parameters<typeof createProvider>[1] = {}): Promise<Member> {
  const user = await createProvider(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const { get, post } = injectAs(() => ctx);
const slots = async (providerId: string, date: string) => {
  const res = await get(`/v1/services/availableSlots/${providerId}?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string[];
};

describe('GET /v1/services/availableSlots/:providerId', () => {
  it('is public: 09:00–18:00 in hour slots for a provider with no hours set', async () => {
    const p = await provider();
    const res = await get(`/v1/services/availableSlots/${p.id}?date=${dayIn(10)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: allDay });
  });

  it('follows the working hours of the weekday, the slot length and the days off', async () => {
    const p = await provider();
    const date = dayIn(10);
    const weekday = dayjs(date).day();
    await setWorkingHours(ctx.db, p.id, [
      { weekday, startMinute: 8 * 60, endMinute: 12 * 60 },
      { weekday, startMinute: 13 * 60, endMinute: 15 * 60 },
    ]);
    expect(await slots(p.id, date)).toEqual(['08:00', '09:00', '10:00', '11:00', '13:00', '14:00']);
    // Hours on other weekdays only: the next day is off.
    expect(await slots(p.id, dayIn(11))).toEqual([]);
    await setSlotRules(ctx.db, p.id, { slotMinutes: 90 });
    expect(await slots(p.id, date)).toEqual(['08:00', '09:30', '13:00']);
    await setDaysOff(ctx.db, p.id, [date]);
    expect(await slots(p.id, date)).toEqual([]);
  });

  it('leaves out booked jobs with their travel buffer; declined and cancelled ones free their time', async () => {
    const p = await provider();
    const customer = await member();
    const date = dayIn(12);
    await bookingOf(ctx.db, customer, p, { date, time: '10:00', status: 'accepted' });
    await bookingOf(ctx.db, customer, p, { date, time: '15:00', status: 'requested' });
    await bookingOf(ctx.db, customer, p, { date, time: '13:00', status: 'cancelled' });
    await bookingOf(ctx.db, customer, p, { date, time: '17:00', status: 'declined' });
    expect(await slots(p.id, date)).toEqual(['12:00', '13:00', '17:00']);
    await setSlotRules(ctx.db, p.id, { bufferMinutes: 0 });
    expect(await slots(p.id, date)).toEqual(['09:00', '11:00', '12:00', '13:00', '14:00', '16:00', '17:00']);
  });

  it('offers nothing sooner than two hours from now, in the provider’s time zone', async () => {
    // 15:20 UTC is 10:20 in Austin (CDT) and 11:20 in New York (EDT): the first free hours are
    // 13:00 and 14:00, and every later hour of the day is offered.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-10T15:20:00Z'));
    try {
      for (const [city, first] of [
        ['austin', 13],
        ['nyc', 14],
      ] as const) {
        const p = await provider({ city });
        await setWorkingHours(
          ctx.db,
          p.id,
          [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
        );
        const hours = Array.from({ length: 24 - first }, (_, i) => `${String(first + i).padStart(2, '0')}:00`);
        expect(await slots(p.id, '2026-06-10'), city).toEqual(hours);
        expect(await slots(p.id, '2026-06-09'), city).toEqual([]);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for a provider that cannot be booked', async () => {
    const inactive = await provider({ status: '0' });
    const blocked = await provider({ isBlocked: true });
    const customer = await member();
    const date = dayIn(5);
    for (const id of [inactive.id, blocked.id, customer.id, '00000000-0000-4000-8000-00000000abcd']) {
      const res = await get(`/v1/services/availableSlots/${id}?date=${date}`);
      expectFailure(res, 404, { code: 'not_found', message: 'This provider is not available for booking.' }, id);
    }
  });

  it('answers 400 for a malformed date, a bad id or a date more than 90 days ahead', async () => {
    const p = await provider();
    for (const query of ['', '?date=', '?date=tomorrow', '?date=2026-02-30', '?date=2026-6-1', `?date=${dayIn(91)}`]) {
      const res = await get(`/v1/services/availableSlots/${p.id}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(0);
    }
    expect((await get(`/v1/services/availableSlots/${p.id}?date=${dayIn(91)}`)).json().message).toBe(
      'Please choose a date within the next 90 days.',
    );
    expect((await get(`/v1/services/availableSlots/not-an-id?date=${dayIn(3)}`)).statusCode).toBe(400);
    expect(await slots(p.id, dayIn(90))).toEqual(allDay);
  });
});

describe('POST /v1/services/addbooking', () => {
  let p: Member;
  let customer: Member;
  const date = dayIn(20);
  const form = (over: Record<string, unknown> = {}) => ({
    bookedby: customer.id,
    bookedto: p.id,
    date,
    time: '10:00',
    phone: '5125550123',
    address: '1100 Congress Ave, Austin, TX 78701',
    description: 'Leaking kitchen tap.',
    ...over,
  });

  beforeAll(async () => {
    p = await provider({ chargesCents: 6500, name: 'Pat Plumber' });
    customer = await member();
  });

  it('needs a signed-in member', async () => {
    const res = await post('/v1/services/addbooking', form());
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(0);
  });

  it('checks date, time, phone, location and description in that order', async () => {
    const steps: [Record<string, unknown>, string, string][] = [
      [{ date: '', time: '', phone: '', address: '', description: '' }, 'date', 'Please enter your date'],
      [{ time: undefined, phone: '', address: '', description: '' }, 'time', 'Please enter your time'],
      [{ phone: '   ', address: '', description: '' }, 'phone', 'Please enter your Phone number'],
      [{ address: '', description: '' }, 'address', 'Please enter your location'],
      [{ description: '' }, 'description', 'Please enter your description'],
    ];
    for (const [over, field, message] of steps) {
      const res = await post('/v1/services/addbooking', form(over), customer.token);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message });
      expect(res.json().errors[field]).toBe(message);
    }
    // Missing fields read the same as empty ones. A missing description is the member's to give
    // (the admin's modal has none), so it is checked after the rest.
    const { date: _d, time: _t, phone: _p, address: _a, description: _s, ...ids } = form();
    const bare = await post('/v1/services/addbooking', ids, customer.token);
    expect(bare.json().message).toBe('Please enter your date');
    expect(Object.values(bare.json().errors).slice(0, 4)).toEqual([
      'Please enter your date',
      'Please enter your time',
      'Please enter your Phone number',
      'Please enter your location',
    ]);
    const { description: _missing, ...undescribed } = form();
    const noDescription = await post('/v1/services/addbooking', undescribed, customer.token);
    expectFailure(noDescription, 400, {
      code: 'invalid',
      message: 'Please enter your description',
      errors: { description: 'Please enter your description' },
    });
    expect(await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, customer.id))).toEqual(
      [],
    );
  });

  it('wants a phone number of digits, at most 10', async () => {
    for (const phone of ['512-555-0123', '51255501234', 'abc', '123']) {
      const res = await post('/v1/services/addbooking', form({ phone }), customer.token);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().message).toBe('Please enter a valid phone number: 7 to 10 digits');
    }
  });

  it('refuses a bookedby that is not the caller (403) and booking yourself (400)', async () => {
    const other = await member();
    const res = await post('/v1/services/addbooking', form({ bookedby: other.id }), customer.token);
    expect(res.statusCode).toBe(403);
    const self = await post('/v1/services/addbooking', form({ bookedby: p.id, bookedto: p.id }), p.token);
    expectFailure(self, 400, { code: 'invalid', message: 'You cannot book yourself.' });
  });

  it('answers 404 for a provider who cannot be booked', async () => {
    const inactive = await provider({ status: '0' });
    const res = await post('/v1/services/addbooking', form({ bookedto: inactive.id }), customer.token);
    expect(res.statusCode).toBe(404);
  });

  it('books a free slot as requested, with the provider’s charges and time zone', async () => {
    const res = await post('/v1/services/addbooking', form(), customer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Booking Successfully',
      data: {
        date,
        time: '10:00',
        timeZone: austin,
        status: 'requested',
        phone: '5125550123',
        address: '1100 Congress Ave, Austin, TX 78701',
        description: 'Leaking kitchen tap.',
        charges: 6500,
        service: null,
        // A request shows the provider's area; the street comes once the provider accepts.
        bookedto: { _id: p.id, name: 'Pat Plumber', image: null, address: 'Austin, TX' },
        price: { serviceCents: 6500, feeCents: 650, discountCents: 0, totalCents: 7150 },
        payment: 'cash',
        rated: false,
        rating: null,
      },
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, body.data._id));
    expect(row).toMatchObject({
      customerId: customer.id,
      providerId: p.id,
      status: 'requested',
      chargesCents: 6500,
      timeZone: austin,
      time: '10:00',
    });
    // The time and its buffer are gone from the slots.
    expect(await slots(p.id, date)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
  });

  it('answers 409 for a time that is not free, taken or not', async () => {
    const other = await member();
    for (const time of ['10:00', '11:00', '09:00', '08:00', '09:30', '18:00']) {
      const res = await post('/v1/services/addbooking', form({ bookedby: other.id, time }), other.token);
      expectFailure(res, 409, { code: 'slot_taken', message: slotTaken }, time);
    }
    const past = await post('/v1/services/addbooking', form({ bookedby: other.id, date: dayIn(-1) }), other.token);
    expect(past.statusCode).toBe(409);
    const tooFar = await post('/v1/services/addbooking', form({ bookedby: other.id, date: dayIn(91) }), other.token);
    expect(tooFar.statusCode).toBe(400);
    const rows = await ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.providerId, p.id), eq(bookings.date, date)));
    expect(rows).toHaveLength(1);
  });

  it('keeps the service booked when the provider offers it, and refuses one it does not', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    const painting = await createCategory(ctx.db, { title: 'Painting' });
    const cleaner = await provider({ categoryIds: [cleaning.id] });
    const ok = await post(
      '/v1/services/addbooking',
      form({ bookedto: cleaner.id, service_id: cleaning.id }),
      customer.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.service).toEqual({ _id: cleaning.id, title: 'Cleaning' });
    const wrong = await post(
      '/v1/services/addbooking',
      form({ bookedto: cleaner.id, service_id: painting.id, time: '15:00' }),
      customer.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This provider does not offer this service.');
  });

  it('lets two customers book the same provider at times far enough apart', async () => {
    const a = await member();
    const b = await member();
    const q = await provider();
    const d = dayIn(21);
    const [first, second] = await Promise.all([
      post('/v1/services/addbooking', form({ bookedby: a.id, bookedto: q.id, date: d, time: '09:00' }), a.token),
      post('/v1/services/addbooking', form({ bookedby: b.id, bookedto: q.id, date: d, time: '11:00' }), b.token),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
  });
});

describe('GET ongoingBookingList and previousBookingList', () => {
  let customer: Member;
  let stranger: Member;
  let p: Member;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    customer = await member();
    stranger = await member();
    p = await provider({
      name: 'Olive Owens',
      image: '/uploads/olive.jpg',
      address: '5 Elm St, Dallas, TX',
      city: 'dallas',
    });
    const book = async (
      key: string,
      date: string,
      time: string,
      status: 'requested' | 'accepted' | 'completed' | 'declined' | 'cancelled',
    ) => {
      ids[key] = (await bookingOf(ctx.db, customer, p, { date, time, status })).id;
    };
    await book('later', dayIn(9), '09:00', 'requested');
    await book('soonLate', dayIn(3), '15:00', 'accepted');
    await book('soonEarly', dayIn(3), '09:00', 'requested');
    await book('done', dayIn(-10), '10:00', 'completed');
    await book('declined', dayIn(-5), '11:00', 'declined');
    await book('cancelled', dayIn(-2), '12:00', 'cancelled');
    await book('doneOld', dayIn(-30), '10:00', 'completed');
    await createRating(ctx.db, {
      bookingId: ids.doneOld!,
      rateBy: customer.id,
      rateTo: p.id,
      count: 4,
      comment: 'Tidy work.',
    });
    // Someone else's bookings never show.
    await bookingOf(ctx.db, stranger, p, { date: dayIn(4), time: '10:00' });
    await bookingOf(ctx.db, stranger, p, { date: dayIn(-4), time: '10:00', status: 'completed' });
  });

  it('needs a sign-in and refuses another member’s list', async () => {
    for (const path of ['ongoingBookingList', 'previousBookingList']) {
      expect((await get(`/v1/services/${path}/${customer.id}`)).statusCode).toBe(401);
      const res = await get(`/v1/services/${path}/${customer.id}`, stranger.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(0);
      expect((await get(`/v1/services/${path}/nope`, customer.token)).statusCode).toBe(400);
    }
  });

  it('lists requested and accepted bookings soonest first, with the provider', async () => {
    const res = await get(`/v1/services/ongoingBookingList/${customer.id}`, customer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((b: { _id: string }) => b._id)).toEqual([ids.soonEarly, ids.soonLate, ids.later]);
    expect(body.data[1]).toMatchObject({
      date: dayIn(3),
      time: '15:00',
      status: 'accepted',
      charges: 4500,
      rated: false,
      bookedto: { _id: p.id, name: 'Olive Owens', image: '/uploads/olive.jpg', address: '5 Elm St, Dallas, TX' },
    });
  });

  it('lists completed, declined and cancelled bookings newest first, with the rating once given', async () => {
    const res = await get(`/v1/services/previousBookingList/${customer.id}`, customer.token);
    const body = res.json();
    expect(body.data.map((b: { _id: string; status: string }) => [b._id, b.status])).toEqual([
      [ids.cancelled, 'cancelled'],
      [ids.declined, 'declined'],
      [ids.done, 'completed'],
      [ids.doneOld, 'completed'],
    ]);
    expect(body.data[2]).toMatchObject({ rated: false, rating: null });
    expect(body.data[3]).toMatchObject({ rated: true, rating: { count: 4, comment: 'Tidy work.' } });
  });

  it('pages', async () => {
    const res = await get(`/v1/services/previousBookingList/${customer.id}?page=2&limit=3`, customer.token);
    expect(res.json().data.map((b: { _id: string }) => b._id)).toEqual([ids.doneOld]);
    expect(res.json().meta).toEqual({ page: 2, limit: 3, total: 4 });
    const past = await get(`/v1/services/ongoingBookingList/${customer.id}?page=9&limit=3`, customer.token);
    expect(past.json()).toMatchObject({ data: [], meta: { page: 9, limit: 3, total: 3 } });
  });
});

describe('GET /v1/services/deletebooking/:id', () => {
  it('cancels the caller’s requested or accepted booking, keeps the row and frees the slot', async () => {
    const customer = await member();
    const p = await provider();
    const date = dayIn(6);
    const requested = await bookingOf(ctx.db, customer, p, { date, time: '10:00' });
    const accepted = await bookingOf(ctx.db, customer, p, { date: dayIn(7), time: '10:00', status: 'accepted' });
    expect(await slots(p.id, date)).not.toContain('10:00');
    for (const booking of [requested, accepted]) {
      const res = await get(`/v1/services/deletebooking/${booking.id}`, customer.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: 'Booking cancelled' });
      const [row] = await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
      expect(row?.status).toBe('cancelled');
    }
    expect(await slots(p.id, date)).toEqual(allDay);
    // It moved from the ongoing list to the previous one.
    expect((await get(`/v1/services/ongoingBookingList/${customer.id}`, customer.token)).json().data).toEqual([]);
    expect((await get(`/v1/services/previousBookingList/${customer.id}`, customer.token)).json().meta.total).toBe(2);
  });

  it('refuses anonymous callers, other members (also the provider), closed and unknown bookings', async () => {
    const customer = await member();
    const other = await member();
    const p = await provider();
    const booking = await bookingOf(ctx.db, customer, p, { date: dayIn(8) });
    expect((await get(`/v1/services/deletebooking/${booking.id}`)).statusCode).toBe(401);
    expect((await get(`/v1/services/deletebooking/${booking.id}`, other.token)).statusCode).toBe(403);
    expect((await get(`/v1/services/deletebooking/${booking.id}`, p.token)).statusCode).toBe(403);
    for (const status of ['cancelled', 'completed', 'declined'] as const) {
      const closed = await bookingOf(ctx.db, customer, p, { date: dayIn(-3), status });
      const res = await get(`/v1/services/deletebooking/${closed.id}`, customer.token);
      expectFailure(res, 409, { code: 'conflict', message: 'This booking can no longer be cancelled.' }, status);
    }
    expect(
      (await get('/v1/services/deletebooking/00000000-0000-4000-8000-00000000abcd', customer.token)).statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('requested');
  });
});

describe('POST /v1/services/addrating', () => {
  let customer: Member;
  let p: Member;
  let done: { id: string };
  const rating = (over: Record<string, unknown> = {}) => ({
    rate_by: customer.id,
    rate_to: p.id,
    booking_id: done.id,
    count: 4,
    comment: 'On time and tidy.',
    ...over,
  });
  const figures = async () =>
    (
      await ctx.db
        .select({ sum: providerProfiles.ratingSum, n: providerProfiles.reviewCount })
        .from(providerProfiles)
        .where(eq(providerProfiles.userId, p.id))
    )[0];

  beforeAll(async () => {
    customer = await member();
    p = await provider();
    done = await bookingOf(ctx.db, customer, p, { date: dayIn(-3), status: 'completed' });
  });

  it('checks the stars, then the comment', async () => {
    for (const [over, message] of [
      [{ count: 0, comment: '' }, 'Please give rating'],
      [{ count: undefined, comment: '' }, 'Please give rating'],
      [{ count: 6 }, 'Please give rating'],
      [{ count: 5, comment: '  ' }, 'Please enter rate'],
      [{ comment: undefined }, 'Please enter rate'],
    ] as const) {
      const res = await post('/v1/services/addrating', rating(over), customer.token);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message });
    }
  });

  it('refuses anonymous callers, a rate_by of someone else and another customer’s booking', async () => {
    const other = await member();
    expect((await post('/v1/services/addrating', rating())).statusCode).toBe(401);
    expect((await post('/v1/services/addrating', rating(), other.token)).statusCode).toBe(403);
    expect((await post('/v1/services/addrating', rating({ rate_by: other.id }), other.token)).statusCode).toBe(403);
    expect((await post('/v1/services/addrating', rating({ rate_by: p.id }), p.token)).statusCode).toBe(403);
  });

  it('rates only a completed booking, only its own provider', async () => {
    const open = await bookingOf(ctx.db, customer, p, { date: dayIn(4), status: 'accepted' });
    const res = await post('/v1/services/addrating', rating({ booking_id: open.id }), customer.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only a completed booking can be rated.');
    const elsewhere = await provider();
    const wrong = await post('/v1/services/addrating', rating({ rate_to: elsewhere.id }), customer.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This booking was not with this provider.');
    expect(
      (
        await post(
          '/v1/services/addrating',
          rating({ booking_id: '00000000-0000-4000-8000-00000000abcd' }),
          customer.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(await figures()).toEqual({ sum: 0, n: 0 });
  });

  it('saves the rating and moves the provider’s figures; a second one is refused', async () => {
    const res = await post('/v1/services/addrating', rating(), customer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Rating send successfully' });
    expect(await figures()).toEqual({ sum: 4, n: 1 });
    const [row] = await ctx.db.select().from(ratings).where(eq(ratings.bookingId, done.id));
    expect(row).toMatchObject({ rateBy: customer.id, rateTo: p.id, count: 4, comment: 'On time and tidy.' });

    const again = await post(
      '/v1/services/addrating',
      rating({ count: 1, comment: 'Changed my mind.' }),
      customer.token,
    );
    expectFailure(again, 409, { code: 'conflict', message: 'Already give rating' });
    expect(await figures()).toEqual({ sum: 4, n: 1 });
    const history = (await get(`/v1/services/previousBookingList/${customer.id}`, customer.token)).json();
    expect(history.data[0]).toMatchObject({
      _id: done.id,
      rated: true,
      rating: { count: 4, comment: 'On time and tidy.' },
    });
  });

  it('takes one of several ratings sent at once', async () => {
    const booking = await bookingOf(ctx.db, customer, p, { date: dayIn(-8), status: 'completed' });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((count) =>
        post('/v1/services/addrating', rating({ booking_id: booking.id, count }), customer.token),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const rows = await ctx.db.select({ count: ratings.count }).from(ratings).where(eq(ratings.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(await figures()).toEqual({ sum: 4 + rows[0]!.count, n: 2 });
  });
});

describe('OpenAPI', () => {
  it('describes the booking routes', async () => {
    const doc = (await get('/docs/json')).json();
    for (const [path, method] of [
      ['/v1/services/availableSlots/{providerId}', 'get'],
      ['/v1/services/addbooking', 'post'],
      ['/v1/services/ongoingBookingList/{userId}', 'get'],
      ['/v1/services/previousBookingList/{userId}', 'get'],
      ['/v1/services/deletebooking/{id}', 'get'],
      ['/v1/services/addrating', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, path).toEqual(['bookings']);
    }
  });
});

// A blocked member's session is gone: they cannot book.
describe('blocked members', () => {
  it('cannot book', async () => {
    const p = await provider();
    const customer = await member();
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, customer.id));
    const res = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: p.id,
        date: dayIn(5),
        time: '10:00',
        phone: '5125550123',
        address: 'x',
        description: 'y',
      },
      customer.token,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('the provider hears of requests and cancellations', () => {
  it('notifies the provider when a booking is requested and when it is cancelled', async () => {
    const p = await provider({ name: 'Nora Notified' });
    const customer = await member({ name: 'Cal Customer' });
    const date = dayIn(25);
    const booked = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: p.id,
        date,
        time: '11:00',
        phone: '5125550123',
        address: '1100 Congress Ave, Austin, TX 78701',
        description: 'Fix the fence.',
      },
      customer.token,
    );
    expect(booked.statusCode).toBe(200);
    const list = async () =>
      (await get(`/v1/services/notificationList/${p.id}`, p.token))
        .json()
        .data.map((n: { message: string }) => n.message);
    expect(await list()).toContain(`New booking request from Cal Customer for ${noticeDate(date)} at 11:00 AM`);

    const cancelled = await get(`/v1/services/deletebooking/${booked.json().data._id}`, customer.token);
    expect(cancelled.statusCode).toBe(200);
    expect((await list())[0]).toBe(`Cal Customer cancelled the booking for ${noticeDate(date)} at 11:00 AM`);
  });

  it('mails a provider with a verified address, through the outbox of the booking’s transaction', async () => {
    const mailed = await provider({ name: 'Mae Mailed', password: 'provider-pass-1' });
    const silent = await provider({ name: 'Sid Unverified' });
    const customer = await member({ name: 'Cal Customer' });
    const date = dayIn(26);
    const book = (to: Member) =>
      post(
        '/v1/services/addbooking',
        {
          bookedby: customer.id,
          bookedto: to.id,
          date,
          time: '10:00',
          phone: '5125550123',
          address: '1 Main St, Austin, TX',
          description: 'Paint.',
        },
        customer.token,
      );
    const booked = await book(mailed);
    expect(booked.statusCode).toBe(200);
    expect((await book(silent)).statusCode).toBe(200);
    const mailsTo = (email: string | null) =>
      ctx.db
        .select({ subject: outbox.subject, body: outbox.body, status: outbox.status, key: outbox.key })
        .from(outbox)
        .where(eq(outbox.to, email ?? ''));
    expect(await mailsTo(mailed.email)).toEqual([
      {
        subject: 'New booking request',
        body: expect.stringContaining(`New booking request from Cal Customer for ${noticeDate(date)} at 10:00 AM`),
        status: 'pending',
        key: `requested:${booked.json().data._id}:email`,
      },
    ]);
    expect(await mailsTo(silent.email)).toEqual([]);
  });
});

describe('notifications are written with the booking change', () => {
  const form = (customer: Member, p: Member, date: string, time: string) => ({
    bookedby: customer.id,
    bookedto: p.id,
    date,
    time,
    phone: '5125550123',
    address: '1100 Congress Ave, Austin, TX 78701',
    description: 'Paint the porch.',
  });
  const noticesOf = (userId: string) =>
    ctx.db
      .select({ message: notifications.message, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  it('books, moves and cancels; the provider’s notifications are stored and sent live with each commit', async () => {
    const p = await provider();
    const customer = await member({ name: 'Dot Down' });
    const date = dayIn(26);
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(p.id, (event) => events.push(event));
    try {
      const booked = await post('/v1/services/addbooking', form(customer, p, date, '10:00'), customer.token);
      expect(booked.statusCode, booked.body).toBe(200);
      const bookingId: string = booked.json().data._id;
      expect(booked.json()).toMatchObject({ status: 1, data: { date, time: '10:00', status: 'requested' } });
      const moved = await post(
        '/v1/services/reschedulebooking',
        { id: bookingId, date, time: '14:00' },
        customer.token,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const cancelled = await get(`/v1/services/deletebooking/${bookingId}`, customer.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await until(() => events.length === 3);
      expect(events.map((e) => e.type)).toEqual(['notification', 'notification', 'notification']);
    } finally {
      stop();
    }
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.providerId, p.id));
    expect(row).toMatchObject({ customerId: customer.id, date, time: '14:00', status: 'cancelled' });
    const notes = (await noticesOf(p.id)).map((n) => n.message).sort();
    expect(notes).toEqual(
      [
        `New booking request from Dot Down for ${noticeDate(date)} at 10:00 AM`,
        `Dot Down moved the booking to ${noticeDate(date)} at 2:00 PM (was ${noticeDate(date)} at 10:00 AM)`,
        `Dot Down cancelled the booking for ${noticeDate(date)} at 2:00 PM`,
      ].sort(),
    );
  });

  it('leaves neither the booking change nor the notification when the transaction fails after the notification', async () => {
    const p = await provider();
    const customer = await member();
    const date = dayIn(27);
    const existing = await bookingOf(ctx.db, customer, p, { date, time: '09:00' });
    const restore = await failNotificationsFor(ctx.db, p.id);
    try {
      const booked = await post('/v1/services/addbooking', form(customer, p, date, '15:00'), customer.token);
      expect(booked.statusCode).toBe(500);
      const moved = await post(
        '/v1/services/reschedulebooking',
        { id: existing.id, date, time: '13:00' },
        customer.token,
      );
      expect(moved.statusCode).toBe(500);
      expect((await get(`/v1/services/deletebooking/${existing.id}`, customer.token)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    const rows = await ctx.db.select().from(bookings).where(eq(bookings.providerId, p.id));
    expect(rows).toMatchObject([{ id: existing.id, time: '09:00', status: 'requested' }]);
    expect(await noticesOf(p.id)).toEqual([]);
    // Once notifications can be written again, the same requests go through.
    expect((await post('/v1/services/addbooking', form(customer, p, date, '15:00'), customer.token)).statusCode).toBe(
      200,
    );
  });

  it('answers 409 for a taken slot and writes no notification', async () => {
    const p = await provider();
    const customer = await member();
    const other = await member();
    const date = dayIn(28);
    await bookingOf(ctx.db, other, p, { date, time: '10:00' });
    const res = await post('/v1/services/addbooking', form(customer, p, date, '10:00'), customer.token);
    expect(res.statusCode).toBe(409);
    expect(await noticesOf(p.id)).toEqual([]);
  });
});

describe('archived services', () => {
  it('refuses a new booking of a service that is archived, with a clear message', async () => {
    const archived = await createCategory(ctx.db, { title: 'Old Service', archived: true });
    const p = await provider({ categoryIds: [archived.id] });
    const customer = await member();
    const res = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: p.id,
        service_id: archived.id,
        date: dayIn(5),
        time: '10:00',
        phone: '5125550123',
        address: '1 Main St, Austin, TX',
        description: 'Fix.',
      },
      customer.token,
    );
    expectFailure(res, 400, { code: 'invalid', message: 'This service is no longer offered.' });
    expect(await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.providerId, p.id))).toEqual([]);
  });
});

describe('POST /v1/services/reschedulebooking', () => {
  const move = (payload: Record<string, unknown>, token?: string) =>
    post('/v1/services/reschedulebooking', payload, token);
  const rowOf = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('moves a requested booking to a free slot: same id and charges, the old slot is free again, the new one taken', async () => {
    const p = await provider({ name: 'Rita Roofer' });
    const customer = await member({ name: 'Max Mover' });
    const date = dayIn(30);
    const later = dayIn(31);
    const booking = await bookingOf(ctx.db, customer, p, { date, time: '10:00', chargesCents: 7000 });
    const res = await move({ id: booking.id, date: later, time: '14:00' }, customer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Booking moved',
      data: {
        _id: booking.id,
        date: later,
        time: '14:00',
        status: 'requested',
        charges: 7000,
        bookedto: { _id: p.id, name: 'Rita Roofer' },
      },
    });
    expect(await rowOf(booking.id)).toMatchObject({
      date: later,
      time: '14:00',
      status: 'requested',
      chargesCents: 7000,
      createdAt: booking.createdAt,
    });
    expect(await slots(p.id, date)).toEqual(allDay);
    expect(await slots(p.id, later)).toEqual(['09:00', '10:00', '11:00', '12:00', '16:00', '17:00']);
    // The ongoing list shows the new time at once.
    const ongoing = (await get(`/v1/services/ongoingBookingList/${customer.id}`, customer.token)).json().data;
    expect(ongoing).toMatchObject([{ _id: booking.id, date: later, time: '14:00' }]);
  });

  it('sends an accepted booking back to requested and tells the provider live', async () => {
    const p = await provider();
    const customer = await member({ name: 'Ada Again' });
    const date = dayIn(32);
    const booking = await bookingOf(ctx.db, customer, p, { date, time: '09:00', status: 'accepted' });
    const events: unknown[] = [];
    const stop = ctx.live.subscribe(p.id, (event) => events.push(event));
    try {
      const res = await move({ id: booking.id, date, time: '15:00' }, customer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('requested');
      expect((await rowOf(booking.id)).status).toBe('requested');
      const notes = (await get(`/v1/services/notificationList/${p.id}`, p.token)).json().data;
      expect(notes[0]).toMatchObject({
        kind: 'booking',
        message: `Ada Again moved the booking to ${noticeDate(date)} at 3:00 PM (was ${noticeDate(date)} at 9:00 AM)`,
        read: false,
        data: { bookingId: booking.id },
      });
      await expect
        .poll(() => events)
        .toContainEqual({ type: 'notification', data: { _id: notes[0]._id, kind: 'booking', broadcast: false } });
      // Nobody else hears of it.
      const others = (await get(`/v1/services/notificationList/${customer.id}`, customer.token)).json().data;
      expect(others).toEqual([]);
    } finally {
      stop();
    }
  });

  it('lets a booking move next to its own old time: it does not stand in its own way', async () => {
    const p = await provider();
    const customer = await member();
    const date = dayIn(33);
    const booking = await bookingOf(ctx.db, customer, p, { date, time: '10:00' });
    // 11:00 is inside the 10:00 job's travel buffer; once the job moves there, it is free.
    expect(await slots(p.id, date)).not.toContain('11:00');
    const res = await move({ id: booking.id, date, time: '11:00' }, customer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await slots(p.id, date)).toEqual(['09:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
  });

  it('answers 409 with the booking message for a time that is not free', async () => {
    const p = await provider();
    const customer = await member();
    const other = await member();
    const date = dayIn(34);
    const mine = await bookingOf(ctx.db, customer, p, { date, time: '09:00' });
    await bookingOf(ctx.db, other, p, { date, time: '14:00', status: 'accepted' });
    for (const time of ['14:00', '13:00', '15:00', '08:00', '18:00', '09:30']) {
      const res = await move({ id: mine.id, date, time }, customer.token);
      expectFailure(res, 409, { code: 'slot_taken', message: slotTaken }, time);
    }
    expect((await move({ id: mine.id, date: dayIn(-1), time: '10:00' }, customer.token)).statusCode).toBe(409);
    await setDaysOff(ctx.db, p.id, [dayIn(35)]);
    expect((await move({ id: mine.id, date: dayIn(35), time: '10:00' }, customer.token)).statusCode).toBe(409);
    expect(await rowOf(mine.id)).toMatchObject({ date, time: '09:00', status: 'requested' });
  });

  it('checks the fields: 400 for a bad date, time or id, the same time, a date too far ahead', async () => {
    const p = await provider();
    const customer = await member();
    const date = dayIn(36);
    const booking = await bookingOf(ctx.db, customer, p, { date, time: '10:00' });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: booking.id, date: '', time: '' }, 'Please enter your date'],
      [{ id: booking.id, date, time: '' }, 'Please enter your time'],
      [{ id: booking.id, date: '2026-02-30', time: '10:00' }, 'Please enter a valid date'],
      [{ id: booking.id, date, time: '25:00' }, 'Please choose one of the free times'],
      [{ id: 'nope', date, time: '11:00' }, 'Please send a valid booking id.'],
      [{ id: booking.id, date, time: '10:00' }, 'The booking is already at this time. Please choose another time.'],
      [{ id: booking.id, date: dayIn(91), time: '10:00' }, 'Please choose a date within the next 90 days.'],
    ];
    for (const [payload, message] of cases) {
      const res = await move(payload, customer.token);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message });
    }
  });

  it('refuses anonymous callers (401), other members and the provider (403), unknown (404) and closed bookings (409)', async () => {
    const p = await provider();
    const customer = await member();
    const other = await member();
    const date = dayIn(37);
    const booking = await bookingOf(ctx.db, customer, p, { date, time: '10:00' });
    const payload = { id: booking.id, date, time: '14:00' };
    expect((await move(payload)).statusCode).toBe(401);
    for (const token of [other.token, p.token]) {
      const res = await move(payload, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(0);
    }
    const unknown = await move({ ...payload, id: '00000000-0000-4000-8000-00000000abcd' }, customer.token);
    expectFailure(unknown, 404, { code: 'not_found', message: 'Booking not found.' });
    for (const status of ['cancelled', 'completed', 'declined'] as const) {
      const closed = await bookingOf(ctx.db, customer, p, { date: dayIn(38), time: '10:00', status });
      const res = await move({ id: closed.id, date: dayIn(39), time: '10:00' }, customer.token);
      expectFailure(res, 409, { code: 'conflict', message: 'This booking can no longer be rescheduled.' }, status);
      expect((await rowOf(closed.id)).date).toBe(dayIn(38));
    }
    expect(await rowOf(booking.id)).toMatchObject({ date, time: '10:00' });
  });

  it('refuses a booking of a service archived since (400) and a provider who cannot be booked now (404)', async () => {
    const category = await createCategory(ctx.db, { title: 'Retired' });
    const p = await provider({ categoryIds: [category.id] });
    const customer = await member();
    const date = dayIn(40);
    const booking = await bookingOf(ctx.db, customer, p, { categoryId: category.id, date, time: '10:00' });
    await ctx.db.update(categoriesTable).set({ archivedAt: new Date() }).where(eq(categoriesTable.id, category.id));
    const archived = await move({ id: booking.id, date, time: '14:00' }, customer.token);
    expectFailure(archived, 400, { code: 'invalid', message: 'This service is no longer offered.' });

    const q = await provider();
    const withQ = await bookingOf(ctx.db, customer, q, { date, time: '10:00' });
    await ctx.db.update(users).set({ status: '0' }).where(eq(users.id, q.id));
    const gone = await move({ id: withQ.id, date, time: '14:00' }, customer.token);
    expectFailure(gone, 404, { code: 'not_found', message: 'This provider is not available for booking.' });
    expect(await rowOf(withQ.id)).toMatchObject({ date, time: '10:00' });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await get('/docs/json')).json();
    expect(doc.paths['/v1/services/reschedulebooking']?.post?.tags).toEqual(['bookings']);
  });
});

describe('slots across time zones and days off (HTTP)', () => {
  it('reads a day off as the provider’s own local date, in each city’s time zone', async () => {
    const nyc = await provider({ city: 'nyc' });
    const austinProvider = await provider({ city: 'austin' });
    const date = dayIn(41, 'America/New_York');
    await setDaysOff(ctx.db, nyc.id, [date]);
    expect(await slots(nyc.id, date)).toEqual([]);
    // Its other days and other providers are untouched.
    expect(await slots(nyc.id, dayIn(42, 'America/New_York'))).toEqual(allDay);
    expect(await slots(austinProvider.id, date)).toEqual(allDay);
    // A booking made from another zone keeps the provider's zone.
    const customer = await member();
    const res = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: nyc.id,
        date: dayIn(42, 'America/New_York'),
        time: '09:00',
        phone: '5125550123',
        address: '1 Broadway, New York',
        description: 'Fix.',
      },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeZone).toBe('America/New_York');
    expect(
      (
        await post(
          '/v1/services/addbooking',
          {
            bookedby: customer.id,
            bookedto: nyc.id,
            date,
            time: '09:00',
            phone: '5125550123',
            address: '1 Broadway, New York',
            description: 'Fix.',
          },
          customer.token,
        )
      ).statusCode,
    ).toBe(409);
  });
});
