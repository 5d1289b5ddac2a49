// Bookings paid by card, against a local Stripe reached through the official library: the booking
// waits for its payment holding its slot, becomes a request only on Stripe's signed webhook (once,
// however often it comes), and each ending tells Stripe what the card pays: the total on
// completion, a late cancellation's fee, or nothing. A hold that lapses frees the slot and closes
// Stripe's page.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../contract/format.js';
import { checkoutText, providerPortalText, refundText } from '../../../contract/messages.js';
import { cardDaysAhead, cardHoldMinutes } from '../../../contract/payments.js';
import { bookings, cardPayments, cardRefunds, notifications, outbox, wallets } from '../../db/schema.js';
import { createAdmin, createMember, createProvider, signIn, startPassed, startsInHours } from '../../test/factories.js';
import { bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { dayIn } from '../../test/days.js';
import { createStripeContext, type FakeStripe, type StripeContext } from '../../test/stripe.js';
import type { Payments } from '../../platform/stripe.js';
import { handleEvents } from '../wallet/wallet.cards.js';
import { walletsOffLedger } from '../wallet/wallet.ledger.js';
import { bookingPaymentEvents, expireUnpaidBookings, settleCardPayments } from './bookings.cards.js';
import { expireStaleRequests } from './bookings.expiry.js';
import { reopenWithinSeconds } from './bookings.payment.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

let context: StripeContext;
let ctx: TestContext;
let stripe: FakeStripe;
let payments: Payments;
let admin: { id: string; token: string };

beforeAll(async () => {
  context = await createStripeContext();
  ({ ctx, stripe, payments } = context);
  const user = await createAdmin(ctx.db);
  admin = { id: user.id, token: await signIn(ctx.db, user.id) };
});
afterAll(() => context?.close());
afterEach(async () => {
  stripe.failing = false;
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function member(role: 'customer' | 'provider' = 'customer') {
  const user = role === 'provider' ? await createProvider(ctx.db) : await createMember(ctx.db);
  return { id: user.id, name: user.name, token: await signIn(ctx.db, user.id) };
}

/** The events Stripe sent, handled as the job queue does. */
const handle = (now = new Date()) => handleEvents(ctx.db, now, [bookingPaymentEvents('https://doorstep.test')]);
/** What came due told to Stripe, as the job queue does. */
const settle = (now = new Date()) => settleCardPayments(ctx.db, payments, now);

const slot = { date: dayIn(2), time: '10:00' };

/** A booking by card of `providerId` for `customerId`, at `slot`. */
const cardBooking = (customerId: string, providerId: string) => ({
  bookedby: customerId,
  bookedto: providerId,
  ...slot,
  phone: '5125550123',
  address: '1 Main St, Austin, TX',
  description: 'Fix it, please.',
  payment: 'card',
});

/** A customer books a provider by card (each test its own provider); answers the booking and its page. */
async function bookByCard() {
  const customer = await member();
  const provider = await member('provider');
  const res = await call('POST', '/v1/services/addbooking', customer.token, cardBooking(customer.id, provider.id));
  expect(res.statusCode, res.body).toBe(200);
  const booking = res.json<{ data: { _id: string; status: string; payUrl: string; price: { totalCents: number } } }>()
    .data;
  const sessionId = new URL(booking.payUrl).pathname.split('/').pop() ?? '';
  return { customer, provider, booking, sessionId };
}

const statusOf = async (id: string) =>
  (await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
const paymentOf = async (bookingId: string) =>
  (await ctx.db.select().from(cardPayments).where(eq(cardPayments.bookingId, bookingId)))[0];
const freeTimes = async (providerId: string) =>
  (await call('GET', `/v1/services/availableSlots/${providerId}?date=${slot.date}`)).json<{ data: string[] }>().data;
const noticesOf = (userId: string) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const intentOf = (sessionId: string) =>
  stripe.paymentIntents.get(String(stripe.sessions.get(sessionId)?.payment_intent));

/** Pays on Stripe's page and handles the webhook: the booking becomes a request. */
async function pay(sessionId: string) {
  await stripe.pay(sessionId);
  await handle();
}

describe('booking by card', () => {
  it('holds the slot while the customer pays, and makes a request only when the webhook says the card holds the total', async () => {
    const { customer, provider, booking, sessionId } = await bookByCard();
    expect(booking.status).toBe('awaiting_payment');
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: booking.price.totalCents,
      metadata: { bookingId: booking._id },
      success_url: `https://doorstep.test/bookings/${booking._id}?paid=1`,
      cancel_url: `https://doorstep.test/bookings/${booking._id}`,
    });
    // The slot is held from others; the provider has heard nothing yet.
    expect(await freeTimes(provider.id)).not.toContain('10:00');
    expect(await noticesOf(provider.id)).toHaveLength(0);
    const waiting = (await call('GET', `/v1/bookings/${booking._id}`, customer.token)).json().data;
    expect(waiting).toMatchObject({
      status: 'awaiting_payment',
      payment: 'card',
      card: { status: 'open', amountCents: booking.price.totalCents, chargedCents: 0, payUrl: booking.payUrl },
    });
    // Only the customer is given the page to pay on.
    const forAdmin = (await call('GET', `/v1/bookings/${booking._id}`, admin.token)).json().data;
    expect(forAdmin.card).toMatchObject({ status: 'open', payUrl: null });
    // Coming back proves nothing; the ongoing list shows it waiting.
    const ongoing = (await call('GET', `/v1/services/ongoingBookingList/${customer.id}`, customer.token)).json().data;
    expect(ongoing.map((item: { status: string }) => item.status)).toEqual(['awaiting_payment']);

    const paid = await stripe.pay(sessionId);
    expect(await statusOf(booking._id)).toBe('awaiting_payment');
    await handle();
    expect(await statusOf(booking._id)).toBe('requested');
    expect(intentOf(sessionId)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: booking.price.totalCents,
    });
    expect(await paymentOf(booking._id)).toMatchObject({
      status: 'authorized',
      paymentIntentId: intentOf(sessionId)?.id,
    });
    const told = await noticesOf(provider.id);
    expect(told.map((row) => row.data)).toEqual([expect.objectContaining({ notice: 'bookingRequested' })]);
    const page = (await call('GET', `/v1/bookings/${booking._id}`, customer.token)).json().data;
    expect(page.timeline.map((step: { status: string }) => step.status)).toEqual(['awaiting_payment', 'requested']);
    expect(page.card).toMatchObject({ status: 'authorized', payUrl: null });

    // Stripe sending it again, even as a new delivery of the same event, changes nothing.
    expect(await stripe.deliver(paid)).toBe(200);
    await handle();
    expect(await noticesOf(provider.id)).toHaveLength(1);
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'authorized' });
  });

  it.skipIf(!onPostgres)('20 parallel deliveries of the same payment make one request', async () => {
    const { provider, booking, sessionId } = await bookByCard();
    const session = stripe.sessions.get(sessionId);
    Object.assign(session ?? {}, { status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_test_parallel' });
    const event = stripe.event('checkout.session.completed', session ?? {});
    const answers = await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(event)));
    expect(answers).toEqual(Array(20).fill(200));
    await Promise.all([handle(), handle(), handle()]);
    expect(await statusOf(booking._id)).toBe('requested');
    expect(await noticesOf(provider.id)).toHaveLength(1);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `requested:${booking._id}:email`));
    expect(mails.length).toBeLessThanOrEqual(1);
  });

  it('refuses a card without Stripe, for a job too far ahead, by an admin, and answers 503 (freeing the slot) when Stripe is down', async () => {
    const customer = await member();
    const provider = await member('provider');
    const body = cardBooking(customer.id, provider.id);
    const far = await call('POST', '/v1/services/addbooking', customer.token, {
      ...body,
      date: dayIn(cardDaysAhead + 2),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ errors: { payment: checkoutText.cardTooFarAhead(cardDaysAhead) } });
    const forCustomer = await call('POST', '/v1/services/addbooking', admin.token, body);
    expect(forCustomer.statusCode).toBe(400);
    expect(forCustomer.json()).toMatchObject({ errors: { payment: checkoutText.cardNotByAdmin } });

    stripe.failing = true;
    const down = await call('POST', '/v1/services/addbooking', customer.token, body);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ message: checkoutText.cardUnavailable });
    expect(await freeTimes(provider.id)).toContain('10:00');
    stripe.failing = false;

    const bare = await createTestContext();
    try {
      const who = await createMember(bare.db);
      const refused = await bare.app.inject({
        method: 'POST',
        url: '/v1/services/addbooking',
        headers: bearer(await signIn(bare.db, who.id)),
        payload: cardBooking(who.id, (await createProvider(bare.db)).id),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { payment: checkoutText.cardUnavailable } });
    } finally {
      await bare.close();
    }
  });
});

