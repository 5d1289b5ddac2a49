// The provider side of bookings: the jobs by tab and the answers Accept, Decline, Mark completed.
import { and, eq } from 'drizzle-orm';
import type { LiveEvent } from '../../../contract/notifications.js';
import { describe, expect, it } from 'vitest';
import { noticeDate } from '../../../contract/format.js';
import { contactDaysAfterCompletion } from '../../../contract/bookings.js';
import { bookingEvents, bookings, notifications, type BookingStatus } from '../../db/schema.js';
import { failNotificationsFor } from '../../test/failures.js';
import { bearer, expectFailure, expectSuccess, until, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createBooking,
  createCategory,
  createMember,
  createMessage,
  createProvider,
  signIn,
} from '../../test/factories.js';
import { dayjs, dayIn } from '../../test/days.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

const ctx = withApp();

async function provider(name?: string) {
  const user = await createProvider(ctx.db, name ? { name } : {});
  return { ...user, token: await signIn(ctx.db, user.id) };
}
async function customer(name?: string) {
  const user = await createMember(ctx.db, name ? { name } : {});
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const list = (token: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/v1/provider/jobs${query}`, headers: bearer(token) });
const act = (token: string | null, id: string, action: string) =>
  ctx.app.inject({ method: 'POST', url: `/v1/provider/jobs/${id}/${action}`, headers: token ? bearer(token) : {} });
const statusOf = async (id: string) =>
  (await ctx.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s;
const slotsOf = async (providerId: string, date: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/v1/services/availableSlots/${providerId}?date=${date}` })).json()
    .data as string[];

