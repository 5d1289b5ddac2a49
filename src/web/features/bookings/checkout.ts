// The checkout's rules that need no screen: which of the Best Offers a booking can take as a
// coupon (the server's rule: the provider's own, for this service or any, with coupon terms), and
// which of the customer's bookings a new one would overlap (their times read in their own zones).
import type { BookingItem } from '../../../contract/bookings.js';
import type { Offer } from '../../../contract/catalogue.js';

export type CouponOffer = Offer & { coupon: NonNullable<Offer['coupon']> };

/** The provider's offers that apply to a booking of `serviceId` ('' for none chosen), newest first. */
export function fittingCoupons(offers: readonly Offer[], providerId: string, serviceId: string): CouponOffer[] {
  return offers.filter(
    (offer): offer is CouponOffer =>
      offer.coupon !== null &&
      offer.user_id?._id === providerId &&
      (!serviceId || offer.coupon.categoryId === null || offer.coupon.categoryId === serviceId),
  );
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clock is ahead of UTC at the instant `ms`, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/** The instant a local `YYYY-MM-DD` and `HH:MM` in `timeZone` names, in ms since the epoch. */
export function instantOf(date: string, time: string, timeZone: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, min = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  // The zone's offset at that wall time, checked once more where a change of clocks lies between.
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

export interface PlannedSlot {
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
}

/** The first of the customer's requested or accepted bookings whose time overlaps `slot`'s. */
export function overlappingBooking(bookings: readonly BookingItem[], slot: PlannedSlot): BookingItem | undefined {
  const start = instantOf(slot.date, slot.time, slot.timeZone);
  const end = start + Math.max(slot.durationMinutes, 1) * 60_000;
  return bookings.find((booking) => {
    if (booking.status !== 'requested' && booking.status !== 'accepted') return false;
    const otherStart = instantOf(booking.date, booking.time, booking.timeZone);
    const otherEnd = otherStart + Math.max(booking.durationMinutes, 1) * 60_000;
    return start < otherEnd && otherStart < end;
  });
}
