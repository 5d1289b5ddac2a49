// Booking, the booking lists, the provider's jobs and the admin's bookings and ratings. Web routes and API paths (relative to `/v1`).

export const routes = {
  ongoing: '/Ongoing',
  history: '/History',
  bookingList: '/bookinglist',
  ratings: '/ratings',
  providerJobs: '/provider/jobs',
  /** The back-office's marketplace terms: the platform fee and the late-cancellation fee. */
  settings: '/settings',
  /** One booking's page: its customer's, provider's or an admin's version. */
  booking: '/bookings/:id',
  /** The admin's version of one booking's page, in the back-office: `?id=`. */
  bookingDetail: '/bookingDetail',
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
  /** How many jobs each of the provider's tabs holds (the tabs' labels). */
  providerJobCounts: '/provider/jobs/counts',
  /** The provider's home: counts, requests to answer, today's and tomorrow's jobs, the month. */
  providerHome: '/provider/home',
  providerJobAction: '/provider/jobs/:id/:action',
  rescheduleBooking: '/services/reschedulebooking',
  adminBookings: '/admin/bookings',
  adminRatings: '/admin/ratings',
  hideRating: '/admin/ratings/hide',
  /** Part or all of a booking's card payment given back. */
  adminRefundBooking: '/admin/bookings/:id/refund',
  booking: '/bookings/:id',
  /** One booking as an iCalendar file (Add to calendar). */
  bookingCalendar: '/bookings/:id/calendar.ics',
  providerPrices: '/providers/:id/prices',
  myPrices: '/provider/prices',
  adminVendorPrices: '/admin/vendors/:id/prices',
  adminSettings: '/admin/settings',
  /** The marketplace's public terms (platform fee, late-cancellation fee) the booking dialog shows. */
  checkoutTerms: '/services/terms',
  /** Development only (DEV_OUTBOX=1): a booking's time passes, so a browser test can complete it. */
  devElapseBooking: '/dev/bookings/:id/elapse',
  /** Development only: card payments due after the provider's Undo are settled at Stripe now. */
  devSettleCards: '/dev/payments/settle',
} as const;
