// Bookings, slots, ratings and address suggestions (the booking dialog,
// /Ongoing, /History). The web forms and the server check the same schemas, so the messages and
// their order are the same on both sides.
import { z } from 'zod';
import { listQuery } from './admin.js';
import { cents } from './common.js';
import { radius } from './format.js';
import { portalCities } from './places.js';
import {
  adminBookingText as a,
  bookingText as t,
  checkoutText,
  providerText,
  rescheduleText,
  validation as v,
} from './messages.js';

export const bookingLimits = {
  /** Phone max length 10; fewer than 7 digits is no phone number. */
  phoneMin: 7,
  phoneMax: 10,
  addressMax: 200,
  descriptionMax: 1000,
  commentMax: 1000,
  /** A booking can be made at most this many days ahead. */
  maxDaysAhead: 90,
  /** No slot starts sooner than this after now (in the provider's time zone). */
  leadMinutes: 120,
  /** Places autocomplete: suggestions answered, query length from and to. */
  placesMax: 8,
  placesQueryMin: 2,
  placesQueryMax: 100,
  /** Hours of an hourly service in one booking. */
  hoursMax: 8,
  /** The longest job, minutes. */
  jobMinutesMax: 720,
} as const;

/** `card`: paid on Stripe's page, held on the card and charged on completion (bookings.cards.ts). */
export const paymentMethods = ['cash', 'wallet', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What a booking costs: the service (times its hours), the platform's fee, a coupon, the total. */
export const bookingPrice = z.object({
  serviceCents: cents,
  feeCents: cents,
  discountCents: cents,
  totalCents: cents,
});
export type BookingPrice = z.infer<typeof bookingPrice>;

/** The provider's local calendar date, `YYYY-MM-DD`. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
/** The provider's local time of day, `HH:MM` (24 h). */
export const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A real calendar day in 2000–2099: 2026-02-30 is not one, and a day as far as 9999-12-30 or
 * 0001-01-01 would only make work (a calendar, a range of day buckets) that nobody asked for.
 */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 2099) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A required string: empty, blank or missing gives `message`. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const bookingDate = required(v.bookingDate).refine(isCalendarDate, { error: t.dateInvalid });
export const bookingTime = required(v.bookingTime).regex(timePattern, { error: t.timeInvalid });

/**
 * The booking dialog's five fields, checked in this order: date, time, phone, location,
 * description.
 */
export const bookingForm = z.object({
  date: bookingDate,
  time: bookingTime,
  phone: required(v.bookingPhone)
    .regex(/^\d+$/, { error: t.phoneInvalid, abort: true })
    .min(bookingLimits.phoneMin, { error: t.phoneInvalid })
    .max(bookingLimits.phoneMax, { error: t.phoneInvalid }),
  address: required(v.bookingLocation).max(bookingLimits.addressMax, { error: t.addressTooLong }),
  description: required(v.bookingDescription).max(bookingLimits.descriptionMax, { error: t.descriptionTooLong }),
});
export type BookingForm = z.input<typeof bookingForm>;

/**
 * POST /services/addbooking. The form's fields come first, so a person always reads the form's
 * messages in the form's order. A member books for themself: `bookedby` must be the caller (403).
 * An administrator books for any customer (the Create Booking modal, which has no description:
 * the description is required of members only, checked last, after this schema).
 */
export const addBookingBody = bookingForm.extend({
  description: bookingForm.shape.description.optional(),
  bookedby: z.uuid({ error: a.bookedByRequired }),
  bookedto: z.uuid({ error: a.bookedToRequired }),
  /** The service category booked, when the customer came from one. */
  service_id: z.uuid().nullish(),
  /** The same as `service_id` (checkout's name); both given must agree. */
  serviceId: z.uuid().optional(),
  /** Hours of an hourly service. */
  hours: z
    .number({ error: checkoutText.hoursRequired })
    .int({ error: checkoutText.hoursRequired })
    .min(1, { error: checkoutText.hoursRequired })
    .max(bookingLimits.hoursMax, { error: checkoutText.hoursRequired })
    .optional(),
  /** Cash on completion (the default) or from the wallet: held now, paid on completion. */
  payment: z.enum(paymentMethods, { error: checkoutText.paymentInvalid }).optional(),
  /** A Best Offers offer applied as a coupon. */
  offerId: z.uuid({ error: checkoutText.offerNotApplicable }).optional(),
  /** The total the customer reviewed, in cents: a booking that would cost otherwise is a 409. */
  expectedTotalCents: z.number().int().min(0).max(1_000_000_000).optional(),
  /** Where the customer looks: a street typed without its city is read there, then in the provider's. */
  city: z.enum(portalCities).optional(),
});
export type AddBookingBody = z.input<typeof addBookingBody>;

