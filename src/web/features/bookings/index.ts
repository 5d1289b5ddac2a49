// What bookings offer other features: the booking dialog, and the admin's booking and rating
// lists that a provider's detail page shows.
export { BookingDialog } from './BookingDialog.js';
export { BookingListing } from './admin/BookingListing.js';
export { RatingListing } from './admin/RatingListing.js';