describe('GET /v1/provider/jobs', () => {
  it('lists the provider’s own bookings by tab, with the customer, date, time, address, phone and description', async () => {
    const p = await provider();
    const other = await provider();
    const c = await customer('Rosa Diaz');
    const category = await createCategory(ctx.db, { title: 'Cleaning' });
    const later = await bookingOf(ctx.db, c, p, {
      date: dayIn(5),
      time: '11:00',
      categoryId: category.id,
      phone: '5125550111',
      address: '9 Elm St',
      description: 'Deep clean',
    });
    const sooner = await bookingOf(ctx.db, c, p, { date: dayIn(3), time: '09:00' });
    await bookingOf(ctx.db, c, other, { date: dayIn(3), time: '09:00' });
    const accepted = await bookingOf(ctx.db, c, p, { date: dayIn(-1), time: '10:00', status: 'accepted' });
    const ahead = await bookingOf(ctx.db, c, p, { date: dayIn(2), time: '10:00', status: 'accepted' });
    const done = await bookingOf(ctx.db, c, p, { date: dayIn(-10), time: '10:00', status: 'completed' });
    const declined = await bookingOf(ctx.db, c, p, { date: dayIn(-5), time: '10:00', status: 'declined' });

    const requested = await list(p.token);
    expect(requested.statusCode).toBe(200);
    const body = requested.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.data.map((j: { _id: string }) => j._id)).toEqual([sooner.id, later.id]);
    expect(body.data[1]).toMatchObject({
      date: dayIn(5),
      time: '11:00',
      status: 'requested',
      address: '9 Elm St',
      phone: '5125550111',
      description: 'Deep clean',
      service: { _id: category.id, title: 'Cleaning' },
      customer: { _id: c.id, name: 'Rosa Diaz' },
      canComplete: false,
    });

    // An accepted job is upcoming while its start is ahead, then waits under toComplete.
    const upcoming = (await list(p.token, '?tab=upcoming')).json();
    expect(upcoming.data).toHaveLength(1);
    expect(upcoming.data[0]).toMatchObject({ _id: ahead.id, status: 'accepted', canComplete: false });
    const toComplete = (await list(p.token, '?tab=toComplete')).json();
    expect(toComplete.meta.total).toBe(1);
    expect(toComplete.data[0]).toMatchObject({ _id: accepted.id, status: 'accepted', canComplete: true });

    const past = (await list(p.token, '?tab=past')).json();
    expect(past.data.map((j: { _id: string }) => j._id)).toEqual([declined.id, done.id]);

    const paged = (await list(p.token, '?tab=past&limit=1&page=2')).json();
    expect(paged.meta).toEqual({ page: 2, limit: 1, total: 2 });
    expect(paged.data[0]._id).toBe(done.id);
  });

  it('refuses a bad tab or page (400), anonymous callers (401), customers and admins (403)', async () => {
    const p = await provider();
    const c = await customer();
    const admin = await createAdmin(ctx.db);
    expect((await list(p.token, '?tab=all')).statusCode).toBe(400);
    expect((await list(p.token, '?limit=101')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/provider/jobs' })).statusCode).toBe(401);
    expect((await list(c.token)).statusCode).toBe(403);
    expect((await list(await signIn(ctx.db, admin.id))).statusCode).toBe(403);
  });
});

describe('the customer’s phone and street in the provider’s jobs', () => {
  const dayMs = 86_400_000;
  /** Completed that many days ago: the completion step of its timeline moved back. */
  const completedDaysAgo = (bookingId: string, days: number) =>
    ctx.db
      .update(bookingEvents)
      .set({ at: new Date(Date.now() - days * dayMs) })
      .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.status, 'completed')));

  it('shows them while requested or accepted and for 7 days after completion; never after a decline, cancel or expiry', async () => {
    const p = await provider();
    const c = await customer();
    const shown = { phone: '5125550177', address: '9 Elm St, Austin, TX 78701' };
    const job = (status: BookingStatus, days: number) =>
      bookingOf(ctx.db, c, p, { date: dayIn(days), time: '10:00', status, ...shown });
    const requested = await job('requested', 3);
    const upcoming = await job('accepted', 4);
    const toComplete = await job('accepted', -1);
    const recent = await job('completed', -7);
    const old = await job('completed', -9);
    const declined = await job('declined', -2);
    const cancelled = await job('cancelled', -3);
    const expired = await job('expired', -4);
    await completedDaysAgo(recent.id, contactDaysAfterCompletion - 1);
    await completedDaysAgo(old.id, contactDaysAfterCompletion + 1);

    const jobs = new Map<string, { phone: string | null; address: string | null }>();
    for (const tab of ['requested', 'upcoming', 'toComplete', 'past'])
      for (const item of (await list(p.token, `?tab=${tab}`)).json().data) jobs.set(item._id, item);
    // No phone, and only the area the booking is in.
    const hidden = { phone: null, address: 'Austin, TX 78701' };
    for (const booking of [requested, upcoming, toComplete, recent]) expect(jobs.get(booking.id)).toMatchObject(shown);
    for (const booking of [old, declined, cancelled, expired]) expect(jobs.get(booking.id)).toMatchObject(hidden);

    // The provider's home and its earnings' completed jobs read them the same way.
    const read = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: bearer(p.token) })).json().data;
    expect((await read('/v1/provider/home')).requests).toEqual([
      expect.objectContaining({ _id: requested.id, ...shown }),
    ]);
    expect(await read('/v1/provider/earnings/jobs')).toEqual([
      expect.objectContaining({ _id: recent.id, ...shown }),
      expect.objectContaining({ _id: old.id, ...hidden }),
    ]);
  });
});

