// What a booking costs and how its money moves (rows as wallet.ledger.ts defines them).
//
// A booking paid from the wallet holds its total when it is requested: the customer's available
// amount moves to `held`, with a `payment` row in status '3'. Completing the job captures the hold
// (the row becomes '1') and credits the provider the total less the platform's fee (an `earning`).
// Declining, expiry and cancelling release it (the row becomes '-1', the amount returns), except a
// late cancellation, which captures the policy's fee only and credits it to the provider. A cash
// booking records its price and moves nothing. A card booking (bookings.cards.ts) settles the
// same way on the card: its payment row is marked to be captured (the total, or the late fee) or
// released, which the job queue then tells Stripe, and the provider's earning is credited alike.
// Undo after Mark completed (`completionUndone`) holds the payment again and takes the earning
// back, while the provider still has it.
//
// Every move happens inside the transaction that changes the booking's status, whose condition on
// the old status lets one change win; the payment row leaves '3' once (its status is in the
// condition too) and the unique index on (booking, type) stands behind both, so a hold is settled
// exactly once whatever races.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type BookingPrice, type PaymentMethod } from '../../../contract/bookings.js';
import { jobMinutes, priceOf, type CouponTerms, type MarketSettings } from '../../../contract/checkout.js';
import { checkoutText as t, providerPortalText } from '../../../contract/messages.js';
import { cardHoldMinutes } from '../../../contract/payments.js';
import { hundredthsText } from '../../../contract/wallet.js';
import type { Queryable, Tx } from '../../db/client.js';
import {
  bookingEvents,
  bookings,
  cardPayments,
  marketplaceSettings,
  offers,
  providerPrices,
  users,
  type BookingStatus,
} from '../../db/schema.js';
import { badRequest, conflict } from '../../errors.js';
import * as ledger from '../wallet/wallet.ledger.js';

// ---------------------------------------------------------------- the marketplace's terms

export async function marketTerms(db: Queryable): Promise<MarketSettings> {
  const [row] = await db
    .select({
      feeBasisPoints: marketplaceSettings.feeBasisPoints,
      cancellationFeeCents: marketplaceSettings.cancellationFeeCents,
    })
    .from(marketplaceSettings)
    .limit(1);
  // The migration inserts the one row; these are its defaults.
  return row ?? { feeBasisPoints: 1000, cancellationFeeCents: 0 };
}

export async function saveMarketTerms(db: Queryable, adminId: string, terms: MarketSettings): Promise<MarketSettings> {
  const [row] = await db
    .insert(marketplaceSettings)
    .values({ id: true, ...terms, updatedByAdminId: adminId })
    .onConflictDoUpdate({
      target: marketplaceSettings.id,
      set: { ...terms, updatedByAdminId: adminId, updatedAt: sql`now()` },
    })
    .returning({
      feeBasisPoints: marketplaceSettings.feeBasisPoints,
      cancellationFeeCents: marketplaceSettings.cancellationFeeCents,
    });
  return row as MarketSettings;
}

// ---------------------------------------------------------------- the price

export interface Quote extends BookingPrice {
  hours: number | null;
  durationMinutes: number;
  offerId: string | null;
}

export interface PricedProvider {
  id: string;
  chargesCents: number;
  slotMinutes: number;
}

/**
 * The price of a booking: the service's line of the provider's price list (times the hours of an
 * hourly service), else the provider's charges for one visit; the platform's fee on it; an offer's
 * discount when the offer is the provider's own, active, for this service (or any) and a coupon.
 * 400 for hours that do not fit the service or an offer that does not apply. A booking that named
 * no service (`serviceNamed` false: it is priced at the provider's main service) takes
 * one hour of an hourly line, as its card's "from" price shows.
 */
