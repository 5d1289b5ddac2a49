// Who may do what with a booking. Pure functions the routes, the service and
// the tests call; each throws the typed error the client sees.
import { slotHoldingStatuses } from '../../../contract/bookings.js';
import type { Role } from '../../../contract/common.js';
import { bookingText, rescheduleText, validation } from '../../../contract/messages.js';
import type { BookingStatus } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../errors.js';

interface BookingParties {
  customerId: string;
  providerId: string;
  status: BookingStatus;
}

interface Caller {
  id: string;
  role: Role;
}

/**
 * Who a booking is for. A member books for themself only: another `bookedby` is refused (403).
 * An administrator books for any customer (the Create Booking modal); the service checks that
 * the id is a customer who may book.
 */
export function customerOfBooking(caller: Caller, bookedby: string): string {
  if (caller.role === 'admin') return bookedby;
  if (bookedby !== caller.id) throw forbidden();
  return caller.id;
}

/**
 * The job's description: a member must describe it (checked after the other fields, as
 * the form does); the admin's modal has no such field, so it may be left out.
 */
export function descriptionOfBooking(caller: Caller, description: string | undefined): string {
  if (description !== undefined) return description;
  if (caller.role === 'admin') return '';
  throw badRequest(validation.bookingDescription, { description: validation.bookingDescription });
}

/** Nobody books themself with their own provider account. */
export function assertCanBook(customerId: string, providerId: string) {
  if (customerId === providerId) throw badRequest(bookingText.cannotBookYourself);
}

/** Only the booking's customer cancels, and only while it is requested or accepted. */
export function assertCanCancel(booking: BookingParties, callerId: string) {
  if (booking.customerId !== callerId) throw forbidden();
  if (booking.status === 'expired') throw conflict(bookingText.requestExpired);
  if (!(slotHoldingStatuses as readonly string[]).includes(booking.status)) throw conflict(bookingText.notCancellable);
}

/** Only the booking's customer rates, only a completed booking, and only its own provider. */
export function assertCanRate(booking: BookingParties, callerId: string, rateTo: string) {
  if (booking.customerId !== callerId) throw forbidden();
  if (booking.status !== 'completed') throw badRequest(bookingText.onlyCompletedRated);
  if (booking.providerId !== rateTo) throw badRequest(bookingText.wrongProvider);
}

/** Only the booking's customer moves it, and only while it is requested or accepted. */
export function assertCanReschedule(booking: BookingParties, callerId: string) {
  if (booking.customerId !== callerId) throw forbidden();
  if (booking.status === 'expired') throw conflict(bookingText.requestExpired);
  if (booking.status !== 'requested' && booking.status !== 'accepted') throw conflict(rescheduleText.notReschedulable);
}