describe('GET /v1/provider/jobs/counts', () => {
  const counts = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/v1/provider/jobs/counts', headers: bearer(token) });

  it('counts the provider’s own jobs per tab as the lists hold them: a job whose start has passed is to complete, not upcoming', async () => {
    const p = await provider();
    const other = await provider();
    const c = await customer();
    const book = (
      providerId: string,
      date: string,
      time: string,
      status?: 'accepted' | 'completed' | 'declined',
      timeZone?: string,
    ) => createBooking(ctx.db, { customerId: c.id, providerId, date, time, status, timeZone });
    expect((await counts(p.token)).json()).toEqual({ status: 1, data: { requested: 0, upcoming: 0, toComplete: 0 } });

    await book(p.id, dayIn(2), '09:00');
    // A request whose time has passed still waits for an answer (Decline) until it expires.
    await book(p.id, dayIn(-1), '09:00');
    await book(p.id, dayIn(3), '10:00', 'accepted');
    await book(p.id, dayIn(-2), '10:00', 'accepted');
    // The start is read in the job's own time zone: an hour ago in Tokyo has passed; Tokyo's wall
    // clock of two hours ago, in Los Angeles, is still many hours ahead.
    const tokyo = dayjs().tz('Asia/Tokyo').subtract(1, 'hour');
    const passedInTokyo = await book(p.id, tokyo.format('YYYY-MM-DD'), tokyo.format('HH:mm'), 'accepted', 'Asia/Tokyo');
    const early = tokyo.subtract(1, 'hour');
    const aheadInLosAngeles = await book(
      p.id,
      early.format('YYYY-MM-DD'),
      early.format('HH:mm'),
      'accepted',
      'America/Los_Angeles',
    );
    await book(p.id, dayIn(-4), '10:00', 'completed');
    await book(p.id, dayIn(-5), '10:00', 'declined');
    // Another provider's jobs are not counted.
    await book(other.id, dayIn(2), '09:00');
    await book(other.id, dayIn(-2), '10:00', 'accepted');
    await book(other.id, dayIn(4), '10:00', 'accepted');

    const res = await counts(p.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: { requested: 2, upcoming: 2, toComplete: 2 } });
    // The same membership as the lists.
    for (const [tab, count] of Object.entries(res.json().data)) {
      expect((await list(p.token, `?tab=${tab}`)).json().meta.total, tab).toBe(count);
    }
    const ids = async (tab: string) =>
      (await list(p.token, `?tab=${tab}`)).json().data.map((j: { _id: string }) => j._id);
    expect(await ids('toComplete')).toContain(passedInTokyo.id);
    expect(await ids('upcoming')).toContain(aheadInLosAngeles.id);
    expect((await counts(other.token)).json().data).toEqual({ requested: 1, upcoming: 1, toComplete: 1 });
  });

  it('refuses anonymous callers (401), customers and admins (403)', async () => {
    const c = await customer();
    const admin = await createAdmin(ctx.db);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/provider/jobs/counts' })).statusCode).toBe(401);
    expect((await counts(c.token)).statusCode).toBe(403);
    expect((await counts(await signIn(ctx.db, admin.id))).statusCode).toBe(403);
  });
});

