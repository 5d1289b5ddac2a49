// One booking as an iCalendar file: "Add to calendar" on its page. The event has the reminders'
// UID (bookings.reminders.ts), so a calendar that already holds the booking updates it instead of
// adding a copy, and a cancelled booking downloaded again cancels it there.
import { createEvent, type EventStatus } from 'ics';
import type { Role } from '../../../contract/common.js';
import { bookingReference, type BookingStatus } from '../../../contract/bookings.js';
import { reminderText } from '../../../contract/messages.js';
import type { Queryable } from '../../db/client.js';
import { bookingDetail } from './bookings.reads.js';

/** The one identity of a booking in every calendar, whether it came by mail or by download. */
export const eventUid = (bookingId: string) => `booking-${bookingId}@doorstep`;

const eventStatus: Record<BookingStatus, EventStatus> = {
  requested: 'TENTATIVE',
  accepted: 'CONFIRMED',
  completed: 'CONFIRMED',
  declined: 'CANCELLED',
  cancelled: 'CANCELLED',
  expired: 'CANCELLED',
  awaiting_payment: 'TENTATIVE',
};

export interface BookingCalendar {
  fileName: string;
  ics: string;
}

/**
 * The booking as a published event, for its customer, its provider or an administrator (the
 * same 403 and 404 as its page): its start in UTC, its expected duration, the other party in the
 * title (the provider for a customer or an administrator), the address as the location.
 */
export async function bookingCalendar(
  db: Queryable,
  viewer: { id: string; role: Role },
  bookingId: string,
): Promise<BookingCalendar> {
  const booking = await bookingDetail(db, viewer, bookingId);
  const other = viewer.id === booking.bookedto._id ? booking.customer.name : booking.bookedto.name;
  const reference = bookingReference(booking._id);
  const { error, value } = createEvent({
    uid: eventUid(booking._id),
    method: 'PUBLISH',
    productId: 'doorstep/bookings',
    start: Date.parse(booking.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: Math.floor(booking.durationMinutes / 60), minutes: booking.durationMinutes % 60 },
    title: reminderText.eventTitle(other),
    description: reminderText.eventDescription(
      [booking.service?.title, `Ref. ${reference}`, booking.description].filter(Boolean).join('. '),
    ),
    location: booking.address ?? undefined,
    status: eventStatus[booking.status],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be written');
  return { fileName: `doorstep-booking-${reference}.ics`, ics: value };
}