/**
 * The admin's Create Booking modal: Booked By, Booked To, Date, Time, Phone,
 * Address, all required, in that order. The same field rules as `addBookingBody`.
 */
export const adminBookingForm = z.object({
  bookedby: addBookingBody.shape.bookedby,
  bookedto: addBookingBody.shape.bookedto,
  date: bookingForm.shape.date,
  time: bookingForm.shape.time,
  phone: bookingForm.shape.phone,
  address: bookingForm.shape.address,
});
export type AdminBookingForm = z.input<typeof adminBookingForm>;

/**
 * The reschedule dialog (/Ongoing): a new date and one of its free times, checked like the
 * booking dialog's first two fields.
 */
export const rescheduleForm = z.object({ date: bookingDate, time: bookingTime });
export type RescheduleForm = z.input<typeof rescheduleForm>;

/** POST /services/reschedulebooking: the caller's own requested or accepted booking moves to a free slot. */
export const rescheduleBody = rescheduleForm.extend({ id: z.uuid({ error: rescheduleText.idInvalid }) });
export type RescheduleBody = z.input<typeof rescheduleBody>;

export const slotsParams = z.object({ providerId: z.uuid() });
export const slotsQuery = z.object({
  date: bookingDate,
  /** Only the starts with room for a job this long (the service's duration, times its hours); one slot when not given. */
  minutes: z.coerce.number().int().min(1).max(bookingLimits.jobMinutesMax).optional(),
});
/** Free start times of one day, `HH:MM` in the provider's time zone, earliest first. */
export const slotList = z.array(z.string().regex(timePattern));

/**
 * `expired`: a request the provider did not answer in time (bookings.expiry.ts), or a card booking
 * not paid in time. `awaiting_payment`: a card booking whose customer is on Stripe's page; it holds
 * its slot, and becomes a request only when Stripe's webhook says the card was authorized.
 */