describe('POST /v1/provider/jobs/:id/:action', () => {
  it('accept keeps the slot taken and tells the customer live', async () => {
    const p = await provider('Ann Provider');
    const c = await customer();
    const date = dayIn(6);
    const booking = await bookingOf(ctx.db, c, p, { date, time: '10:00' });
    const events: unknown[] = [];
    const stop = ctx.live.subscribe(c.id, (event) => events.push(event));

    const res = await act(p.token, booking.id, 'accept');
    expectSuccess(res, {
      message: 'Booking accepted',
      data: { _id: booking.id, status: 'accepted' },
    });
    expect(await statusOf(booking.id)).toBe('accepted');
    expect(await slotsOf(p.id, date)).not.toContain('10:00');

    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(note!.message).toBe(`Ann Provider accepted your booking for ${noticeDate(date)} at 10:00 AM`);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: 'notification', data: { _id: note!.id, kind: 'booking' } });
    stop();

    // A second click changes nothing.
    const again = await act(p.token, booking.id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is no longer waiting for an answer.');
  });

  it('decline frees the slot for other customers and tells the customer', async () => {
    const p = await provider('Ben Provider');
    const c = await customer();
    const date = dayIn(7);
    const booking = await bookingOf(ctx.db, c, p, { date, time: '12:00' });
    expect(await slotsOf(p.id, date)).not.toContain('12:00');
    const res = await act(p.token, booking.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Booking declined');
    expect(await statusOf(booking.id)).toBe('declined');
    expect(await slotsOf(p.id, date)).toContain('12:00');
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(note!.message).toContain('Ben Provider declined your booking');
    expect((await act(p.token, booking.id, 'accept')).statusCode).toBe(409);
  });

  it('marks an accepted job completed only once its time has passed, in the provider’s time zone', async () => {
    const p = await provider('Cy Provider');
    const c = await customer();
    const zone = 'America/New_York';
    // One hour ago and one hour ahead in New York, as the provider's local date and time.
    const before = dayjs().tz(zone).subtract(1, 'hour');
    const after = dayjs().tz(zone).add(1, 'hour');
    const past = await bookingOf(ctx.db, c, p, {
      date: before.format('YYYY-MM-DD'),
      time: before.format('HH:mm'),
      status: 'accepted',
      timeZone: zone,
    });
    const soon = await bookingOf(ctx.db, c, p, {
      date: after.format('YYYY-MM-DD'),
      time: after.format('HH:mm'),
      status: 'accepted',
      timeZone: zone,
    });
    const requested = await bookingOf(ctx.db, c, p, { date: dayIn(-2), time: '10:00' });

    const early = await act(p.token, soon.id, 'complete');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A job can be marked completed once its time has passed.');
    expect(await statusOf(soon.id)).toBe('accepted');

    const notAccepted = await act(p.token, requested.id, 'complete');
    expect(notAccepted.statusCode).toBe(409);
    expect(notAccepted.json().message).toBe('Only an accepted booking can be marked completed.');

    // A request whose time has gone can only be declined.
    const late = await act(p.token, requested.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The time of this request has passed; decline it instead.');

    const res = await act(p.token, past.id, 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Job marked completed', data: { status: 'completed' } });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes.map((n) => n.message).join('\n')).toContain('Cy Provider marked the job');
    // The customer can now rate it.
    const rate = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/addrating',
      headers: bearer(c.token),
      payload: { rate_by: c.id, rate_to: p.id, booking_id: past.id, count: 4, comment: 'On time.' },
    });
    expect(rate.statusCode).toBe(200);
  });

  it('completes a job whose time a development run made pass: whole weeks back, past another job in that slot', async () => {
    const p = await provider();
    const c = await customer();
    const date = dayIn(20);
    const job = await bookingOf(ctx.db, c, p, { date, time: '10:00', status: 'accepted' });
    // The slot four weeks back is taken: the job lands one week further.
    const weeks = Math.ceil((Date.parse(date) - Date.now()) / (7 * 86_400_000)) + 1;
    const taken = dayjs(date)
      .subtract(7 * weeks, 'day')
      .format('YYYY-MM-DD');
    await bookingOf(ctx.db, c, p, { date: taken, time: '10:00', status: 'accepted' });
    expect((await act(p.token, job.id, 'complete')).statusCode).toBe(409);

    const elapse = await ctx.app.inject({ method: 'POST', url: `/v1/dev/bookings/${job.id}/elapse` });
    expect(elapse.statusCode).toBe(200);
    const moved = dayjs(taken).subtract(7, 'day').format('YYYY-MM-DD');
    expect(elapse.json()).toEqual({ status: 1, data: { date: moved } });
    expect((await act(p.token, job.id, 'complete')).statusCode).toBe(200);
    expect(await statusOf(job.id)).toBe('completed');
  });

  it('refuses another provider’s booking (403), customers (403), anonymous (401), unknown (404) and bad input (400)', async () => {
    const p = await provider();
    const other = await provider();
    const c = await customer();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(8), time: '10:00' });
    for (const action of ['accept', 'decline', 'complete']) {
      const res = await act(other.token, booking.id, action);
      expectFailure(res, 403, { code: 'forbidden', message: expect.any(String) }, action);
      expect((await act(c.token, booking.id, action)).statusCode).toBe(403);
    }
    expect(await statusOf(booking.id)).toBe('requested');
    expect((await act(null, booking.id, 'accept')).statusCode).toBe(401);
    const unknown = await act(p.token, '00000000-0000-4000-8000-0000000000ff', 'accept');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Booking not found.');
    expect((await act(p.token, 'not-a-uuid', 'accept')).statusCode).toBe(400);
    expect((await act(p.token, booking.id, 'cancel')).statusCode).toBe(400);
  });
});

describe('the customer’s notification is written with the answer', () => {
  const noticesOf = (userId: string) =>
    ctx.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));

  it('answers 200, stores the notification and sends it live with the commit', async () => {
    const p = await provider('Dee Down');
    const c = await customer();
    const date = dayIn(8);
    const booking = await bookingOf(ctx.db, c, p, { date, time: '10:00' });
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(c.id, (event) => events.push(event));
    try {
      const res = await act(p.token, booking.id, 'accept');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ _id: booking.id, status: 'accepted' });
      await until(() => events.length === 1);
      expect(events.map((e) => e.type)).toEqual(['notification']);
    } finally {
      stop();
    }
    expect(await statusOf(booking.id)).toBe('accepted');
    expect(await noticesOf(c.id)).toEqual([
      { message: `Dee Down accepted your booking for ${noticeDate(date)} at 10:00 AM` },
    ]);
  });

  it('leaves the booking as it was when the transaction fails after the notification', async () => {
    const p = await provider();
    const c = await customer();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(8), time: '14:00' });
    const restore = await failNotificationsFor(ctx.db, c.id);
    try {
      expect((await act(p.token, booking.id, 'accept')).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await statusOf(booking.id)).toBe('requested');
    expect(await noticesOf(c.id)).toEqual([]);
    // Nothing was answered: the provider can answer now.
    expect((await act(p.token, booking.id, 'accept')).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('answers under concurrency (PostgreSQL)', () => {
  it('accept and decline clicked at once, ten times each: the booking changes once', async () => {
    const p = await provider();
    const c = await customer();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(9), time: '10:00' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => act(p.token, booking.id, i % 2 ? 'accept' : 'decline')),
    );
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await statusOf(booking.id)).toBe(okOnes[0]!.json().data.status);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes).toHaveLength(1);
  });

  it('Mark completed clicked ten times at once: completed once, one notification', async () => {
    const p = await provider();
    const c = await customer();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(-1), time: '10:00', status: 'accepted' });
    const results = await Promise.all(Array.from({ length: 10 }, () => act(p.token, booking.id, 'complete')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await statusOf(booking.id)).toBe('completed');
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, c.id))).toHaveLength(1);
  });
});