describe('the hold', () => {
  it(`lapses after ${cardHoldMinutes} minutes: the booking expires, the slot is free, Stripe's page is closed`, async () => {
    const { provider, booking, sessionId } = await bookByCard();
    const soon = new Date(Date.now() + (cardHoldMinutes - 1) * 60_000);
    expect(await expireUnpaidBookings(ctx.db, soon)).toBe(0);
    const later = new Date(Date.now() + (cardHoldMinutes + 1) * 60_000);
    expect(await expireUnpaidBookings(ctx.db, later)).toBe(1);
    expect(await statusOf(booking._id)).toBe('expired');
    expect(await freeTimes(provider.id)).toContain('10:00');
    await settle(later);
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'expired', dueAt: null });

    // Paid at Stripe just as the hold lapsed: the authorization is let go, the booking stays expired.
    const racing = await bookByCard();
    await expireUnpaidBookings(ctx.db, later);
    await pay(racing.sessionId);
    expect(await statusOf(racing.booking._id)).toBe('expired');
    await settle(later);
    expect(intentOf(racing.sessionId)?.status).toBe('canceled');
    expect(await paymentOf(racing.booking._id)).toMatchObject({ status: 'released' });
    expect(await noticesOf(racing.provider.id)).toHaveLength(0);
  });

  it('the customer may give up before paying: cancelled, the slot free, the provider never told', async () => {
    const { customer, provider, booking, sessionId } = await bookByCard();
    expect((await call('GET', `/v1/services/deletebooking/${booking._id}`, customer.token)).statusCode).toBe(200);
    expect(await statusOf(booking._id)).toBe('cancelled');
    expect(await freeTimes(provider.id)).toContain('10:00');
    await settle();
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect(await noticesOf(provider.id)).toHaveLength(0);
  });
});

