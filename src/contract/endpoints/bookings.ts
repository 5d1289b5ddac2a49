// The member's booking calls (paths/bookings.ts), typed by the schemas of bookings.ts.
import type { AddBookingBody, AddRatingBody, BookingItem, PlaceSuggestion, RescheduleBody } from '../bookings.js';
import { getting, posting } from '../endpoint.js';
import { api } from '../paths/bookings.js';

export const bookingEndpoints = {
  freeSlots: getting<string[]>(api.availableSlots),
  add: posting<AddBookingBody, BookingItem>(api.addBooking),
  places: getting<PlaceSuggestion[]>(api.placesAutocomplete),
  ongoing: getting<BookingItem[]>(api.ongoingBookings),
  previous: getting<BookingItem[]>(api.previousBookings),
  /** A GET, the API's path as it is; answers a message. */
  cancel: getting<undefined>(api.cancelBooking),
  rate: posting<AddRatingBody, undefined>(api.addRating),
  reschedule: posting<RescheduleBody, BookingItem>(api.rescheduleBooking),
};
