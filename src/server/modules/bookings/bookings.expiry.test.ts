// Requests the provider never answers expire (12 h after they were made, or 2 h before their time),
// the slot is free again, and both sides are told once, however often and however many sweeps run.
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noticeDate } from '../../../contract/format.js';
import { openDatabase } from '../../db/client.js';
import { seed } from '../../db/seed.js';
import { bookings, notifications, outbox, users } from '../../db/schema.js';
import { bearer, createTestContext, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createBooking,
  createCategory,
  createMember,
  createProvider,
  signIn,
} from '../../test/factories.js';
import { dayjs } from '../../test/days.js';
import { readSheet } from '../../test/xlsx.js';
import { expireStaleRequests } from './bookings.expiry.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const hour = 3_600_000;
/** The sweep's clock: the test's own, on a whole minute (bookings' times are whole minutes). */
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const ago = (hours: number) => new Date(now.getTime() - hours * hour);
/** A date counted from the sweep's clock (test/days.ts counts from the wall clock). */
const dayIn = (days: number, zone = 'America/Chicago') => dayjs(now).tz(zone).add(days, 'day').format('YYYY-MM-DD');

const ctx = withApp();

async function member(name?: string) {
  const user = await createMember(ctx.db, name ? { name } : {});
  return { ...user, token: await signIn(ctx.db, user.id) };
}
async function provider(input: { name?: string; city?: 'austin' | 'nyc'; categoryIds?: string[] } = {}) {
  const user = await createProvider(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}
const statusOf = async (id: string) =>
  (await ctx.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
const sweep = (at = now) => expireStaleRequests(ctx.db, at);
const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const keysOf = async (bookingId: string) => ({
  notices: await ctx.db
    .select({ userId: notifications.userId, key: notifications.key })
    .from(notifications)
    .where(like(notifications.key, `expired:${bookingId}:%`)),
  mails: await ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.key, `expired:${bookingId}:email`)),
});

describe('expireStaleRequests: which requests expire', () => {
  it('a request unanswered 12 hours after it was made expires; a younger one stays', async () => {
    const p = await provider();
    const c = await member();
    const old = await bookingOf(ctx.db, c, p, { date: dayIn(5), time: '10:00', createdAt: ago(12) });
    const young = await bookingOf(ctx.db, c, p, {
      date: dayIn(5),
      time: '12:00',
      createdAt: new Date(ago(12).getTime() + 1000),
    });
    await sweep();
    expect(await statusOf(old.id)).toBe('expired');
    expect(await statusOf(young.id)).toBe('requested');
  });

  it('a request still unanswered 2 hours before its time expires, read in the booking’s own time zone', async () => {
    // Two providers: jobs a minute apart of one provider would overlap.
    const providers = [await provider({ city: 'nyc' }), await provider({ city: 'nyc' })];
    const c = await member();
    // One zone behind UTC and one ahead: a sweep that ignored the zone would get one of them wrong.
    for (const zone of ['America/New_York', 'Asia/Kolkata']) {
      const at = (ms: number) => dayjs(now.getTime() + ms).tz(zone);
      const due = at(2 * hour);
      const later = at(2 * hour + 60_000);
      const [soon, notYet] = await Promise.all(
        [due, later].map((local, i) =>
          createBooking(ctx.db, {
            customerId: c.id,
            providerId: providers[i]!.id,
            date: local.format('YYYY-MM-DD'),
            time: local.format('HH:mm'),
            timeZone: zone,
            createdAt: ago(1),
          }),
        ),
      );
      await sweep();
      expect(await statusOf(soon!.id), zone).toBe('expired');
      expect(await statusOf(notYet!.id), zone).toBe('requested');
    }
  });

  it('leaves accepted, declined, completed and cancelled bookings alone, however old', async () => {
    const p = await provider();
    const c = await member();
    const others = await Promise.all(
      (['accepted', 'declined', 'completed', 'cancelled'] as const).map((status, i) =>
        bookingOf(ctx.db, c, p, { date: dayIn(1 + i), time: '09:00', status, createdAt: ago(48) }),
      ),
    );
    const rows = await sweep();
    for (const booking of others) expect(await statusOf(booking.id)).toBe(booking.status);
    expect(rows.filter((row) => others.some((b) => row.data?.bookingId === b.id))).toEqual([]);
  });
});