describe('what the card pays at each end', () => {
  it('completion charges the total once the Undo has passed, and credits the provider its share', async () => {
    const { customer, provider, booking, sessionId } = await bookByCard();
    await pay(sessionId);
    expect((await call('POST', `/v1/provider/jobs/${booking._id}/accept`, provider.token)).statusCode).toBe(200);
    await startPassed(ctx.db, booking._id);
    expect((await call('POST', `/v1/provider/jobs/${booking._id}/complete`, provider.token)).statusCode).toBe(200);
    const [share] = await ctx.db.select().from(wallets).where(eq(wallets.userId, provider.id));
    const page = (await call('GET', `/v1/bookings/${booking._id}`, customer.token)).json().data;
    expect(share?.amountCents).toBe(page.price.totalCents - page.price.feeCents);
    expect(page.card).toMatchObject({ status: 'capturing', chargedCents: page.price.totalCents });

    // Not within the provider's Undo: it may still call the charge off.
    await settle();
    expect(intentOf(sessionId)?.status).toBe('requires_capture');
    const undo = await call('POST', `/v1/provider/jobs/${booking._id}/reopen`, provider.token);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'authorized', dueAt: null });
    expect((await ctx.db.select().from(wallets).where(eq(wallets.userId, provider.id)))[0]?.amountCents).toBe(0);

    expect((await call('POST', `/v1/provider/jobs/${booking._id}/complete`, provider.token)).statusCode).toBe(200);
    const afterUndo = new Date(Date.now() + (reopenWithinSeconds + 1) * 1000);
    expect(await settle(afterUndo)).toEqual({ settled: 1, failed: 0 });
    expect(intentOf(sessionId)).toMatchObject({ status: 'succeeded', amount_received: booking.price.totalCents });
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'captured', chargedCents: booking.price.totalCents });
    // Charged: the Undo is refused (also past its window), and a second run charges nothing more.
    await ctx.db.execute(sql`update booking_events set at = now() where booking_id = ${booking._id}`);
    const late = await call('POST', `/v1/provider/jobs/${booking._id}/reopen`, provider.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(providerPortalText.cardCharged);
    expect(await settle(afterUndo)).toEqual({ settled: 0, failed: 0 });
  });

  it('declining releases the hold; Stripe down is retried later, with the same key', async () => {
    const { provider, booking, sessionId } = await bookByCard();
    await pay(sessionId);
    stripe.failing = true;
    expect((await call('POST', `/v1/provider/jobs/${booking._id}/decline`, provider.token)).statusCode).toBe(200);
    expect(await settle()).toEqual({ settled: 0, failed: 1 });
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'releasing', attempts: 1 });
    stripe.failing = false;
    // Not again at once: a minute later.
    expect(await settle()).toEqual({ settled: 0, failed: 0 });
    expect(await settle(new Date(Date.now() + 61_000))).toEqual({ settled: 1, failed: 0 });
    expect(intentOf(sessionId)?.status).toBe('canceled');
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'released', attempts: 0, lastError: null });
  });

  it('a free cancellation, and a request the provider never answered, release the hold', async () => {
    const cancelled = await bookByCard();
    await pay(cancelled.sessionId);
    const cancel = `/v1/services/deletebooking/${cancelled.booking._id}`;
    expect((await call('GET', cancel, cancelled.customer.token)).statusCode).toBe(200);
    // The provider had heard of the request: it hears of the cancellation too.
    expect((await noticesOf(cancelled.provider.id)).map((row) => row.data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ notice: 'bookingCancelled' })]),
    );

    const unanswered = await bookByCard();
    await pay(unanswered.sessionId);
    const later = new Date(Date.now() + 13 * 3_600_000);
    await expireStaleRequests(ctx.db, later);
    expect(await statusOf(unanswered.booking._id)).toBe('expired');

    await settle(later);
    for (const { booking, sessionId } of [cancelled, unanswered]) {
      expect(intentOf(sessionId)?.status).toBe('canceled');
      expect(await paymentOf(booking._id)).toMatchObject({ status: 'released', chargedCents: 0 });
    }
  });

  it('a late cancellation charges the fee only, and the provider gets it', async () => {
    await call('PUT', '/v1/admin/settings', admin.token, { feeBasisPoints: 1000, cancellationFeeCents: 1500 });
    const { customer, provider, booking, sessionId } = await bookByCard();
    await call('PUT', '/v1/admin/settings', admin.token, { feeBasisPoints: 1000, cancellationFeeCents: 0 });
    await pay(sessionId);
    await call('POST', `/v1/provider/jobs/${booking._id}/accept`, provider.token);
    await startsInHours(ctx.db, booking._id, 3);
    expect((await call('GET', `/v1/services/deletebooking/${booking._id}`, customer.token)).statusCode).toBe(200);
    await settle();
    expect(intentOf(sessionId)).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect(await paymentOf(booking._id)).toMatchObject({ status: 'captured', chargedCents: 1500 });
    const [share] = await ctx.db.select().from(wallets).where(eq(wallets.userId, provider.id));
    expect(share?.amountCents).toBe(1500);
  });
});