describe('GET /v1/provider/home', () => {
  const home = (token: string) => ctx.app.inject({ method: 'GET', url: '/v1/provider/home', headers: bearer(token) });
  const hourMs = 3_600_000;

  it('counts the tabs, lists the requests that expire first, today’s and tomorrow’s jobs, the month and unread messages', async () => {
    const p = await provider();
    const other = await provider();
    const c = await customer('Hana Home');
    const now = Date.now();
    // Made 11 hours ago: it expires in about an hour, before the one made now (in 12 hours).
    const fresh = await bookingOf(ctx.db, c, p, { date: dayIn(6), time: '10:00' });
    const old = await bookingOf(ctx.db, c, p, {
      date: dayIn(7),
      time: '10:00',
      createdAt: new Date(now - 11 * hourMs),
    });
    const today = await bookingOf(ctx.db, c, p, { date: dayIn(0), time: '08:00', status: 'accepted' });
    const tomorrowLate = await bookingOf(ctx.db, c, p, { date: dayIn(1), time: '15:00', status: 'accepted' });
    const tomorrowEarly = await bookingOf(ctx.db, c, p, { date: dayIn(1), time: '09:00', status: 'accepted' });
    await bookingOf(ctx.db, c, p, { date: dayIn(2), time: '09:00', status: 'accepted' });
    await bookingOf(ctx.db, c, other, { date: dayIn(0), time: '09:00', status: 'accepted' });
    // Completed: today's counts in this month, one 40 days ago never does.
    await bookingOf(ctx.db, c, p, { date: dayIn(0), time: '07:00', status: 'completed', chargesCents: 12_000 });
    await bookingOf(ctx.db, c, p, { date: dayIn(-40), time: '07:00', status: 'completed', chargesCents: 9_000 });
    await createMessage(ctx.db, { fromUser: c.id, toUser: p.id });
    await createMessage(ctx.db, { fromUser: c.id, toUser: p.id });
    await createMessage(ctx.db, { fromUser: c.id, toUser: p.id, read: true });
    await createMessage(ctx.db, { fromUser: p.id, toUser: c.id });

    const res = await home(p.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.counts.requested).toBe(2);
    expect(data.requests.map((j: { _id: string }) => j._id)).toEqual([old.id, fresh.id]);
    expect(Date.parse(data.requests[0].expiresAt)).toBeCloseTo(now + hourMs, -5);
    expect(Date.parse(data.requests[1].expiresAt)).toBeCloseTo(now + 12 * hourMs, -5);
    expect(data.requests[0].customer.name).toBe('Hana Home');
    expect(data.today.map((j: { _id: string }) => j._id)).toEqual([today.id]);
    expect(data.today[0].expiresAt).toBeNull();
    expect(data.tomorrow.map((j: { _id: string }) => j._id)).toEqual([tomorrowEarly.id, tomorrowLate.id]);
    expect(data.month).toEqual({ month: dayIn(0).slice(0, 7), jobs: 1, total: 12_000 });
    expect(data.unreadMessages).toBe(2);
  });

  it('a request close to its time expires two hours before it starts', async () => {
    const p = await provider();
    const c = await customer();
    const start = dayjs().tz('America/Chicago').add(5, 'hour').startOf('hour');
    await bookingOf(ctx.db, c, p, { date: start.format('YYYY-MM-DD'), time: start.format('HH:mm') });
    const [request] = (await home(p.token)).json().data.requests;
    expect(request.expiresAt).toBe(start.subtract(2, 'hour').toISOString());
  });

  it('is the provider’s own: a customer is refused, a visitor must sign in', async () => {
    expect((await home((await customer()).token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/provider/home' })).statusCode).toBe(401);
  });
});
