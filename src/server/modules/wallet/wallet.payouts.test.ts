// Weekly payouts to providers' Stripe accounts, against a local Stripe reached through the
// official library: a provider connects an Express account and finishes Stripe's onboarding (its
// webhook says it can be paid); the weekly run transfers its available earnings once, through the
// ledger; a transfer Stripe refuses gives the money back, one it could not answer is asked again; the admin's /withdraw shows each
// transfer's state.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutText } from '../../../contract/messages.js';
import { payoutLimits } from '../../../contract/payments.js';
import { payoutTransfers, wallets } from '../../db/schema.js';
import type { Payments } from '../../platform/stripe.js';
import { createAdmin, createDeposit, createMember, createProvider, signIn } from '../../test/factories.js';
import { bearer, type TestContext } from '../../test/harness.js';
import { createStripeContext, type FakeStripe, type StripeContext } from '../../test/stripe.js';
import { handleEvents } from './wallet.cards.js';
import { walletsOffLedger } from './wallet.ledger.js';
import { payProviders } from './wallet.payouts.js';

let context: StripeContext;
let ctx: TestContext;
let stripe: FakeStripe;
let payments: Payments;
let adminToken: string;

beforeAll(async () => {
  context = await createStripeContext();
  ({ ctx, stripe, payments } = context);
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});
afterAll(() => context?.close());
afterEach(async () => {
  stripe.failing = false;
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

const call = (method: 'GET' | 'POST', url: string, token: string) =>
  ctx.app.inject({ method, url: `/v1${url}`, headers: bearer(token) });
const available = async (userId: string) =>
  (await ctx.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.amountCents ?? 0;

/** A provider with a connected account Stripe can pay (onboarded through its webhook). */
async function connectedProvider() {
  const provider = await createProvider(ctx.db);
  const token = await signIn(ctx.db, provider.id);
  const started = await call('POST', '/provider/payouts/connect', token);
  expect(started.statusCode, started.body).toBe(200);
  const accountId = new URL(started.json().data.url).pathname.split('/').pop() ?? '';
  await stripe.onboard(accountId);
  await handleEvents(ctx.db, new Date());
  return { ...provider, token, accountId };
}

describe('payouts to providers', () => {
  it('a provider connects a Stripe account; the weekly run pays its available earnings once', async () => {
    const provider = await createProvider(ctx.db);
    const token = await signIn(ctx.db, provider.id);
    expect((await call('GET', '/provider/payouts', token)).json().data).toEqual({
      available: true,
      connected: false,
      payoutsEnabled: false,
      transfers: [],
    });
    const customer = await signIn(ctx.db, (await createMember(ctx.db)).id);
    expect((await call('POST', '/provider/payouts/connect', customer)).statusCode).toBe(403);

    // One account however often the provider asks; Stripe's onboarding page each time.
    const first = (await call('POST', '/provider/payouts/connect', token)).json().data.url as string;
    const again = (await call('POST', '/provider/payouts/connect', token)).json().data.url as string;
    expect(first).toBe(again);
    const accountId = new URL(first).pathname.split('/').pop() ?? '';
    expect(stripe.accounts.get(accountId)).toMatchObject({ type: 'express', metadata: { userId: provider.id } });

    // Not paid before Stripe says it can be.
    await createDeposit(ctx.db, provider.id, 12_345, 'Job for a customer');
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 0, failed: 0 });
    expect(await available(provider.id)).toBe(12_345);

    await stripe.onboard(accountId);
    await handleEvents(ctx.db, new Date());
    expect((await call('GET', '/provider/payouts', token)).json().data).toMatchObject({
      connected: true,
      payoutsEnabled: true,
    });
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 1, failed: 0 });
    expect(stripe.transfers.filter((transfer) => transfer.destination === accountId)).toEqual([
      expect.objectContaining({ amount: 12_345, currency: 'usd' }),
    ]);
    expect(await available(provider.id)).toBe(0);
    // Nothing left: the next week's run pays nothing.
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 0, failed: 0 });
    expect((await call('GET', '/provider/payouts', token)).json().data.transfers).toEqual([
      expect.objectContaining({ amountCents: 12_345, status: 'paid' }),
    ]);

    // The admin's /withdraw: paid out, by Stripe transfer.
    const listed = await call('GET', '/transaction/unapprovedTransactionList?status=1&limit=100', adminToken);
    const row = listed.json().data.find((item: { user: { _id: string } }) => item.user._id === provider.id);
    expect(row).toMatchObject({ amount: 12_345, status: '1', transfer: 'paid' });
  });

  it('Stripe down: the transfer waits, reserved, and is asked again; refused: the money goes back', async () => {
    const transferOf = async (userId: string) =>
      (await ctx.db.select().from(payoutTransfers).where(eq(payoutTransfers.userId, userId)))[0];
    const provider = await connectedProvider();
    await createDeposit(ctx.db, provider.id, 5_000);
    stripe.failing = true;
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 0, failed: 1 });
    expect(await available(provider.id)).toBe(0);
    expect(await transferOf(provider.id)).toMatchObject({ status: 'pending', amountCents: 5_000 });
    // Not the admin's to pay or cancel by hand.
    const pending = await transferOf(provider.id);
    for (const action of ['initiateAdminWithdrawRequest', 'cancelWithdrawRequest']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/transaction/${action}`,
        headers: bearer(adminToken),
        payload: { id: pending?.transactionId },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: payoutText.byStripe });
    }
    stripe.failing = false;
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 1, failed: 0 });
    expect(await transferOf(provider.id)).toMatchObject({ status: 'paid', lastError: null });

    // Stripe no longer pays the account (it closed it): refused, and back in the wallet.
    const closed = await connectedProvider();
    await createDeposit(ctx.db, closed.id, 2_500);
    Object.assign(stripe.accounts.get(closed.accountId) ?? {}, { payouts_enabled: false });
    expect(await payProviders(ctx.db, payments, new Date())).toEqual({ paid: 0, failed: 1 });
    expect(await available(closed.id)).toBe(2_500);
    expect(await transferOf(closed.id)).toMatchObject({ status: 'failed' });

    const small = await connectedProvider();
    await createDeposit(ctx.db, small.id, payoutLimits.minCents - 1);
    await payProviders(ctx.db, payments, new Date());
    expect(await available(small.id)).toBe(payoutLimits.minCents - 1);
    expect(await transferOf(small.id)).toBeUndefined();
  });
});
