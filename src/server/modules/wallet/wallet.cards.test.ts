// Wallet top-ups by card, against a local Stripe reached through the official library: the
// wallet is credited only by Stripe's signed webhook, once per session however often the event
// comes; a bad signature is a 400 that stores nothing; without a Stripe key there are no cards.
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardText as t } from '../../../contract/messages.js';
import { topUpLimits } from '../../../contract/payments.js';
import { cardTopUps, stripeEvents, transactions } from '../../db/schema.js';
import { createMember, signIn } from '../../test/factories.js';
import { bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { createStripeContext, type FakeStripe, type StripeContext } from '../../test/stripe.js';
import type { Stripe } from '../../platform/stripe.js';
import { eventAttempts, handleEvents } from './wallet.cards.js';
import { walletsOffLedger } from './wallet.ledger.js';

let context: StripeContext;
let ctx: TestContext;
let stripe: FakeStripe;

beforeAll(async () => {
  context = await createStripeContext();
  ({ ctx, stripe } = context);
});
afterAll(() => context?.close());
afterEach(async () => {
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url: `/v1${url}`, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

async function member() {
  const row = await createMember(ctx.db);
  return { id: row.id, token: await signIn(ctx.db, row.id) };
}

/** A member's top-up opened through the API, with Stripe's session. */
async function openTopUp(amount: string) {
  const who = await member();
  const res = await call('POST', '/wallet/topups', who.token, { amount });
  expect(res.statusCode, res.body).toBe(200);
  const { _id, url } = res.json<{ data: { _id: string; url: string } }>().data;
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  return { ...who, topUpId: _id, url, sessionId };
}

const deposits = (userId: string) => ctx.db.select().from(transactions).where(eq(transactions.userId, userId));
const figures = async (token: string) =>
  (await call('GET', '/wallet/me', token)).json<{ data: { amount: number; depositAmount: number } }>().data;

describe('payment options', () => {
  it('say cards are taken when Stripe is configured, and not otherwise', async () => {
    expect((await call('GET', '/payments/options', null)).json()).toMatchObject({ data: { card: true } });
    const bare = await createTestContext();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/v1/payments/options' })).json()).toMatchObject({
        data: { card: false },
      });
      const token = await signIn(bare.db, (await createMember(bare.db)).id);
      const topUp = await bare.app.inject({
        method: 'POST',
        url: '/v1/wallet/topups',
        payload: { amount: '20' },
        headers: bearer(token),
      });
      expect(topUp.statusCode).toBe(404);
      expect(topUp.json()).toMatchObject({ message: t.unavailable });
    } finally {
      await bare.close();
    }
  });
});

