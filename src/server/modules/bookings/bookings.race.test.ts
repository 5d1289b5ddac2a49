// Bookers racing for one slot, on a PostgreSQL server with a pool of connections (PGlite has a
// single connection, so requests there never overlap inside the database: skipped).
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema.js';
import { bearer, clientAddress, expectFailure, withApp } from '../../test/harness.js';
import { bookingOf, createAdmin, createMember, createProvider, setWorkingHours, signIn } from '../../test/factories.js';
import { dayIn } from '../../test/days.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('addbooking and reschedulebooking under concurrency (PostgreSQL)', () => {
  const ctx = withApp();

  async function customers(n: number) {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const user = await createMember(ctx.db);
        return { id: user.id, token: await signIn(ctx.db, user.id) };
      }),
    );
  }

  const book = (customer: { id: string; token: string }, providerId: string, date: string, time: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/services/addbooking',
      remoteAddress: clientAddress(),
      headers: bearer(customer.token),
      payload: {
        bookedby: customer.id,
        bookedto: providerId,
        date,
        time,
        phone: '5125550123',
        address: '1 Main St, Austin, TX',
        description: 'Race.',
      },
    });

  it('two bookings racing either side of midnight keep the travel buffer: one of each pair gets in', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const provider = await createProvider(ctx.db);
        // Open round the clock, so 23:00 and 00:00 are both slots.
        await setWorkingHours(
          ctx.db,
          provider.id,
          [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
        );
        return provider;
      }),
    );
    const date = dayIn(16);
    const racers = await customers(2 * pairs.length);
    const results = await Promise.all(
      pairs.flatMap((provider, i) => [
        // An hour from 23:00 and its 30 minutes of travel reach 00:30 the next day.
        book(racers[2 * i]!, provider.id, date, '23:00'),
        book(racers[2 * i + 1]!, provider.id, dayIn(17), '00:00'),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      const codes = [results[2 * i]!.statusCode, results[2 * i + 1]!.statusCode].sort();
      expect(codes).toEqual([200, 409]);
    }
  });

  it('50 customers booking one slot at once: exactly one gets it', async () => {
    const provider = await createProvider(ctx.db);
    const date = dayIn(15);
    const racers = await customers(50);
    const results = await Promise.all(racers.map((c) => book(c, provider.id, date, '10:00')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expectFailure(r, 409, {
        code: 'slot_taken',
        message: 'This time is no longer available. Please choose another time.',
      });
    }
    const rows = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.providerId, provider.id), eq(bookings.date, date)));
    expect(rows).toHaveLength(1);
  });

  it('an admin (Create Booking) and a member booking one slot at once: exactly one gets it', async () => {
    const provider = await createProvider(ctx.db);
    const admin = await createAdmin(ctx.db);
    const adminToken = await signIn(ctx.db, admin.id);
    const date = dayIn(17);
    for (let round = 0; round < 5; round++) {
      const time = `${String(9 + 2 * round).padStart(2, '0')}:00`;
      const [member, forCustomer] = await customers(2);
      const byAdmin = ctx.app.inject({
        method: 'POST',
        url: '/v1/services/addbooking',
        remoteAddress: clientAddress(),
        headers: bearer(adminToken),
        payload: {
          bookedby: forCustomer!.id,
          bookedto: provider.id,
          date,
          time,
          phone: '5125550123',
          address: '1 Main St, Austin, TX',
        },
      });
      const results = await Promise.all([byAdmin, book(member!, provider.id, date, time)]);
      expect(results.map((r) => r.statusCode).sort(), time).toEqual([200, 409]);
      const rows = await ctx.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.providerId, provider.id), eq(bookings.date, date), eq(bookings.time, time)));
      expect(rows, time).toHaveLength(1);
    }
  });

  const reschedule = (customer: { token: string }, id: string, date: string, time: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/services/reschedulebooking',
      remoteAddress: clientAddress(),
      headers: bearer(customer.token),
      payload: { id, date, time },
    });

  it('50 at once onto one slot, new bookings (members and an admin) and reschedules mixed: exactly one active booking holds it', async () => {
    const provider = await createProvider(ctx.db);
    const admin = await createAdmin(ctx.db);
    const adminToken = await signIn(ctx.db, admin.id);
    const date = dayIn(20);
    const racers = await customers(50);
    // 24 reschedulers, their bookings spread over the day before, the day itself and the day after
    // (so locks of two days are taken in both orders), accepted and requested, none near 13:00.
    const days = [dayIn(19), date, dayIn(21)];
    const moving = await Promise.all(
      racers.slice(0, 24).map((c, i) =>
        bookingOf(ctx.db, c, provider, {
          date: days[i % 3]!,
          time: ['03:00', '05:00', '07:00', '09:00', '17:00', '19:00', '21:00', '23:00'][Math.floor(i / 3)]!,
          status: i % 2 ? 'accepted' : 'requested',
        }),
      ),
    );
    const requests = racers.map((c, i) => {
      if (i < 24) return reschedule(c, moving[i]!.id, date, '13:00');
      if (i === 24) {
        return ctx.app.inject({
          method: 'POST',
          url: '/v1/services/addbooking',
          remoteAddress: clientAddress(),
          headers: bearer(adminToken),
          payload: {
            bookedby: c.id,
            bookedto: provider.id,
            date,
            time: '13:00',
            phone: '5125550123',
            address: '1 Main St, Austin, TX',
          },
        });
      }
      return book(c, provider.id, date, '13:00');
    });
    const results = await Promise.all(requests);
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 200),
      JSON.stringify(results.filter((r) => r.statusCode !== 409).map((r) => r.body)),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expectFailure(r, 409, {
        code: 'slot_taken',
        message: 'This time is no longer available. Please choose another time.',
      });
    }
    const holders = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.providerId, provider.id),
          eq(bookings.date, date),
          eq(bookings.time, '13:00'),
          inArray(bookings.status, ['requested', 'accepted']),
        ),
      );
    expect(holders).toHaveLength(1);
    // The reschedulers who lost kept their booking where it was.
    const winner = results.findIndex((r) => r.statusCode === 200);
    const losers = moving.filter((_, i) => i !== winner);
    const rows = await ctx.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          losers.map((b) => b.id),
        ),
      );
    for (const before of losers) {
      const after = rows.find((r) => r.id === before.id)!;
      expect([after.date, after.time, after.status]).toEqual([before.date, before.time, before.status]);
    }
  });

  it('two reschedules between the same two days in opposite directions at once: no deadlock, both move', async () => {
    const provider = await createProvider(ctx.db);
    const [a, b] = await customers(2);
    const first = dayIn(22);
    const second = dayIn(23);
    for (let round = 0; round < 5; round++) {
      const ba = await bookingOf(ctx.db, a!, provider, { date: first, time: '09:00' });
      const bb = await bookingOf(ctx.db, b!, provider, { date: second, time: '09:00' });
      // Each locks both days; in a fixed order, neither waits for the other in a circle.
      const results = await Promise.all([
        reschedule(a!, ba.id, second, '15:00'),
        reschedule(b!, bb.id, first, '15:00'),
      ]);
      expect(
        results.map((r) => r.statusCode),
        results.map((r) => r.body).join(),
      ).toEqual([200, 200]);
      await ctx.db
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(inArray(bookings.id, [ba.id, bb.id]));
    }
  });

  it('two customers booking neighbouring slots at once: the travel buffer lets only one in', async () => {
    const provider = await createProvider(ctx.db);
    const date = dayIn(16);
    const [a, b] = await customers(2);
    const results = await Promise.all([book(a!, provider.id, date, '10:00'), book(b!, provider.id, date, '11:00')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.providerId, provider.id));
    expect(rows).toHaveLength(1);
  });
});