export async function quote(
  db: Queryable,
  provider: PricedProvider,
  serviceId: string | null,
  hours: number | undefined,
  offerId: string | undefined,
  terms: MarketSettings,
  serviceNamed = true,
): Promise<Quote> {
  const [line] = serviceId
    ? await db
        .select({
          priceCents: providerPrices.priceCents,
          unit: providerPrices.unit,
          durationMinutes: providerPrices.durationMinutes,
        })
        .from(providerPrices)
        .where(and(eq(providerPrices.providerId, provider.id), eq(providerPrices.categoryId, serviceId)))
        .limit(1)
    : [];
  const hourly = line?.unit === 'hour';
  if (hourly && hours === undefined && !serviceNamed) hours = 1;
  if (hourly && hours === undefined) throw badRequest(t.hoursRequired, { hours: t.hoursRequired });
  if (!hourly && hours !== undefined) throw badRequest(t.hoursNotHourly, { hours: t.hoursNotHourly });
  const times = hourly ? (hours as number) : 1;
  const priced = { priceCents: line?.priceCents ?? provider.chargesCents, unit: line?.unit ?? 'visit' };
  const durationMinutes = jobMinutes(line, times, provider.slotMinutes);

  let coupon: CouponTerms | null = null;
  if (offerId) {
    const [offer] = await db
      .select({ discountCents: offers.discountCents, discountBasisPoints: offers.discountBasisPoints })
      .from(offers)
      .where(
        and(
          eq(offers.id, offerId),
          eq(offers.active, true),
          eq(offers.providerId, provider.id),
          // An offer for one service applies to that service only.
          serviceId
            ? sql`(${offers.categoryId} is null or ${offers.categoryId} = ${serviceId})`
            : isNull(offers.categoryId),
          sql`(${offers.discountCents} > 0 or ${offers.discountBasisPoints} > 0)`,
        ),
      )
      .limit(1);
    if (!offer) throw badRequest(t.offerNotApplicable, { offerId: t.offerNotApplicable });
    coupon = offer;
  }
  // The booking dialog's estimate uses the same rule (the contract's priceOf), so the two agree.
  return {
    ...priceOf(priced, times, terms.feeBasisPoints, coupon),
    hours: hourly ? (hours as number) : null,
    durationMinutes,
    offerId: offerId ?? null,
  };
}

// ---------------------------------------------------------------- holding and settling

/** Opens a card booking's payment row in the booking's transaction; the slot is held until `holdUntil`. */
export async function openCardPayment(tx: Tx, bookingId: string, amountCents: number, now: Date) {
  await tx
    .insert(cardPayments)
    .values({ bookingId, amountCents, holdUntil: new Date(now.getTime() + cardHoldMinutes * 60_000) });
}

/**
 * Holds a wallet booking's total: available amount → held, with its payment row. 409 with the
 * figures when the customer has too little available (a member without a wallet has nothing).
 */
export async function holdPayment(
  tx: Tx,
  booking: { id: string; customerId: string; totalCents: number; payment: PaymentMethod },
  providerName: string,
) {
  if (booking.payment !== 'wallet' || booking.totalCents === 0) return;
  const held = await ledger.hold(tx, {
    userId: booking.customerId,
    title: t.paymentTitle(providerName),
    amountCents: booking.totalCents,
    bookingId: booking.id,
  });
  if (held) return;
  const wallet = await ledger.walletFigures(tx, booking.customerId);
  const message = t.walletTooLow(
    `$${hundredthsText(wallet?.amountCents ?? 0)}`,
    `$${hundredthsText(booking.totalCents)}`,
  );
  // Named at `payment`: the booking dialog shows it at the choice of payment.
  throw conflict(message, { payment: message }, 'wallet_short');
}

/**
 * How long after Mark completed the provider may set the job back. The web offers Undo for 10
 * seconds; the rest allows for a slow connection. A card is charged only after it.
 */
export const reopenWithinSeconds = 30;

/**
 * A card booking ended (`bookingMoved`, in the booking's transaction): an authorized payment is
 * to be charged `chargedCents` (from `dueAt`), or released when 0. A payment still on Stripe's
 * page expires, and its page is closed. Answers whether an authorized payment was settled, so the
 * provider's earning is credited once.
 */