describe('a top-up by card', () => {
  it('opens Stripe’s page for the amount, and credits the wallet only when the webhook says it was paid', async () => {
    const topUp = await openTopUp('25.50');
    const session = stripe.sessions.get(topUp.sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2550,
      currency: 'usd',
      client_reference_id: topUp.topUpId,
      success_url: `https://doorstep.test/wallet?topup=${topUp.topUpId}`,
    });
    expect((await call('GET', `/wallet/topups/${topUp.topUpId}`, topUp.token)).json()).toMatchObject({
      data: { amountCents: 2550, status: 'open', paidAt: null },
    });
    // Coming back from Stripe proves nothing: the wallet waits for the event.
    expect(await deposits(topUp.id)).toEqual([]);

    await stripe.pay(topUp.sessionId);
    expect(await deposits(topUp.id)).toEqual([]);
    expect(await handleEvents(ctx.db, new Date())).toEqual({ handled: 1, failed: 0 });

    expect(await deposits(topUp.id)).toMatchObject([
      { type: 'deposit', status: '1', amountCents: 2550, title: t.topUpTitle },
    ]);
    expect(await figures(topUp.token)).toMatchObject({ amount: 2550, depositAmount: 2550 });
    expect((await call('GET', `/wallet/topups/${topUp.topUpId}`, topUp.token)).json()).toMatchObject({
      data: { status: 'paid', paidAt: expect.any(String) },
    });
  });

  it('is credited once however often the event comes: replayed, or 20 deliveries at once', async () => {
    const topUp = await openTopUp('10');
    const event = await stripe.pay(topUp.sessionId);
    const replays = await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(event)));
    expect(replays.every((status) => status === 200)).toBe(true);
    // Two workers at once take different events, never the same one twice.
    await Promise.all([handleEvents(ctx.db, new Date()), handleEvents(ctx.db, new Date())]);
    expect(await stripe.deliver(event)).toBe(200);
    await handleEvents(ctx.db, new Date());

    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect(await deposits(topUp.id)).toHaveLength(1);
    expect(await figures(topUp.token)).toMatchObject({ amount: 1000 });
  });

  it('refuses an event whose signature does not match with a 400, and keeps nothing of it', async () => {
    const topUp = await openTopUp('10');
    const session = stripe.sessions.get(topUp.sessionId);
    const forged = {
      id: 'evt_test_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, payment_status: 'paid' } },
    };
    const payload = JSON.stringify(forged);
    const url = '/v1/payments/stripe/webhook';
    const headers = { 'content-type': 'application/json' };
    for (const signature of [stripe.sign(payload, 'whsec_someoneelse'), 't=1,v1=00', undefined]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: signature ? { ...headers, 'stripe-signature': signature } : headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: t.badSignature });
    }
    // Signed right but changed on the way: the signature covers the exact bytes.
    const tampered = await ctx.app.inject({
      method: 'POST',
      url,
      payload: payload.replace('"amount_total":1000', '"amount_total":100000'),
      headers: { ...headers, 'stripe-signature': stripe.sign(payload) },
    });
    expect(tampered.statusCode).toBe(400);

    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, forged.id))).toEqual([]);
    await handleEvents(ctx.db, new Date());
    expect(await deposits(topUp.id)).toEqual([]);
  });

  it('credits nothing when the paid amount is not the top-up’s, or for a session it does not know', async () => {
    const topUp = await openTopUp('10');
    const session = stripe.sessions.get(topUp.sessionId);
    expect(session).toBeDefined();
    Object.assign(session ?? {}, { amount_total: 1 });
    await stripe.pay(topUp.sessionId);
    await handleEvents(ctx.db, new Date());
    expect(await deposits(topUp.id)).toEqual([]);
    expect((await call('GET', `/wallet/topups/${topUp.topUpId}`, topUp.token)).json()).toMatchObject({
      data: { status: 'open' },
    });
  });

  it('closes the top-up when Stripe’s page expires unpaid', async () => {
    const topUp = await openTopUp('10');
    const session = stripe.sessions.get(topUp.sessionId);
    const event = {
      id: 'evt_test_expired',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { ...session, status: 'expired' } },
    } as never;
    expect(await stripe.deliver(event)).toBe(200);
    await handleEvents(ctx.db, new Date());
    expect((await ctx.db.select().from(cardTopUps).where(eq(cardTopUps.id, topUp.topUpId)))[0]?.status).toBe('expired');
    expect(await deposits(topUp.id)).toEqual([]);
  });

  it('lets an event that fails step aside: the others are handled, and it stops after its tries', async () => {
    // Signed and stored, but not a session: its handling throws.
    const broken = { id: 'evt_test_broken', object: 'event', type: 'checkout.session.completed', data: {} } as never;
    expect(await stripe.deliver(broken)).toBe(200);
    const topUp = await openTopUp('12');
    await stripe.pay(topUp.sessionId);

    expect(await handleEvents(ctx.db, new Date())).toEqual({ handled: 1, failed: 1 });
    expect(await figures(topUp.token)).toMatchObject({ amount: 1200 });
    for (let run = 1; run < eventAttempts + 2; run += 1) await handleEvents(ctx.db, new Date());
    const [row] = await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_test_broken'));
    expect(row).toMatchObject({
      handledAt: null,
      attempts: eventAttempts,
      lastError: expect.stringContaining('Error'),
    });
  });

  it('checks the amount, and shows a member only their own top-ups', async () => {
    const who = await member();
    for (const [amount, message] of [
      [String((topUpLimits.minCents - 1) / 100), t.tooSmall],
      [String(topUpLimits.maxCents / 100 + 1), t.tooLarge],
    ] as const) {
      const res = await call('POST', '/wallet/topups', who.token, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { amount: message } });
    }
    expect((await call('POST', '/wallet/topups', null, { amount: '10' })).statusCode).toBe(401);

    const theirs = await openTopUp('10');
    const mine = await call('GET', `/wallet/topups/${theirs.topUpId}`, who.token);
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toMatchObject({ message: t.notFound });
  });
});

