// A booking paid by card, through Stripe Checkout with a manual capture. The booking is made
// `awaiting_payment` with its card payment row, holding its slot for `cardHoldMinutes`; Stripe's
// page is opened after that commit. Only Stripe's signed webhook makes it a request (the card then
// holds the total), never the member's way back. The job's end decides what the card pays: the
// whole total on completion (once the provider's Undo has passed), a late cancellation's fee, or
// nothing (the hold is released). Each of those is written in the transaction that moves the
// booking; the job queue then tells Stripe, with idempotency keys from the row's id, so a retry is
// one call at Stripe and a crash loses nothing.
import { and, asc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingItem } from '../../../contract/bookings.js';
import { money } from '../../../contract/format.js';
import { checkoutText as t, refundText as r } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { one, type Db, type Tx } from '../../db/client.js';
import { bookings, cardPayments, cardRefunds, users } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { stripeErrorText, type Payments, type Stripe } from '../../platform/stripe.js';
import { verifiedEmail } from '../members/members.service.js';
import type { EventHandler } from '../wallet/wallet.cards.js';
import { tellProviderOfRequest } from './bookings.lifecycle.js';
import { bookingMoved } from './bookings.payment.js';

const minuteMs = 60_000;
const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

/**
 * Asks Stripe for the booking's Checkout Session (after the booking committed) and answers its
 * page. When Stripe cannot be reached nothing was taken: the booking expires, freeing its slot,
 * and the member hears 503.
 */
export async function openCheckout(
  db: Db,
  payments: Payments,
  booking: Pick<BookingItem, '_id' | 'bookedto' | 'price'>,
  origin: string,
  now: Date,
): Promise<string> {
  const back = `${origin}${fill(routes.booking, { id: booking._id })}`;
  try {
    const session = await payments.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: booking.price.totalCents,
              product_data: { name: t.paymentTitle(booking.bookedto.name) },
            },
          },
        ],
        // Held on the card now, charged when the job is done.
        payment_intent_data: { capture_method: 'manual', metadata: { bookingId: booking._id } },
        client_reference_id: booking._id,
        metadata: { bookingId: booking._id },
        // Stripe's shortest; our own hold is shorter, and closes the page when it lapses.
        expires_at: Math.ceil(now.getTime() / 1000) + 30 * 60,
        success_url: `${back}?paid=1`,
        cancel_url: back,
      },
      { idempotencyKey: `booking-${booking._id}` },
    );
    if (!session.url) throw new Error('no page');
    await db
      .update(cardPayments)
      .set({ sessionId: session.id, payUrl: session.url, updatedAt: now })
      .where(eq(cardPayments.bookingId, booking._id));
    return session.url;
  } catch {
    await db.transaction((tx) => expireUnpaid(tx, eq(bookings.id, booking._id), now));
    throw new AppError(503, t.cardUnavailable, undefined, 'unavailable');
  }
}

/**
 * Stripe's events about a booking's payment: its page paid or closed, its charge refunded (also
 * from Stripe's dashboard) or disputed. The others are left to the wallet's top-ups.
 */
export const bookingPaymentEvents =
  (publicUrl?: string): EventHandler =>
  async (tx, event, now) => {
    if (event.type.startsWith('charge.')) return chargeEvent(tx, event, now);
    const session = event.data.object as Stripe.Checkout.Session;
    if (!event.type.startsWith('checkout.session.') || !session.metadata?.bookingId) return false;
    if (event.type === 'checkout.session.completed') await bookingSessionCompleted(tx, session, now, publicUrl);
    else if (event.type === 'checkout.session.expired') await bookingSessionExpired(tx, session, now);
    return true;
  };

/** A charge of a booking's payment refunded or disputed; false for a charge that is not one. */
async function chargeEvent(tx: Tx, event: Stripe.Event, now: Date): Promise<boolean> {
  const object = event.data.object as Stripe.Charge | Stripe.Dispute;
  const intent = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
  if (!intent) return false;
  const of = eq(cardPayments.paymentIntentId, intent);
  let changed: { id: string }[] = [];
  if (event.type === 'charge.refunded') {
    // What Stripe says was given back in all, ours and any made in its dashboard.
    const refunded = (object as Stripe.Charge).amount_refunded;
    changed = await tx
      .update(cardPayments)
      .set({
        refundedCents: sql`greatest(${cardPayments.refundedCents}, least(${refunded}, ${cardPayments.chargedCents}))`,
        updatedAt: now,
      })
      .where(of)
      .returning({ id: cardPayments.id });
  } else if (event.type === 'charge.dispute.created') {
    changed = await tx
      .update(cardPayments)
      .set({ attention: 'disputed', updatedAt: now })
      .where(of)
      .returning({ id: cardPayments.id });
  } else if (event.type === 'charge.dispute.closed') {
    changed = await tx
      .update(cardPayments)
      .set({ attention: null, updatedAt: now })
      .where(and(of, eq(cardPayments.attention, 'disputed')))
      .returning({ id: cardPayments.id });
  }
  return changed.length > 0;
}

