// The checkout's rules that need no screen: which of the Best Offers a booking can take as a
// coupon (the server's rule: the provider's own, for this service or any, with coupon terms), and
// which of the customer's bookings a new one would overlap (their times read in their own zones).
import type { BookingItem } from '../../../contract/bookings.js';
import type { Offer } from '../../../contract/catalogue.js';
import { localInstant } from '../../../contract/format.js';

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

export interface PlannedSlot {
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
}

/** The first of the customer's requested or accepted bookings whose time overlaps `slot`'s. */
export function overlappingBooking(bookings: readonly BookingItem[], slot: PlannedSlot): BookingItem | undefined {
  const start = localInstant(slot.date, slot.time, slot.timeZone);
  if (start === null) return undefined;
  const end = start + Math.max(slot.durationMinutes, 1) * 60_000;
  return bookings.find((booking) => {
    if (booking.status !== 'requested' && booking.status !== 'accepted') return false;
    const otherStart = localInstant(booking.date, booking.time, booking.timeZone);
    if (otherStart === null) return false;
    const otherEnd = otherStart + Math.max(booking.durationMinutes, 1) * 60_000;
    return start < otherEnd && otherStart < end;
  });
}
