// Booking, the booking lists, the provider's jobs and the admin's bookings and ratings. Web routes and API paths (relative to `/v1`).

export const routes = {
  ongoing: '/Ongoing',
  history: '/History',
  bookingList: '/bookinglist',
  ratings: '/ratings',
  providerJobs: '/provider/jobs',
} as const;

export const api = {
  availableSlots: '/services/availableSlots/:providerId',
  addBooking: '/services/addbooking',
  ongoingBookings: '/services/ongoingBookingList/:userId',
  previousBookings: '/services/previousBookingList/:userId',
  cancelBooking: '/services/deletebooking/:id',
  addRating: '/services/addrating',
  placesAutocomplete: '/places/autocomplete',
  placesSearch: '/places/search',
  providerJobs: '/provider/jobs',
  providerJobAction: '/provider/jobs/:id/:action',
  rescheduleBooking: '/services/reschedulebooking',
  adminBookings: '/admin/bookings',
  adminRatings: '/admin/ratings',
  hideRating: '/admin/ratings/hide',
} as const;
