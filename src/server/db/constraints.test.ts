// What must never break is enforced by the database itself, not only by the code.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgErrorCode } from '../errors.js';
import { withApp } from '../test/harness.js';
import { createBooking, createDeposit, createMember, createProvider, createRating } from '../test/factories.js';
import {
  bookingEvents,
  bookings,
  cardPayments,
  outbox,
  riskCategories,
  tickets,
  transactions,
  users,
  wallets,
} from './schema.js';

const ctx = withApp();

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return pgErrorCode(error);
  }
  return 'no error';
}

describe('database constraints', () => {
  it('keeps phone numbers unique', async () => {
    const member = await createMember(ctx.db);
    expect(await failure(createMember(ctx.db, { phone: member.phone! }))).toBe('23505');
  });

  it('keeps emails unique and lower-case', async () => {
    await createMember(ctx.db, { email: 'same@example.com' });
    expect(await failure(createMember(ctx.db, { email: 'same@example.com' }))).toBe('23505');
    const member = await createMember(ctx.db);
    expect(await failure(ctx.db.update(users).set({ email: 'Upper@Example.com' }).where(eq(users.id, member.id)))).toBe(
      '23514',
    );
  });

  it('allows one active booking per provider slot, and a new one once it is cancelled', async () => {
    const provider = await createProvider(ctx.db);
    const [a, b] = [await createMember(ctx.db), await createMember(ctx.db)];
    const first = await createBooking(ctx.db, {
      customerId: a.id,
      providerId: provider.id,
      date: '2026-12-10',
      time: '11:00',
    });
    expect(
      await failure(
        createBooking(ctx.db, {
          customerId: b.id,
          providerId: provider.id,
          date: '2026-12-10',
          time: '11:00',
          status: 'accepted',
        }),
      ),
    ).toBe('23505');
    await createBooking(ctx.db, {
      customerId: b.id,
      providerId: provider.id,
      date: '2026-12-10',
      time: '11:00',
      status: 'cancelled',
    });
    const { bookings } = await import('./schema.js');
    await ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    const again = await createBooking(ctx.db, {
      customerId: b.id,
      providerId: provider.id,
      date: '2026-12-10',
      time: '11:00',
    });
    expect(again.status).toBe('requested');
  });

  it('never lets two active jobs of one provider overlap, whatever their start times', async () => {
    const provider = await createProvider(ctx.db);
    const other = await createProvider(ctx.db);
    const customer = await createMember(ctx.db);
    const job = (providerId: string, time: string, more: Partial<Parameters<typeof createBooking>[1]> = {}) =>
      createBooking(ctx.db, { customerId: customer.id, providerId, date: '2026-12-14', time, ...more });
    const first = await job(provider.id, '10:00', { durationMinutes: 90 });
    // Starts inside it, or before it and reaching into it.
    expect(await failure(job(provider.id, '11:00'))).toBe('23P01');
    expect(await failure(job(provider.id, '09:30', { status: 'accepted' }))).toBe('23P01');
    // Moving another job into it is refused as well.
    const later = await job(provider.id, '13:00');
    expect(await failure(ctx.db.update(bookings).set({ time: '11:15' }).where(eq(bookings.id, later.id)))).toBe(
      '23P01',
    );
    // Back to back, another provider's job, and a job no longer active do not clash.
    await job(provider.id, '11:30');
    await job(other.id, '10:30');
    await job(provider.id, '10:15', { status: 'cancelled' });
    await ctx.db.update(bookings).set({ status: 'declined' }).where(eq(bookings.id, first.id));
    expect((await job(provider.id, '10:30')).status).toBe('requested');
  });

  it('allows one rating per booking, 1 to 5 stars', async () => {
    const provider = await createProvider(ctx.db);
    const customer = await createMember(ctx.db);
    const booking = await createBooking(ctx.db, {
      customerId: customer.id,
      providerId: provider.id,
      status: 'completed',
    });
    await createRating(ctx.db, { bookingId: booking.id, rateBy: customer.id, rateTo: provider.id, count: 5 });
    expect(
      await failure(
        createRating(ctx.db, { bookingId: booking.id, rateBy: customer.id, rateTo: provider.id, count: 4 }),
      ),
    ).toBe('23505');
    const other = await createBooking(ctx.db, {
      customerId: customer.id,
      providerId: provider.id,
      status: 'completed',
      time: '12:00',
    });
    expect(
      await failure(createRating(ctx.db, { bookingId: other.id, rateBy: customer.id, rateTo: provider.id, count: 6 })),
    ).toBe('23514');
  });

  it('never lets a wallet figure go below zero', async () => {
    const member = await createMember(ctx.db);
    await createDeposit(ctx.db, member.id, 100);
    expect(await failure(ctx.db.update(wallets).set({ amountCents: -1 }).where(eq(wallets.userId, member.id)))).toBe(
      '23514',
    );
    expect(await failure(ctx.db.update(wallets).set({ highRiskCents: -5 }).where(eq(wallets.userId, member.id)))).toBe(
      '23514',
    );
  });

  it('refuses a status, type or kind outside its list, on every listed column', async () => {
    const member = await createMember(ctx.db);
    const provider = await createProvider(ctx.db);
    const booking = await createBooking(ctx.db, { customerId: member.id, providerId: provider.id, date: '2026-12-11' });
    // The columns' TypeScript types already refuse these values: the rows are written as raw SQL,
    // as a hand-written statement or a slip in one would write them.
    const refused = [
      sql`update ${users} set role = 'superuser' where id = ${member.id}`,
      sql`update ${users} set status = '2' where id = ${member.id}`,
      sql`update ${bookings} set status = 'done' where id = ${booking.id}`,
      sql`update ${bookings} set payment = 'cheque' where id = ${booking.id}`,
      sql`insert into ${cardPayments} (booking_id, amount_cents, hold_until, status) values (${booking.id}, 100, now(), 'paid')`,
      sql`update ${bookings} set city = 'paris' where id = ${booking.id}`,
      sql`insert into ${bookingEvents} (booking_id, status) values (${booking.id}, 'Completed')`,
      sql`insert into ${transactions} (user_id, title, amount_cents, type, status) values (${member.id}, 'Gift', 100, 'gift', '1')`,
      sql`insert into ${transactions} (user_id, title, amount_cents, type, status) values (${member.id}, 'Deposit', 100, 'deposit', '2')`,
      sql`insert into ${transactions} (user_id, title, amount_cents, type, status, profit_loss) values (${member.id}, 'Profit', 100, 'adminProfit', '1', 'gain')`,
      sql`insert into ${outbox} (channel, "to", body) values ('fax', '1', 'Hi')`,
      sql`insert into ${tickets} (user_id, subject, message, status) values (${member.id}, 'S', 'M', 'closed')`,
    ];
    for (const statement of refused) expect(await failure(ctx.db.execute(statement))).toBe('23514');
    // The listed values are taken.
    await ctx.db.execute(sql`update ${bookings} set status = 'accepted', payment = 'wallet' where id = ${booking.id}`);
    await ctx.db.execute(
      sql`insert into ${transactions} (user_id, title, amount_cents, type, status) values (${member.id}, 'Deposit', 100, 'deposit', '3')`,
    );
  });

  it('has the two fixed risk categories', async () => {
    const rows = await ctx.db.select().from(riskCategories).orderBy(riskCategories.name);
    expect(rows.map((r) => [r.name, r.label])).toEqual([
      ['highrisk', 'Aggressive'],
      ['lowrisk', 'Conservative'],
    ]);
  });
});