/**
 * An administrator gives back `amountCents` of a charged card payment, in full or in part. The
 * amount is counted against the charge first, in one conditional UPDATE, so refunds at once never
 * give back more than was charged; Stripe is then asked, with the refund row's id as its key.
 * When Stripe refuses or cannot be reached the refund fails and its amount counts no more (503).
 */
export async function refundCardPayment(
  db: Db,
  payments: Payments,
  adminId: string,
  bookingId: string,
  amountCents: number,
): Promise<void> {
  const counted = await db.transaction(async (tx) => {
    const [payment] = await tx
      .update(cardPayments)
      .set({ refundedCents: sql`${cardPayments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(
        and(
          eq(cardPayments.bookingId, bookingId),
          eq(cardPayments.status, 'captured'),
          sql`${cardPayments.chargedCents} - ${cardPayments.refundedCents} >= ${amountCents}`,
        ),
      )
      .returning({ id: cardPayments.id, paymentIntentId: cardPayments.paymentIntentId });
    if (!payment) return null;
    const refund = one(
      await tx
        .insert(cardRefunds)
        .values({ cardPaymentId: payment.id, amountCents, adminId })
        .returning({ id: cardRefunds.id }),
    );
    return { ...payment, refundId: refund.id };
  });
  if (!counted) {
    // Nothing counted: say why.
    const [row] = await db
      .select({
        status: cardPayments.status,
        left: sql<number>`${cardPayments.chargedCents} - ${cardPayments.refundedCents}`,
      })
      .from(cardPayments)
      .where(eq(cardPayments.bookingId, bookingId));
    if (!row) throw notFound(r.notCard);
    if (row.status !== 'captured') throw conflict(r.notCharged);
    const tooMuch = r.tooMuch(money(Number(row.left)));
    throw conflict(tooMuch, { amount: tooMuch });
  }
  try {
    const made = await payments.stripe.refunds.create(
      { payment_intent: counted.paymentIntentId ?? '', amount: amountCents },
      { idempotencyKey: `refund-${counted.refundId}` },
    );
    await db
      .update(cardRefunds)
      .set({ status: 'succeeded', refundId: made.id })
      .where(eq(cardRefunds.id, counted.refundId));
  } catch {
    await db.transaction(async (tx) => {
      await tx.update(cardRefunds).set({ status: 'failed' }).where(eq(cardRefunds.id, counted.refundId));
      await tx
        .update(cardPayments)
        .set({ refundedCents: sql`${cardPayments.refundedCents} - ${amountCents}`, updatedAt: new Date() })
        .where(eq(cardPayments.id, counted.id));
    });
    throw new AppError(503, r.unavailable, undefined, 'unavailable');
  }
}

/**
 * Stripe says a booking's page was paid (`checkout.session.completed`): the card holds the total.
 * A booking still awaiting its payment becomes a request, and its provider is told. One whose hold
 * lapsed first, or a sum that is not the booking's, gets its authorization released.
 */
async function bookingSessionCompleted(
  tx: Tx,
  session: Stripe.Checkout.Session,
  now: Date,
  publicUrl?: string,
): Promise<void> {
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (session.status !== 'complete' || !intent) return;
  const [payment] = await tx
    .select({
      id: cardPayments.id,
      status: cardPayments.status,
      amountCents: cardPayments.amountCents,
      bookingId: cardPayments.bookingId,
      paymentIntentId: cardPayments.paymentIntentId,
    })
    .from(cardPayments)
    .where(eq(cardPayments.sessionId, session.id))
    .for('update');
  if (!payment || payment.paymentIntentId) return;
  if (payment.status === 'open' && session.amount_total === payment.amountCents) {
    const [requested] = await tx
      .update(bookings)
      .set({ status: 'requested', updatedAt: now })
      .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'awaiting_payment')))
      .returning({
        id: bookings.id,
        providerId: bookings.providerId,
        customerId: bookings.customerId,
        date: bookings.date,
        time: bookings.time,
      });
    if (requested) {
      await tx
        .update(cardPayments)
        .set({ status: 'authorized', paymentIntentId: intent, updatedAt: now })
        .where(eq(cardPayments.id, payment.id));
      await bookingMoved(tx, requested.id, 'requested', now);
      const [parties] = await tx
        .select({ customerName: customer.name, providerEmail: verifiedEmail(provider) })
        .from(customer)
        .innerJoin(provider, eq(provider.id, requested.providerId))
        .where(eq(customer.id, requested.customerId));
      await tellProviderOfRequest(
        tx,
        { ...requested, customerName: parties?.customerName ?? '' },
        parties?.providerEmail ?? null,
        publicUrl,
      );
      return;
    }
  }
  // Too late (the hold lapsed, the booking was cancelled) or not the booking's sum: let it go.
  await tx
    .update(cardPayments)
    .set({ status: 'releasing', paymentIntentId: intent, dueAt: now, updatedAt: now })
    .where(eq(cardPayments.id, payment.id));
}

/** Stripe closed a booking's page unpaid: the booking, if still waiting, expires. */
async function bookingSessionExpired(tx: Tx, session: Stripe.Checkout.Session, now: Date) {
  const [payment] = await tx
    .update(cardPayments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(cardPayments.sessionId, session.id), eq(cardPayments.status, 'open')))
    .returning({ bookingId: cardPayments.bookingId });
  if (payment) await expireUnpaid(tx, eq(bookings.id, payment.bookingId), now);
}

/** The bookings among `which` still awaiting their payment expire (and their card payments with them). */
async function expireUnpaid(tx: Tx, which: SQL, now: Date) {
  const expired = await tx
    .update(bookings)
    .set({ status: 'expired', updatedAt: now })
    .where(and(which, eq(bookings.status, 'awaiting_payment')))
    .returning({ id: bookings.id });
  for (const booking of expired) await bookingMoved(tx, booking.id, 'expired', now);
  return expired.length;
}

/**
 * The bookings whose payment did not come within the hold expire, freeing their slots; their pages
 * at Stripe are closed by the job queue. Answers how many expired.
 */
export const expireUnpaidBookings = (db: Db, now: Date): Promise<number> =>
  db.transaction((tx) =>
    expireUnpaid(
      tx,
      sql`${bookings.id} in (select ${cardPayments.bookingId} from ${cardPayments} where ${cardPayments.status} = 'open' and ${cardPayments.holdUntil} <= ${now.toISOString()}::timestamptz)`,
      now,
    ),
  );

/** Tries of a call to Stripe that keeps failing; past them it waits for a person (its last error is kept). */
export const settleAttempts = 8;

/**
 * Tells Stripe what came due: captures, releases and closed pages, each in its own transaction
 * with the row locked, so two workers never make the same call (and the idempotency key makes a
 * retried one count once at Stripe). A failure is counted and left for the next run.
 */
export async function settleCardPayments(db: Db, payments: Payments, now: Date, batch = 50) {
  let settled = 0;
  let failed = 0;
  for (let taken = 0; taken < batch; taken += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(cardPayments)
        .where(
          and(
            isNotNull(cardPayments.dueAt),
            lte(cardPayments.dueAt, now),
            sql`${cardPayments.attempts} < ${settleAttempts}`,
          ),
        )
        .orderBy(asc(cardPayments.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none';
      try {
        const options = { idempotencyKey: `${row.status}-${row.id}` };
        if (row.status === 'capturing' && row.paymentIntentId) {
          await payments.stripe.paymentIntents.capture(
            row.paymentIntentId,
            { amount_to_capture: row.chargedCents },
            options,
          );
        } else if (row.status === 'releasing' && row.paymentIntentId) {
          await payments.stripe.paymentIntents.cancel(row.paymentIntentId, {}, options);
        } else if (row.status === 'expired' && row.sessionId) {
          const session = await payments.stripe.checkout.sessions.retrieve(row.sessionId);
          // A page paid meanwhile is not closed: its webhook releases the authorization.
          if (session.status === 'open') await payments.stripe.checkout.sessions.expire(row.sessionId, {}, options);
        }
      } catch (error) {
        await tx
          .update(cardPayments)
          .set({
            attempts: sql`${cardPayments.attempts} + 1`,
            lastError: stripeErrorText(error),
            // The last try failed: a person looks at it.
            ...(row.attempts + 1 >= settleAttempts && { attention: 'refused' as const }),
            // Tried again later, not at once.
            dueAt: new Date(now.getTime() + minuteMs * 2 ** row.attempts),
          })
          .where(eq(cardPayments.id, row.id));
        return 'failed';
      }
      const done = row.status === 'capturing' ? 'captured' : row.status === 'releasing' ? 'released' : row.status;
      await tx
        .update(cardPayments)
        .set({
          status: done,
          dueAt: null,
          attempts: 0,
          lastError: null,
          attention: sql`nullif(${cardPayments.attention}, 'refused')`,
          updatedAt: now,
        })
        .where(eq(cardPayments.id, row.id));
      return 'settled';
    });
    if (outcome === 'none') break;
    if (outcome === 'settled') settled += 1;
    else failed += 1;
  }
  return { settled, failed };
}
