// The checkout's rules without a screen: the coupons a booking can take, the instant a local time
// names in its zone, the bookings a new one overlaps, and the price as the server works it out.
import { describe, expect, it } from 'vitest';
import type { BookingItem } from '../../../contract/bookings.js';
import type { Offer } from '../../../contract/catalogue.js';
import { jobMinutes, priceOf } from '../../../contract/checkout.js';
import { localInstant } from '../../../contract/format.js';
import { fittingCoupons, overlappingBooking } from './checkout.js';

const provider = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const cleaning = '33333333-3333-4333-8333-333333333333';
const painting = '44444444-4444-4444-8444-444444444444';

function offer(id: string, providerId: string | null, coupon: Offer['coupon']): Offer {
  return {
    _id: id,
    name: 'Offer',
    title: `Offer ${id}`,
    image: null,
    aboutimage: null,
    amount: 1000,
    offer: 'Save',
    star: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
    user_id: providerId ? { _id: providerId, name: 'P', reviewCount: 0 } : null,
    coupon,
    city: null,
  };
}

describe('fittingCoupons', () => {
  const offers = [
    offer('any', provider, { discountCents: 500, discountBasisPoints: 0, categoryId: null }),
    offer('cleaning', provider, { discountCents: 0, discountBasisPoints: 1500, categoryId: cleaning }),
    offer('painting', provider, { discountCents: 3000, discountBasisPoints: 0, categoryId: painting }),
    offer('no-coupon', provider, null),
    offer('others', other, { discountCents: 500, discountBasisPoints: 0, categoryId: null }),
    offer('nobody', null, { discountCents: 500, discountBasisPoints: 0, categoryId: null }),
  ];

  it('keeps the provider’s own coupons for this service or any', () => {
    expect(fittingCoupons(offers, provider, cleaning).map((o) => o._id)).toEqual(['any', 'cleaning']);
  });

  it('without a service, any of the provider’s coupons applies (as the server allows)', () => {
    expect(fittingCoupons(offers, provider, '').map((o) => o._id)).toEqual(['any', 'cleaning', 'painting']);
  });
});

describe('localInstant', () => {
  it('reads a local time in its own zone, summer and winter', () => {
    expect(new Date(localInstant('2026-07-01', '09:00', 'America/Chicago') ?? NaN).toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    expect(new Date(localInstant('2026-01-15', '09:00', 'America/Chicago') ?? NaN).toISOString()).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    expect(new Date(localInstant('2026-07-01', '09:00', 'America/New_York') ?? NaN).toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
  });

  it('on the days the clocks change', () => {
    // 8 March 2026: 2:00 becomes 3:00 in Chicago; 1 November: 2:00 becomes 1:00.
    expect(new Date(localInstant('2026-03-08', '10:00', 'America/Chicago') ?? NaN).toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    expect(new Date(localInstant('2026-11-01', '10:00', 'America/Chicago') ?? NaN).toISOString()).toBe(
      '2026-11-01T16:00:00.000Z',
    );
  });
});

describe('overlappingBooking', () => {
  const booking = (over: Partial<BookingItem>): BookingItem =>
    ({
      _id: crypto.randomUUID(),
      date: '2026-07-01',
      time: '10:00',
      timeZone: 'America/Chicago',
      durationMinutes: 120,
      status: 'accepted',
      bookedto: { _id: other, name: 'Maria', image: null, address: '' },
      ...over,
    }) as BookingItem;

  const slot = { date: '2026-07-01', time: '11:00', timeZone: 'America/Chicago', durationMinutes: 60 };

  it('finds a requested or accepted booking whose time meets the new one', () => {
    const mine = booking({});
    expect(overlappingBooking([mine], slot)).toBe(mine);
    expect(overlappingBooking([booking({ status: 'requested' })], slot)).toBeDefined();
  });

  it('leaves one that ends as the new one starts, or is over, or in another zone’s hours', () => {
    expect(overlappingBooking([booking({ durationMinutes: 60 })], slot)).toBeUndefined();
    expect(overlappingBooking([booking({ status: 'cancelled' })], slot)).toBeUndefined();
    // 12:00 in New York is 11:00 in Chicago: the same hour.
    expect(
      overlappingBooking([booking({ time: '12:00', timeZone: 'America/New_York', durationMinutes: 30 })], slot),
    ).toBeDefined();
    // 13:00 in New York is 12:00 in Chicago: after the new one ends.
    expect(overlappingBooking([booking({ time: '13:00', timeZone: 'America/New_York' })], slot)).toBeUndefined();
  });
});

describe('jobMinutes and priceOf', () => {
  it('an hourly line takes and costs its hours; a visit once', () => {
    const hourly = { priceCents: 4000, unit: 'hour' as const, durationMinutes: 60 };
    expect(jobMinutes(hourly, 3, 45)).toBe(180);
    expect(jobMinutes({ ...hourly, unit: 'visit' }, 3, 45)).toBe(60);
    expect(jobMinutes(hourly, 13, 45)).toBe(720);
    // A service without a line of its own takes one slot, as the server books it.
    expect(jobMinutes(undefined, 3, 45)).toBe(45);
    expect(priceOf(hourly, 2, 1000, { discountCents: 1000, discountBasisPoints: 0 })).toEqual({
      serviceCents: 8000,
      feeCents: 800,
      discountCents: 1000,
      totalCents: 7800,
    });
    expect(
      priceOf({ priceCents: 3333, unit: 'visit' }, 5, 1250, { discountCents: 0, discountBasisPoints: 1500 }),
    ).toEqual({
      serviceCents: 3333,
      feeCents: 417,
      discountCents: 500,
      totalCents: 3250,
    });
    // A coupon never takes more than the service.
    expect(
      priceOf({ priceCents: 500, unit: 'visit' }, 1, 0, { discountCents: 900, discountBasisPoints: 0 }).totalCents,
    ).toBe(0);
  });
});
