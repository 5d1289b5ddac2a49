// Checkout: a provider's price list, what a booking costs (service, the platform's fee, a coupon,
// the total) and how it is paid, the marketplace's terms the admin sets, and one booking's page
// with its timeline. Money is integer cents everywhere.
import { z } from 'zod';
import {
  bookingForm,
  bookingItem,
  bookingLimits,
  bookingStatuses,
  paymentMethods,
  providerContact,
  type BookingPrice,
} from './bookings.js';
export { bookingPrice, paymentMethods, type BookingPrice, type PaymentMethod } from './bookings.js';
import { cents } from './common.js';
import { cardPayment } from './payments.js';
import { checkoutFormText, checkoutText as t } from './messages.js';

export const priceUnits = ['visit', 'hour'] as const;
export type PriceUnit = (typeof priceUnits)[number];

export const checkoutLimits = {
  priceMinCents: 100,
  priceMaxCents: 10_000_000,
  durationMin: 15,
  durationMax: bookingLimits.jobMinutesMax,
  /** The platform fee, hundredths of a percent (50% = 5000). */
  feeMaxBasisPoints: 5000,
  cancellationFeeMaxCents: 100_000,
  /** Free cancellation until this long before the start, even once accepted. */
  freeCancelHours: 24,
} as const;

/** One line of a provider's price list (GET /providers/{id}/prices). */
export const priceItem = z.object({
  serviceId: z.uuid(),
  title: z.string(),
  priceCents: cents,
  unit: z.enum(priceUnits),
  durationMinutes: z.number().int(),
});
export type PriceItem = z.infer<typeof priceItem>;

/** PUT /provider/prices: the whole list, one line per offered service. */
export const pricesBody = z.object({
  prices: z
    .array(
      z.object({
        serviceId: z.uuid({ error: t.priceListInvalid }),
        priceCents: z
          .number({ error: t.priceInvalid })
          .int({ error: t.priceInvalid })
          .min(checkoutLimits.priceMinCents, { error: t.priceInvalid })
          .max(checkoutLimits.priceMaxCents, { error: t.priceInvalid }),
        unit: z.enum(priceUnits, { error: t.priceListInvalid }),
        durationMinutes: z
          .number({ error: t.durationInvalid })
          .int({ error: t.durationInvalid })
          .min(checkoutLimits.durationMin, { error: t.durationInvalid })
          .max(checkoutLimits.durationMax, { error: t.durationInvalid }),
      }),
    )
    .max(50, { error: t.priceListInvalid })
    .refine((lines) => new Set(lines.map((l) => l.serviceId)).size === lines.length, { error: t.priceListInvalid }),
});
export type PricesBody = z.input<typeof pricesBody>;

/** The marketplace's terms (GET/PUT /admin/settings). */
export const marketSettings = z.object({
  feeBasisPoints: z
    .number({ error: t.feeInvalid })
    .int({ error: t.feeInvalid })
    .min(0, { error: t.feeInvalid })
    .max(checkoutLimits.feeMaxBasisPoints, { error: t.feeInvalid }),
  cancellationFeeCents: z
    .number({ error: t.cancellationFeeInvalid })
    .int({ error: t.cancellationFeeInvalid })
    .min(0, { error: t.cancellationFeeInvalid })
    .max(checkoutLimits.cancellationFeeMaxCents, { error: t.cancellationFeeInvalid }),
});
export type MarketSettings = z.infer<typeof marketSettings>;

/**
 * GET /bookings/{id}: one booking for its customer, its provider or an admin; the customer and an
 * admin always see the phone and street, its provider as `providerContact` says.
 */
export const bookingDetail = bookingItem.extend({
  ...providerContact,
  customer: z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable() }),
  /** The instant the job starts (`date` and `time` read in `timeZone`), ISO 8601. */
  startsAt: z.string(),
  hours: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  /** The late-cancellation fee of the policy shown when booked, and what a late cancellation charged. */
  cancellationFeeCents: cents,
  cancellationChargedCents: cents,
  timeline: z.array(z.object({ status: z.enum(bookingStatuses), at: z.string() })),
  /** A booking paid by card: how its payment stands. Null for wallet and cash. */
  card: cardPayment.nullable(),
  /** Each time its customer moved it, oldest first: from and to (the provider's local date and time), when, by whom. */
  reschedules: z.array(
    z.object({
      at: z.string(),
      fromDate: z.string(),
      fromTime: z.string(),
      toDate: z.string(),
      toTime: z.string(),
      by: z.string(),
    }),
  ),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

// ---------------------------------------------------------------- pricing a booking

/** `basisPoints` hundredths of a percent of `cents`, rounded half up: the fee, a percentage coupon. */
export const shareOf = (cents: number, basisPoints: number) => Math.round((cents * basisPoints) / 10_000);

/** An offer's coupon terms: money off, or a share of the service price. */
export interface CouponTerms {
  discountCents: number;
  discountBasisPoints: number;
}

/** What a coupon takes off a service price: its money off or its share, never more than the price. */
export const couponDiscount = (coupon: CouponTerms, serviceCents: number) =>
  Math.min(coupon.discountCents || shareOf(serviceCents, coupon.discountBasisPoints), serviceCents);

/**
 * How long a job takes: its line's duration (one slot of the provider's when the service has no
 * line of its own), times the hours of an hourly line, at most the longest job.
 */
export const jobMinutes = (
  line: { durationMinutes: number; unit: PriceUnit } | undefined,
  hours: number,
  slotMinutes: number,
) => Math.min((line?.durationMinutes ?? slotMinutes) * (line?.unit === 'hour' ? hours : 1), checkoutLimits.durationMax);

/**
 * A booking's price as the server works it out (bookings.payment.ts `quote`): the line's price
 * (times the hours of an hourly line), the platform's fee on it, a coupon's discount, the total.
 */
export function priceOf(
  line: { priceCents: number; unit: PriceUnit },
  hours: number,
  feeBasisPoints: number,
  coupon: CouponTerms | null,
): BookingPrice {
  const serviceCents = line.priceCents * (line.unit === 'hour' ? hours : 1);
  const feeCents = shareOf(serviceCents, feeBasisPoints);
  const discountCents = coupon ? couponDiscount(coupon, serviceCents) : 0;
  return { serviceCents, feeCents, discountCents, totalCents: serviceCents + feeCents - discountCents };
}

/**
 * The booking dialog's checkout: the service first (a choice is required when the provider lists
 * any) and its hours, then the booking form's five fields in their order, then how to pay
 * and the coupon applied ('' for none). Hours matter for an hourly service only.
 */
export const checkoutForm = (serviceRequired: boolean) =>
  z.object({
    serviceId: serviceRequired
      ? z.string({ error: checkoutFormText.serviceRequired }).min(1, { error: checkoutFormText.serviceRequired })
      : z.string(),
    hours: z
      .number({ error: t.hoursRequired })
      .int({ error: t.hoursRequired })
      .min(1, { error: t.hoursRequired })
      .max(bookingLimits.hoursMax, { error: t.hoursRequired }),
    ...bookingForm.shape,
    payment: z.enum(paymentMethods, { error: t.paymentInvalid }),
    offerId: z.string(),
  });
export type CheckoutForm = z.input<ReturnType<typeof checkoutForm>>;