describe('the books over any sequence of top-ups and Stripe events', () => {
  type Step =
    { kind: 'open'; cents: number } | { kind: 'pay' | 'replay' | 'expire'; topUp: number } | { kind: 'handle' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('open' as const), cents: fc.integer({ min: topUpLimits.minCents, max: 20_000 }) }),
    fc.record({ kind: fc.constantFrom('pay' as const, 'replay' as const, 'expire' as const), topUp: fc.nat(5) }),
    fc.constant({ kind: 'handle' as const }),
  );

  it('credits each paid top-up exactly once, and nothing else: no cent appears or disappears', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const who = await member();
        const opened: { topUpId: string; sessionId: string; events: Stripe.Event[] }[] = [];
        for (const s of steps) {
          if (s.kind === 'open') {
            const res = await call('POST', '/wallet/topups', who.token, { amount: (s.cents / 100).toFixed(2) });
            expect(res.statusCode).toBe(200);
            const { _id, url } = res.json<{ data: { _id: string; url: string } }>().data;
            opened.push({ topUpId: _id, sessionId: new URL(url).pathname.split('/').pop() ?? '', events: [] });
            continue;
          }
          if (s.kind === 'handle') {
            await handleEvents(ctx.db, new Date());
            continue;
          }
          const target = opened[s.topUp % Math.max(opened.length, 1)];
          if (!target) continue;
          const session = stripe.sessions.get(target.sessionId);
          if (s.kind === 'pay' && session?.payment_status !== 'paid')
            target.events.push(await stripe.pay(target.sessionId));
          else if (s.kind === 'replay' && target.events[0]) expect(await stripe.deliver(target.events[0])).toBe(200);
          else if (s.kind === 'expire' && session) {
            const expired = {
              id: `evt_test_expired_${target.sessionId}_${target.events.length}`,
              object: 'event',
              type: 'checkout.session.expired',
              data: { object: { ...session, status: 'expired' } },
            } as unknown as Stripe.Event;
            target.events.push(expired);
            expect(await stripe.deliver(expired)).toBe(200);
          }
        }
        await handleEvents(ctx.db, new Date());

        // A top-up is paid exactly when its session was paid before it expired; the wallet holds
        // exactly the paid ones, each deposited once.
        const rows = opened.length
          ? await ctx.db
              .select()
              .from(cardTopUps)
              .where(
                inArray(
                  cardTopUps.id,
                  opened.map((o) => o.topUpId),
                ),
              )
          : [];
        const paid = rows.filter((r) => r.status === 'paid');
        for (const o of opened) {
          const row = rows.find((r) => r.id === o.topUpId);
          const firstEnd = o.events.find(
            (e) => e.type === 'checkout.session.completed' || e.type === 'checkout.session.expired',
          );
          expect(row?.status).toBe(
            firstEnd?.type === 'checkout.session.completed' ? 'paid' : firstEnd ? 'expired' : 'open',
          );
        }
        const credited = await deposits(who.id);
        expect(credited).toHaveLength(paid.length);
        const total = paid.reduce((sum, r) => sum + r.amountCents, 0);
        expect(credited.reduce((sum, r) => sum + r.amountCents, 0)).toBe(total);
        expect(await figures(who.token)).toMatchObject({ amount: total, depositAmount: total });
        expect(await walletsOffLedger(ctx.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