export async function cardBookingEnded(tx: Tx, bookingId: string, chargedCents: number, dueAt: Date, now: Date) {
  const [settled] = await tx
    .update(cardPayments)
    .set(
      chargedCents > 0
        ? { status: 'capturing', chargedCents, dueAt, updatedAt: now }
        : { status: 'releasing', dueAt: now, updatedAt: now },
    )
    .where(and(eq(cardPayments.bookingId, bookingId), eq(cardPayments.status, 'authorized')))
    .returning({ id: cardPayments.id });
  if (settled) return true;
  await tx
    .update(cardPayments)
    .set({ status: 'expired', dueAt: now, updatedAt: now })
    .where(and(eq(cardPayments.bookingId, bookingId), eq(cardPayments.status, 'open')));
  return false;
}

/**
 * Undo after Mark completed: a capture not made yet is called off, and the card holds the total
 * again. 'none' for a payment that was not being captured, 'charged' once Stripe was told.
 */
export async function captureCalledOff(tx: Tx, bookingId: string): Promise<'none' | 'called-off' | 'charged'> {
  const [row] = await tx
    .select({ status: cardPayments.status })
    .from(cardPayments)
    .where(eq(cardPayments.bookingId, bookingId))
    .for('update');
  if (row?.status === 'captured') return 'charged';
  if (row?.status !== 'capturing') return 'none';
  await tx
    .update(cardPayments)
    .set({ status: 'authorized', chargedCents: 0, dueAt: null, updatedAt: new Date() })
    .where(eq(cardPayments.bookingId, bookingId));
  return 'called-off';
}

/** The statuses that end a booking, and so its hold. */
export type Ending = Extract<BookingStatus, 'completed' | 'declined' | 'expired' | 'cancelled'>;

/**
 * A booking reached `status` (its row is already updated, in this transaction): writes its
 * timeline entry and settles its hold. `chargedCents`: what a late cancellation charges.
 */
export async function bookingMoved(tx: Tx, bookingId: string, status: BookingStatus, at: Date, chargedCents = 0) {
  await tx.insert(bookingEvents).values({ bookingId, status, at });
  if (status === 'awaiting_payment' || status === 'requested' || status === 'accepted') return;
  const [booking] = await tx
    .select({
      payment: bookings.payment,
      totalCents: bookings.totalCents,
      feeCents: bookings.feeCents,
      providerId: bookings.providerId,
      customerName: users.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  if (!booking || booking.payment === 'cash') return;
  // Captured in full on completion, the fee only on a late cancellation, else released.
  const paidCents = status === 'completed' ? booking.totalCents : Math.min(chargedCents, booking.totalCents);
  const settled =
    booking.payment === 'wallet'
      ? await ledger.settleHold(tx, bookingId, paidCents, at)
      : await cardBookingEnded(tx, bookingId, paidCents, status === 'completed' ? afterUndo(at) : at, at);
  if (!settled) return;
  const earnedCents = status === 'completed' ? booking.totalCents - booking.feeCents : paidCents;
  if (earnedCents <= 0) return;
  await ledger.earn(tx, {
    userId: booking.providerId,
    title: status === 'completed' ? t.earningTitle(booking.customerName) : t.cancellationFeeTitle(booking.customerName),
    amountCents: earnedCents,
    bookingId,
  });
}

const afterUndo = (at: Date) => new Date(at.getTime() + reopenWithinSeconds * 1000);

/**
 * Sets back what completing a wallet or card booking moved (its row is already accepted again, in
 * this transaction): the payment is held again (the whole total; a card's capture is called off),
 * and the provider's earning is taken back, which must still be in their wallet: 409
 * `earningMoved` otherwise (`cardCharged` once the card was charged), and the caller's transaction
 * rolls back.
 */
export async function completionUndone(tx: Tx, booking: { id: string; totalCents: number; payment: PaymentMethod }) {
  if (booking.payment === 'card') {
    const capture = await captureCalledOff(tx, booking.id);
    if (capture === 'charged') throw conflict(providerPortalText.cardCharged);
    if (capture === 'none') return;
  } else if (!(await ledger.holdAgain(tx, booking.id, booking.totalCents))) return;
  if ((await ledger.takeBackEarning(tx, booking.id)) === 'spent') throw conflict(providerPortalText.earningMoved);
}
