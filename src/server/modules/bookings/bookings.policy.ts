// Who may do what with a booking (DESIGN.md §2, §4). Pure functions the routes, the service and
// the tests call; each throws the typed error the client sees.
import { bookingText } from '../../../contract/messages.js';
import type { BookingStatus } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../errors.js';

interface BookingParties {
  customerId: string;
  providerId: string;
  status: BookingStatus;
}

/** A member books someone else; ids in the body must be the caller's own (checked by assertSelf). */
export function assertCanBook(callerId: string, providerId: string) {
  if (callerId === providerId) throw badRequest(bookingText.cannotBookYourself);
}

/** Only the booking's customer cancels, and only while it is requested or accepted. */
export function assertCanCancel(booking: BookingParties, callerId: string) {
  if (booking.customerId !== callerId) throw forbidden();
  if (booking.status !== 'requested' && booking.status !== 'accepted') throw conflict(bookingText.notCancellable);
}

/** Only the booking's customer rates, only a completed booking, and only its own provider. */
export function assertCanRate(booking: BookingParties, callerId: string, rateTo: string) {
  if (booking.customerId !== callerId) throw forbidden();
  if (booking.status !== 'completed') throw badRequest(bookingText.onlyCompletedRated);
  if (booking.providerId !== rateTo) throw badRequest(bookingText.wrongProvider);
}