describe('an expired request', () => {
  it('frees its slot: the time is offered again and another customer books it', async () => {
    const p = await provider();
    const first = await member();
    const second = await member();
    const date = dayIn(6);
    const book = (who: { id: string; token: string }) =>
      send('POST', '/v1/services/addbooking', who.token, {
        bookedby: who.id,
        bookedto: p.id,
        date,
        time: '11:00',
        phone: '5125550123',
        address: '1 Main St, Austin, TX',
        description: 'Fix the sink.',
      });
    const slots = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/v1/services/availableSlots/${p.id}?date=${date}` })).json()
        .data as string[];

    const booked = await book(first);
    expect(booked.statusCode).toBe(200);
    const id = (booked.json() as { data: { _id: string } }).data._id;
    expect(await slots()).not.toContain('11:00');
    expect((await book(second)).statusCode).toBe(409);

    await ctx.db
      .update(bookings)
      .set({ createdAt: ago(13) })
      .where(eq(bookings.id, id));
    await sweep();
    expect(await slots()).toContain('11:00');
    const again = await book(second);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: { status: string } }).data.status).toBe('requested');
  });

  it('tells the customer (with what links to booking the provider again) and the provider, and mails the customer', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    const p = await provider({ name: 'Paula Provider', categoryIds: [cleaning.id] });
    const c = await member('Cora Customer');
    const date = dayIn(4);
    const booking = await bookingOf(ctx.db, c, p, { categoryId: cleaning.id, date, time: '14:00', createdAt: ago(13) });
    const rows = await sweep();
    const mine = rows.filter((row) => row.data?.bookingId === booking.id);
    expect(mine.map((row) => row.userId).sort()).toEqual([c.id, p.id].sort());

    // The customer's list, as the Notifications page reads it.
    const customerList = await send('GET', `/v1/services/notificationList/${c.id}`, c.token);
    expect(customerList.statusCode).toBe(200);
    const [toCustomer] = (customerList.json() as { data: { message: string; kind: string; data: unknown }[] }).data;
    expect(toCustomer).toMatchObject({
      kind: 'booking',
      message: `Paula Provider did not answer your request for ${noticeDate(date)} at 2:00 PM in time, so it expired. You can book another time.`,
      data: { bookingId: booking.id, status: 'expired', providerId: p.id, serviceId: cleaning.id },
    });
    const providerList = await send('GET', `/v1/services/notificationList/${p.id}`, p.token);
    const [toProvider] = (providerList.json() as { data: { message: string }[] }).data;
    expect(toProvider?.message).toBe(
      `A request expired: Cora Customer’s booking for ${noticeDate(date)} at 2:00 PM was not answered in time.`,
    );

    const { mails } = await keysOf(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', to: c.email, subject: 'Your booking request expired' });
    expect(mails[0]?.body).toContain(`/Services_booking?service=${cleaning.id}&provider=${p.id}`);
    expect(mails[0]?.html).toContain('Book another time');
  });

  it('a customer without an email gets the notification and no mail', async () => {
    const p = await provider();
    const c = await member();
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, c.id));
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(8), createdAt: ago(20) });
    await sweep();
    const { notices, mails } = await keysOf(booking.id);
    expect(notices.map((n) => n.userId).sort()).toEqual([c.id, p.id].sort());
    expect(mails).toEqual([]);
  });

  it('a second sweep changes and adds nothing', async () => {
    const p = await provider();
    const c = await member();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(9), createdAt: ago(13) });
    const first = await sweep();
    expect(first.filter((row) => row.data?.bookingId === booking.id)).toHaveLength(2);
    const before = await keysOf(booking.id);
    expect((await sweep()).filter((row) => row.data?.bookingId === booking.id)).toEqual([]);
    const after = await keysOf(booking.id);
    expect(after.notices).toHaveLength(2);
    expect(after.mails).toHaveLength(1);
    expect(after).toEqual(before);
  });

  it('cannot be accepted, declined, cancelled or moved any more: 409 “This request has expired.”', async () => {
    const p = await provider();
    const c = await member();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(7), createdAt: ago(13) });
    await sweep();
    const expired = { status: 0, message: 'This request has expired.' };
    for (const action of ['accept', 'decline']) {
      const res = await send('POST', `/v1/provider/jobs/${booking.id}/${action}`, p.token);
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject(expired);
    }
    const cancel = await send('GET', `/v1/services/deletebooking/${booking.id}`, c.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject(expired);
    const move = await send('POST', '/v1/services/reschedulebooking', c.token, {
      id: booking.id,
      date: dayIn(8),
      time: '13:00',
    });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject(expired);
    expect(await statusOf(booking.id)).toBe('expired');
  });

  it('shows as Expired in the customer’s previous bookings and the provider’s past jobs', async () => {
    const p = await provider();
    const c = await member();
    const booking = await bookingOf(ctx.db, c, p, { date: dayIn(10), createdAt: ago(13) });
    await sweep();
    const ongoing = await send('GET', `/v1/services/ongoingBookingList/${c.id}`, c.token);
    expect((ongoing.json() as { data: { _id: string }[] }).data.map((b) => b._id)).not.toContain(booking.id);
    const previous = await send('GET', `/v1/services/previousBookingList/${c.id}`, c.token);
    expect((previous.json() as { data: { _id: string; status: string }[] }).data).toContainEqual(
      expect.objectContaining({ _id: booking.id, status: 'expired' }),
    );
    const requested = await send('GET', '/v1/provider/jobs?tab=requested', p.token);
    expect((requested.json() as { data: unknown[] }).data).toEqual([]);
    const past = await send('GET', '/v1/provider/jobs?tab=past', p.token);
    expect((past.json() as { data: { _id: string; status: string }[] }).data).toEqual([
      expect.objectContaining({ _id: booking.id, status: 'expired' }),
    ]);
  });
});

describe('the admin’s Booking List', () => {
  it('shows Expired, keeps one status with its filter, and exports it so', async () => {
    const admin = await createAdmin(ctx.db);
    const token = await signIn(ctx.db, admin.id);
    const p = await provider({ name: 'Ivy Idle' });
    const c = await member('Walt Waiting');
    const stale = await bookingOf(ctx.db, c, p, { date: dayIn(11), createdAt: ago(13) });
    await bookingOf(ctx.db, c, p, { date: dayIn(12), status: 'accepted' });
    await sweep();

    const all = await send('GET', `/v1/admin/bookings?providerId=${p.id}`, token);
    expect((all.json() as { data: { status: string }[] }).data.map((row) => row.status).sort()).toEqual([
      'accepted',
      'expired',
    ]);
    const expired = await send('GET', `/v1/admin/bookings?q=Ivy%20Idle&status=expired`, token);
    expect(expired.statusCode).toBe(200);
    expect((expired.json() as { data: { _id: string }[] }).data.map((row) => row._id)).toEqual([stale.id]);

    const sheet = await send('GET', `/v1/admin/bookings/export?q=Ivy%20Idle&status=expired`, token);
    expect(sheet.statusCode).toBe(200);
    const rows = await readSheet(sheet.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 2)).toEqual(['Walt Waiting', 'Ivy Idle']);
    expect(rows[1]?.[(rows[0] as string[]).indexOf('Status')]).toBe('Expired');

    const wrong = await send('GET', '/v1/admin/bookings?status=lost', token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      status: 0,
      message:
        'Please choose a booking status: requested, accepted, declined, completed, cancelled, expired or awaiting payment.',
    });
  });
});

describe('on the demonstration data', () => {
  it('the first sweep expires the demo customer’s unanswered request to Luis Herrera, and no other request', async () => {
    const demo = await createTestContext();
    try {
      await seed(demo.db, demo.storage, now);
      const requested = await demo.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.status, 'requested'));
      const rows = await expireStaleRequests(demo.db, now);
      const expired = await demo.db
        .select({ id: bookings.id, customer: users.name })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.customerId))
        .where(eq(bookings.status, 'expired'));
      expect(expired).toEqual([{ id: expect.any(String), customer: 'Demo Customer' }]);
      expect(rows.map((row) => row.message)).toEqual([
        expect.stringMatching(/^Luis Herrera did not answer your request for /),
        expect.stringMatching(/^A request expired: Demo Customer’s booking for /),
      ]);
      const mails = await demo.db.select({ to: outbox.to }).from(outbox).where(like(outbox.key, 'expired:%'));
      expect(mails).toEqual([{ to: 'demo@doorstep.example' }]);
      expect(requested.length).toBeGreaterThan(5);
    } finally {
      await demo.close();
    }
  });
});

describe.skipIf(!onPostgres)('two instances sweeping at once (PostgreSQL)', () => {
  it('expire each request once and tell each side once', async () => {
    const p = await provider();
    const c = await member();
    const stale = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bookingOf(ctx.db, c, p, {
          date: dayIn(20 + Math.floor(i / 8)),
          time: `${String(9 + (i % 8)).padStart(2, '0')}:00`,
          createdAt: ago(13),
        }),
      ),
    );
    const ids = stale.map((b) => b.id);
    if (!ctx.databaseUrl) throw new Error('no PostgreSQL database');
    const other = await openDatabase({ url: ctx.databaseUrl });
    try {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([sweep(), expireStaleRequests(other.db, now), sweep()]);
        const ours = results.flat().filter((row) => ids.includes(String(row.data?.bookingId)));
        // The first round expires all 30, two notices each; the later rounds find nothing to do.
        expect(ours).toHaveLength(round === 0 ? 60 : 0);
      }
    } finally {
      await other.close();
    }
    const rows = await ctx.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(inArray(bookings.id, ids)));
    expect(rows.every((row) => row.status === 'expired')).toBe(true);
    const notices = await ctx.db
      .select({ key: notifications.key })
      .from(notifications)
      .where(inArray(notifications.userId, [c.id, p.id]));
    expect(notices).toHaveLength(60);
    const mails = await ctx.db
      .select({ key: outbox.key })
      .from(outbox)
      .where(eq(outbox.to, c.email ?? ''));
    expect(mails.map((m) => m.key).sort()).toEqual(ids.map((id) => `expired:${id}:email`).sort());
  });
});
