// What one booking's page says that takes a rule to work out: whose version it is, how its payment
// stands, what cancelling now would cost, and the steps of its timeline still to come. Pure, so
// the tests can pass the time in.
import { contactDaysAfterCompletion, ongoingStatuses, type BookingStatus } from '../../../contract/bookings.js';
import { checkoutLimits, type BookingDetail } from '../../../contract/checkout.js';
import { bookingPageText as t, refundText } from '../../../contract/messages.js';
import { clockTime, dayMonthYear, zonedDateTime } from '../../lib/dates.js';
import { money } from '../../lib/format.js';

/** The customer's version, the provider's (the booking's own provider), or the back-office's. */
export type Viewer = 'customer' | 'provider' | 'admin';

export const viewerOf = (booking: Pick<BookingDetail, 'bookedto'>, memberId: string): 'customer' | 'provider' =>
  booking.bookedto._id === memberId ? 'provider' : 'customer';

/** Requested or accepted: it can still be moved, cancelled, answered or added to a calendar. */
export const isOngoing = (status: BookingStatus) => (ongoingStatuses as readonly string[]).includes(status);

/** Why a booking's provider no longer sees the customer's phone and street. */
export const contactHidden = (status: BookingStatus) =>
  status === 'completed' ? t.contactHidden.completed(contactDaysAfterCompletion) : t.contactHidden.notCarriedOut;

/** A route to the address in the maps app or site (Google Maps' public directions URL, no key). */
export const directionsUrl = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

type Priced = Pick<BookingDetail, 'payment' | 'status' | 'cancellationChargedCents' | 'card'>;

/** How the booking is paid, as its viewer reads it. */
export function paymentState(booking: Priced, viewer: Viewer): string {
  const s = t.paymentState;
  if (booking.payment === 'cash') return s.cash;
  if (booking.card) {
    const card = t.cardState;
    const { status, chargedCents, refundedCents } = booking.card;
    if (status !== 'capturing' && status !== 'captured') return card[status];
    return `${card[status](money(chargedCents))}${refundedCents > 0 ? refundText.refunded(money(refundedCents)) : ''}`;
  }
  if (isOngoing(booking.status)) return s.held;
  const yours = viewer === 'customer';
  if (booking.status === 'completed') return yours ? s.paid : s.paidByCustomer;
  const released = yours ? s.released : s.releasedToCustomer;
  return booking.cancellationChargedCents > 0
    ? `${released}${t.lessFee(money(booking.cancellationChargedCents))}`
    : released;
}

/**
 * What the provider's wallet got for a completed job paid from the wallet or by card
 * (bookings.payment.ts): the total less the platform fee. Null otherwise: cash is settled between
 * the two.
 */
export const providerShareCents = (booking: Pick<BookingDetail, 'payment' | 'status' | 'price'>): number | null =>
  booking.payment !== 'cash' && booking.status === 'completed'
    ? booking.price.totalCents - booking.price.feeCents
    : null;

type Cancellable = Pick<BookingDetail, 'status' | 'startsAt' | 'timeZone' | 'cancellationFeeCents' | 'price'>;

/**
 * The server's cancellation policy (bookings.lifecycle.ts cancelBooking): free while requested and,
 * once accepted, until 24 hours before the start; later the fee agreed when booking, at most the
 * total.
 */
export function cancelTerms(booking: Cancellable, now: Date) {
  if (booking.status !== 'accepted') return { free: true as const, until: null };
  const until = new Date(Date.parse(booking.startsAt) - checkoutLimits.freeCancelHours * 3_600_000);
  const feeCents = Math.min(booking.cancellationFeeCents, booking.price.totalCents);
  if (now < until || feeCents === 0) return { free: true as const, until: feeCents === 0 ? null : until, feeCents };
  return { free: false as const, until, feeCents };
}

/** The consequence of cancelling now, spelled out before the customer confirms. */
export function cancelConsequence(booking: Cancellable, now: Date): string {
  if (booking.status !== 'accepted') return t.freeRequested;
  const terms = cancelTerms(booking, now);
  if (!terms.free) return t.feeApplies(money(terms.feeCents));
  if (terms.until) return t.freeUntil(zonedDateTime(terms.until.toISOString(), booking.timeZone));
  return t.freeNoFee;
}

export interface TimelineStep {
  key: string;
  label: string;
  /** When it happened; null for a step still to come. */
  at: string | null;
  /** The step the booking is at now. */
  current: boolean;
  /** What a reschedule changed, and who made it. */
  detail?: string;
}

/** What comes next after each status, on the way to a completed job. */
const stepsAfter: Partial<Record<BookingStatus, BookingStatus[]>> = {
  awaiting_payment: ['requested', 'accepted', 'completed'],
  requested: ['accepted', 'completed'],
  accepted: ['completed'],
};

/** A local date and time as the page writes them: `10-12-2026, 9:00 AM`. */
const localTime = (date: string, time: string) => `${dayMonthYear(date)}, ${clockTime(time)}`;

/**
 * The steps the booking went through, each with its time, then those still to come: requested →
 * accepted → completed, or an ending (declined, cancelled, expired). Each reschedule is a step of
 * its own (from, to, by whom); it stands for the request it made again of an accepted booking. A
 * request after an acceptance with no reschedule known is named as the booking moved.
 */
export function timelineSteps(
  booking: Pick<BookingDetail, 'status' | 'timeline' | 'createdAt' | 'reschedules'>,
): TimelineStep[] {
  const events = booking.timeline.length ? booking.timeline : [{ status: 'requested' as const, at: booking.createdAt }];
  const moves = booking.reschedules;
  // A request made again: one after the first (a card booking's first follows its payment).
  const again = (index: number) =>
    events[index]?.status === 'requested' && events.slice(0, index).some((event) => event.status === 'requested');
  const done = [
    ...events.flatMap((event, index) =>
      again(index) && moves.length > 0
        ? []
        : [
            {
              key: `${event.status}-${index}`,
              label: again(index) ? t.step.requestedAgain : t.step[event.status],
              at: event.at,
            },
          ],
    ),
    ...moves.map((move, index) => ({
      key: `moved-${index}`,
      label: t.step.rescheduled,
      at: move.at,
      detail: t.moved(localTime(move.fromDate, move.fromTime), localTime(move.toDate, move.toTime), move.by),
    })),
  ]
    // In time order; the sort is stable, so steps of one instant keep the server's order.
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((step, index, all) => ({ ...step, current: index === all.length - 1 }));
  const next = (stepsAfter[booking.status] ?? []).map((status) => ({
    key: status,
    label: t.step[status],
    at: null,
    current: false,
  }));
  return [...done, ...next];
}

/** Accepted and its time has come: the provider may mark it completed (the server decides). */
export const canComplete = (booking: Pick<BookingDetail, 'status' | 'startsAt'>, now: Date) =>
  booking.status === 'accepted' && Date.parse(booking.startsAt) <= now.getTime();