export const bookingStatuses = [
  'requested',
  'accepted',
  'declined',
  'completed',
  'cancelled',
  'expired',
  'awaiting_payment',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** What the provider answers or does: a request, or an accepted job. */
export const ongoingStatuses = ['requested', 'accepted'] as const satisfies readonly BookingStatus[];
/** A booking that keeps its slot from others: one being paid for, a request, an accepted job. */
export const slotHoldingStatuses = ['awaiting_payment', ...ongoingStatuses] as const satisfies readonly BookingStatus[];
export const previousStatuses = [
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly BookingStatus[];

/**
 * Days after a job was completed during which its provider still sees the customer's phone and
 * street (to settle what the job left open); a request or job that ended otherwise shows neither.
 */
export const contactDaysAfterCompletion = 7;

/**
 * The customer's phone and street as a booking's provider may lose them (`contactDaysAfterCompletion`):
 * the phone is then null and the address the booking's area (null when it cannot be told).
 */
export const providerContact = {
  /** Null once the provider no longer sees it. */
  phone: z.string().nullable(),
  /** The street, or only the area ("Deep Ellum, Dallas") once the provider no longer sees the street. */
  address: z.string().nullable(),
};

/** A booking's reference as people quote it: the first 8 characters of its id in upper case. */
export const bookingReference = (id: string) => id.slice(0, 8).toUpperCase();

/** One booking in the customer's lists */
export const bookingItem = z.object({
  _id: z.uuid(),
  /** The provider's local date and time, in `timeZone`. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  /** How long the job takes from its start, minutes (the service's duration, times its hours). */
  durationMinutes: z.number().int(),
  status: z.enum(bookingStatuses),
  address: z.string(),
  phone: z.string(),
  description: z.string(),
  charges: cents,
  price: bookingPrice,
  payment: z.enum(paymentMethods),
  service: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  bookedto: z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable(), address: z.string() }),
  rated: z.boolean(),
  /** The customer's own rating of this booking, once given. */
  rating: z.object({ count: z.number().int(), comment: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BookingItem = z.infer<typeof bookingItem>;

/** A new booking; one paid by card comes with Stripe's page to pay on (`payUrl`). */
export const bookingMade = bookingItem.extend({ payUrl: z.url().optional() });
export type BookingMade = z.infer<typeof bookingMade>;

export const userIdParam = z.object({ userId: z.uuid() });

/**
 * POST /services/addrating: stars first, then the comment, then the ids.
 * `rate_by` must be the caller, `rate_to` the booking's provider.
 */
export const ratingForm = z.object({
  count: z
    .number({ error: v.ratingStars })
    .int({ error: v.ratingStars })
    .min(1, { error: v.ratingStars })
    .max(5, { error: v.ratingStars }),
  comment: required(v.ratingComment).max(bookingLimits.commentMax, { error: t.commentTooLong }),
});
export type RatingForm = z.input<typeof ratingForm>;

export const addRatingBody = ratingForm.extend({
  rate_by: z.uuid(),
  rate_to: z.uuid(),
  booking_id: z.uuid(),
});
export type AddRatingBody = z.input<typeof addRatingBody>;

/**
 * GET /places/autocomplete?q=&city=: `city` is where the customer looks (else the provider's city),
 * where a street typed without its city is read.
 */
export const placesQuery = z.object({
  q: z.string().trim().max(bookingLimits.placesQueryMax).default(''),
  city: z.enum(portalCities).optional(),
});
export const placeSuggestion = z.object({ description: z.string() });
export type PlaceSuggestion = z.infer<typeof placeSuggestion>;

// ---------------------------------------------------------------- the provider's service area

/** GET /providers/:id/serves?address=&city=: the booking dialog asks before Confirm (`city` as in booking). */
export const servesQuery = z.object({ address: bookingForm.shape.address, city: addBookingBody.shape.city });

/** Whether a booking at an address is in the provider's service area, and what the answer rests on. */
export const serviceArea = z.object({
  /** The address is placed within `radiusKm` of the provider's base point. */
  serves: z.boolean(),
  /** Great-circle km from the provider's base point, one decimal; null for an address we cannot place. */
  km: z.number().nullable(),
  /** Where the provider is based, without its street ("Deep Ellum, Dallas"), as its card shows it. */
  area: z.string(),
  radiusKm: z.number().int(),
  /** Placed by its ZIP code or city only, not a street or neighbourhood: the provider confirms the spot. */
  approximate: z.boolean(),
});
export type ServiceArea = z.infer<typeof serviceArea>;

/** Why a booking at the address is refused (an address we cannot place, or one too far), or null. */
export function serviceAreaRefusal(provider: string, answer: ServiceArea): string | null {
  if (answer.serves) return null;
  return answer.km === null ? t.addressNotFound : t.outsideServiceArea(provider, radius(answer.radiusKm), answer.area);
}

// ---------------------------------------------------------------- the admin's lists (/bookinglist, /ratings, /vendorDetail)

/** A provider's own rows only (the vendor detail page). */
const providerFilter = { providerId: z.uuid({ error: providerText.providerIdInvalid }).optional() };

/** GET /admin/bookings: date sorts by date and time; newest made first by default. */
export const adminBookingSorts = ['date', 'customer', 'provider', 'createdAt'] as const;
export const adminBookingQuery = listQuery(adminBookingSorts).extend({
  ...providerFilter,
  /** The list's Status filter: bookings in this status only. */
  status: z.enum(bookingStatuses, { error: a.statusInvalid }).optional(),
  /** `attention`: bookings whose card payment waits for an administrator (disputed, or refused by Stripe). */
  payment: z.enum(['attention']).optional(),
});

const party = z.object({ _id: z.uuid(), name: z.string() });

/** One booking as the admin lists it (Booking: bookedby.name, bookedto.name, address, time, phone, date). */
export const adminBookingRow = z.object({
  _id: z.uuid(),
  /** The provider's local date and time, in `timeZone`. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  status: z.enum(bookingStatuses),
  address: z.string(),
  phone: z.string(),
  bookedby: party,
  bookedto: party,
  /** The service category booked, when the booking names one. */
  service: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  /** What the booking costs the customer, fee included and discount taken. */
  totalCents: cents,
  /** Made by an administrator with the Create Booking modal. */
  byAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminBookingRow = z.infer<typeof adminBookingRow>;

/** GET /admin/ratings: newest first by default; rating sorts by the stars. */
export const adminRatingSorts = ['date', 'rating', 'customer', 'provider'] as const;
/** The ratings list's Status filter: those customers see, or those the admin hid. */
export const ratingStatuses = ['visible', 'hidden'] as const;
export type RatingStatus = (typeof ratingStatuses)[number];
export const adminRatingQuery = listQuery(adminRatingSorts).extend({
  ...providerFilter,
  status: z.enum(ratingStatuses, { error: a.ratingStatusInvalid }).optional(),
});

/** A rating as the admin sees it, hidden ones included. */
export const adminRatingRow = z.object({
  _id: z.uuid(),
  count: z.number().int().min(1).max(5),
  comment: z.string(),
  /** Hidden ratings show to no customer and leave the provider's average. */
  hidden: z.boolean(),
  createdAt: z.string(),
  rate_by: party,
  rate_to: party,
});
export type AdminRatingRow = z.infer<typeof adminRatingRow>;

/** POST /admin/ratings/hide: hide a review from customers, or show it again. */
export const hideRatingBody = z.object({
  id: z.uuid({ error: a.ratingIdInvalid }),
  hidden: z.boolean({ error: a.hiddenInvalid }),
});
export type HideRatingBody = z.infer<typeof hideRatingBody>;
export const hideRatingResult = z.object({ _id: z.uuid(), hidden: z.boolean() });
