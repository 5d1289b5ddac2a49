// Bookings, slots, ratings and address suggestions (customer.md §2 booking dialog, /Ongoing,
// /History, §5, §7; DESIGN.md §4). The web forms and the server check the same schemas, so the
// messages and their order are the spec's on both sides.
import { z } from 'zod';
import { cents } from './common.js';
import { bookingText as t, validation as v } from './messages.js';

export const bookingLimits = {
  /** Phone max length 10 (customer.md §9); fewer than 7 digits is no phone number. */
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
} as const;

/** The provider's local calendar date, `YYYY-MM-DD`. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
/** The provider's local time of day, `HH:MM` (24 h). */
export const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day: 2026-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A required string: empty, blank or missing gives `message`. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const bookingDate = required(v.bookingDate).refine(isCalendarDate, { error: t.dateInvalid });
export const bookingTime = required(v.bookingTime).regex(timePattern, { error: t.timeInvalid });

/**
 * The booking dialog's five fields, checked in the spec's order: date, time, phone, location,
 * description (customer.md §5).
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
 * POST /services/addbooking. The form's fields come first, so a person always reads the spec's
 * messages in the spec's order; `bookedby` must be the caller (403), `bookedto` the provider.
 */
export const addBookingBody = bookingForm.extend({
  bookedby: z.uuid(),
  bookedto: z.uuid(),
  /** The service category booked, when the customer came from one. */
  service_id: z.uuid().nullish(),
});
export type AddBookingBody = z.input<typeof addBookingBody>;

export const slotsParams = z.object({ providerId: z.uuid() });
export const slotsQuery = z.object({ date: bookingDate });
/** Free start times of one day, `HH:MM` in the provider's time zone, earliest first. */
export const slotList = z.array(z.string().regex(timePattern));

export const bookingStatuses = ['requested', 'accepted', 'declined', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const ongoingStatuses = ['requested', 'accepted'] as const satisfies readonly BookingStatus[];
export const previousStatuses = ['completed', 'declined', 'cancelled'] as const satisfies readonly BookingStatus[];

/** One booking in the customer's lists (customer.md §3 Booking (list)). */
export const bookingItem = z.object({
  _id: z.uuid(),
  /** The provider's local date and time, in `timeZone`. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  status: z.enum(bookingStatuses),
  address: z.string(),
  phone: z.string(),
  description: z.string(),
  charges: cents,
  service: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  bookedto: z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable(), address: z.string() }),
  rated: z.boolean(),
  /** The customer's own rating of this booking, once given. */
  rating: z.object({ count: z.number().int(), comment: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BookingItem = z.infer<typeof bookingItem>;

export const userIdParam = z.object({ userId: z.uuid() });

/**
 * POST /services/addrating: stars first, then the comment (customer.md §5), then the ids.
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

/** GET /places/autocomplete?q= */
export const placesQuery = z.object({ q: z.string().trim().max(bookingLimits.placesQueryMax).default('') });
export const placeSuggestion = z.object({ description: z.string() });
export type PlaceSuggestion = z.infer<typeof placeSuggestion>;
