// Retries of money writes: with the same Idempotency-Key a caller gets the first answer again and
// nothing is written twice, even when the retries race (on PostgreSQL for real).
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverError } from '../../contract/messages.js';
import { api } from '../../contract/paths.js';
import { bookings, transactions, wallets } from '../db/schema.js';
import { purgeIdempotencyKeys } from '../platform/idempotency.js';
import { createAdmin, createDeposit, createMember, createProvider, signIn } from '../test/factories.js';
import { bearer, withApp } from '../test/harness.js';

const ctx = withApp();

const post = (path: string, token: string, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${api.prefix}${path}`,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

async function memberWith(cents: number) {
  const member = await createMember(ctx.db);
  await createDeposit(ctx.db, member.id, cents);
  return { member, token: await signIn(ctx.db, member.id) };
}

const withdrawsOf = async (userId: string) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.type, 'withdraw')))
  )[0]!.n;
const freeOf = async (userId: string) =>
  (await ctx.db.select({ cents: wallets.amountCents }).from(wallets).where(eq(wallets.userId, userId)))[0]!.cents;

describe('an Idempotency-Key', () => {
  it('answers a retry with the first answer, marked as replayed, and writes once', async () => {
    const { member, token } = await memberWith(10_000);
    const first = await post(api.walletWithdraw, token, { amount: 25 }, 'withdraw-1');
    expect(first.statusCode).toBe(200);
    const again = await post(api.walletWithdraw, token, { amount: 25 }, 'withdraw-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawsOf(member.id)).toBe(1);
    expect(await freeOf(member.id)).toBe(7_500);

    // Another key, or none, is another request.
    expect((await post(api.walletWithdraw, token, { amount: 25 }, 'withdraw-2')).statusCode).toBe(200);
    expect((await post(api.walletWithdraw, token, { amount: 25 })).statusCode).toBe(200);
    expect(await withdrawsOf(member.id)).toBe(3);
  });

  it('refuses the same key for a different request with 422, and changes nothing', async () => {
    const { member, token } = await memberWith(10_000);
    expect((await post(api.walletInvest, token, { risk: 'lowrisk', amount: 10 }, 'move')).statusCode).toBe(200);
    const other = await post(api.walletInvest, token, { risk: 'lowrisk', amount: 20 }, 'move');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(serverError.idempotencyKeyReused);
    const elsewhere = await post(api.walletDivest, token, { risk: 'lowrisk', amount: 10 }, 'move');
    expect(elsewhere.statusCode).toBe(422);
    expect(await freeOf(member.id)).toBe(9_000);
  });

  it('replays a refusal too, and a malformed key is a 400', async () => {
    const { token } = await memberWith(1_000);
    const refused = await post(api.walletWithdraw, token, { amount: 50 }, 'too-much');
    expect(refused.statusCode).toBe(409);
    const again = await post(api.walletWithdraw, token, { amount: 50 }, 'too-much');
    expect([again.statusCode, again.body]).toEqual([409, refused.body]);
    for (const key of ['', 'x'.repeat(101), 'with space']) {
      const bad = await post(api.walletWithdraw, token, { amount: 1 }, key);
      expect([key, bad.statusCode]).toEqual([key, 400]);
      expect(bad.json().message).toBe(serverError.badIdempotencyKey);
    }
  });

  it('belongs to its caller: another member with the same key makes a request of its own', async () => {
    const ana = await memberWith(5_000);
    const ben = await memberWith(5_000);
    expect((await post(api.walletWithdraw, ana.token, { amount: 10 }, 'shared')).statusCode).toBe(200);
    const bens = await post(api.walletWithdraw, ben.token, { amount: 10 }, 'shared');
    expect(bens.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawsOf(ben.member.id)).toBe(1);
  });

  it('writes once when 10 retries of one key race', async () => {
    const { member, token } = await memberWith(10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(api.walletWithdraw, token, { amount: 10 }, 'racing')),
    );
    // Each one either wrote, was answered from the first, or was told the first still runs.
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().message).toBe(serverError.idempotencyKeyBusy);
    expect(answers.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await withdrawsOf(member.id)).toBe(1);
    expect(await freeOf(member.id)).toBe(9_000);
  });

  it("covers a booking and an administrator's balance add", async () => {
    const provider = await createProvider(ctx.db);
    const customer = await createMember(ctx.db);
    const token = await signIn(ctx.db, customer.id);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const booking = {
      bookedby: customer.id,
      bookedto: provider.id,
      date: day,
      time: '10:00',
      phone: '5125550123',
      address: '1 Main St, Austin, TX',
      description: 'Once, please.',
    };
    const first = await post(api.addBooking, token, booking, 'book-1');
    expect(first.statusCode).toBe(200);
    expect((await post(api.addBooking, token, booking, 'book-1')).body).toBe(first.body);
    const [booked] = await ctx.db.select({ n: count() }).from(bookings).where(eq(bookings.customerId, customer.id));
    expect(booked!.n).toBe(1);

    const admin = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
    for (let i = 0; i < 2; i++)
      expect((await post(api.addBalanceToUser, admin, { id: customer.id, amount: '12.50' }, 'add-1')).statusCode).toBe(
        200,
      );
    expect(await freeOf(customer.id)).toBe(1_250);
  });

  it('is kept a day', async () => {
    const { token } = await memberWith(1_000);
    await post(api.walletWithdraw, token, { amount: 1 }, 'old');
    expect(await purgeIdempotencyKeys(ctx.db, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await purgeIdempotencyKeys(ctx.db, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThan(0);
  });
});
