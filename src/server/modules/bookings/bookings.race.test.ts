// Bookers racing for one slot, on a PostgreSQL server with a pool of connections (PGlite has a
// single connection, so requests there never overlap inside the database: skipped).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema.js';
import { bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const onPostgres = Boolean(process.env.DATABASE_URL);
const dayIn = (days: number) => dayjs().tz('America/Chicago').add(days, 'day').format('YYYY-MM-DD');

describe.skipIf(!onPostgres)('addbooking under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

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
      headers: bearer(customer.token),
      payload: { bookedby: customer.id, bookedto: providerId, date, time, phone: '5125550123', address: '1 Main St, Austin, TX', description: 'Race.' },
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
      expect(r.json()).toEqual({ status: 0, message: 'This time is no longer available. Please choose another time.' });
    }
    const rows = await ctx.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.providerId, provider.id), eq(bookings.date, date)));
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
        headers: bearer(adminToken),
        payload: { bookedby: forCustomer!.id, bookedto: provider.id, date, time, phone: '5125550123', address: '1 Main St, Austin, TX' },
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