describe('refunds and disputes', () => {
  /** A card booking paid, completed and charged its total. */
  async function charged() {
    const made = await bookByCard();
    await pay(made.sessionId);
    await call('POST', `/v1/provider/jobs/${made.booking._id}/accept`, made.provider.token);
    await startPassed(ctx.db, made.booking._id);
    await call('POST', `/v1/provider/jobs/${made.booking._id}/complete`, made.provider.token);
    await settle(new Date(Date.now() + (reopenWithinSeconds + 1) * 1000));
    return made;
  }
  const refund = (bookingId: string, amount: string, token = admin.token) =>
    call('POST', `/v1/admin/bookings/${bookingId}/refund`, token, { amount });

  it('an administrator refunds part, then the rest, never more than was charged; Stripe’s webhook agrees', async () => {
    const unpaid = await bookByCard();
    expect((await refund(unpaid.booking._id, '1')).json()).toMatchObject({ message: refundText.notCharged });

    const { customer, booking } = await charged();
    const total = booking.price.totalCents;
    expect((await refund(booking._id, '1', customer.token)).statusCode).toBe(403);
    const part = await refund(booking._id, '10');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ message: refundText.done('$10.00') });
    const tooMuch = await refund(booking._id, (total / 100).toFixed(2));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ errors: { amount: refundText.tooMuch(money(total - 1000)) } });

    // The rest asked twice at once: given back once.
    const rest = ((total - 1000) / 100).toFixed(2);
    const both = await Promise.all([refund(booking._id, rest), refund(booking._id, rest)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    await new Promise((resolve) => setImmediate(resolve));
    await handle();
    expect(await paymentOf(booking._id)).toMatchObject({
      status: 'captured',
      chargedCents: total,
      refundedCents: total,
    });
    const page = (await call('GET', `/v1/bookings/${booking._id}`, customer.token)).json().data;
    expect(page.card).toMatchObject({ chargedCents: total, refundedCents: total, attention: null });
    const refunds = await ctx.db.select().from(cardRefunds);
    expect(
      refunds
        .filter((row) => row.status === 'succeeded')
        .map((row) => row.amountCents)
        .sort(),
    ).toEqual([1000, total - 1000].sort());
  });

  it('Stripe refusing a refund counts nothing, and says so (503); one made in Stripe’s dashboard counts', async () => {
    const { booking, sessionId } = await charged();
    stripe.failing = true;
    const refused = await refund(booking._id, '5');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: refundText.unavailable });
    expect(await paymentOf(booking._id)).toMatchObject({ refundedCents: 0 });
    stripe.failing = false;

    // One made in Stripe's dashboard instead: its webhook counts it.
    const intent = intentOf(sessionId);
    const charge = { object: 'charge', payment_intent: intent?.id, amount_refunded: 500 };
    expect(await stripe.deliver(stripe.event('charge.refunded', charge))).toBe(200);
    await handle();
    expect(await paymentOf(booking._id)).toMatchObject({ refundedCents: 500 });
  });

  it('a dispute waits on the dashboard and in the bookings list until Stripe closes it', async () => {
    const waiting = async () =>
      (await call('GET', '/v1/admin/dashboard', admin.token)).json().data.queue.cardPayments as number;
    const before = await waiting();
    const { customer, booking, sessionId } = await charged();
    const intent = intentOf(sessionId)?.id ?? '';
    await stripe.dispute(intent);
    await handle();
    expect(await waiting()).toBe(before + 1);
    const forAdmin = (await call('GET', `/v1/bookings/${booking._id}`, admin.token)).json().data;
    expect(forAdmin.card).toMatchObject({ attention: 'disputed' });
    expect((await call('GET', `/v1/bookings/${booking._id}`, customer.token)).json().data.card.attention).toBeNull();
    const listed = (await call('GET', '/v1/admin/bookings?payment=attention&limit=100', admin.token)).json().data;
    expect(listed.map((row: { _id: string }) => row._id)).toContain(booking._id);

    expect(await stripe.deliver(stripe.event('charge.dispute.closed', { payment_intent: intent, status: 'won' }))).toBe(
      200,
    );
    await handle();
    expect(await waiting()).toBe(before);
    expect(await paymentOf(booking._id)).toMatchObject({ attention: null });
  });
});
