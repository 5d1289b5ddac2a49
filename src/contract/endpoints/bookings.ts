// The booking calls (paths/bookings.ts): the member's, checkout's, one booking's page, the provider
// portal's jobs and price list, and the admin's; typed by the schemas of bookings.ts, checkout.ts
// and portal.ts.
import type { z } from 'zod';
import type {
  AddBookingBody,
  AddRatingBody,
  BookingItem,
  BookingMade,
  hideRatingBody,
  hideRatingResult,
  PlaceSuggestion,
  RescheduleBody,
} from '../bookings.js';
import type { BookingDetail, MarketSettings, marketSettings, PriceItem, PricesBody } from '../checkout.js';
import { adminOnly, getting, posting, putting, refusing } from '../endpoint.js';
import type { RefundInput } from '../payments.js';
import { api } from '../paths/bookings.js';
import type { JobCounts, JobItem, ProviderHome } from '../portal.js';

export const bookingEndpoints = {
  freeSlots: getting<string[]>(api.availableSlots),
  add: refusing(
    posting<AddBookingBody, BookingMade>(api.addBooking),
    'slot_taken',
    'wallet_short',
    'price_changed',
    'outside_area',
  ),
  places: getting<PlaceSuggestion[]>(api.placesAutocomplete),
  ongoing: getting<BookingItem[]>(api.ongoingBookings),
  previous: getting<BookingItem[]>(api.previousBookings),
  /** A GET, the API's path as it is; answers a message. */
  cancel: getting<undefined>(api.cancelBooking),
  rate: posting<AddRatingBody, undefined>(api.addRating),
  reschedule: refusing(posting<RescheduleBody, BookingItem>(api.rescheduleBooking), 'slot_taken'),
};

/** What the booking dialog's checkout reads; anyone may. */
export const checkoutEndpoints = {
  prices: getting<PriceItem[]>(api.providerPrices),
  terms: getting<MarketSettings>(api.checkoutTerms),
};

/** One booking's page: its customer's, its provider's or (signed as admin) an administrator's. */
export const bookingPageEndpoints = {
  detail: getting<BookingDetail>(api.booking),
};

/** The provider portal's side of bookings: its jobs and its own price list. */
export const bookingPortalEndpoints = {
  jobs: getting<JobItem[]>(api.providerJobs),
  jobCounts: getting<JobCounts>(api.providerJobCounts),
  home: getting<ProviderHome>(api.providerHome),
  /** Accept, decline, complete or reopen (`:action`); the route reads no body. */
  answer: posting<undefined, { _id: string; status: JobItem['status'] }>(api.providerJobAction),
  prices: getting<PriceItem[]>(api.myPrices),
  savePrices: putting<PricesBody, PriceItem[]>(api.myPrices),
};

/**
 * The back-office's: a review hidden or shown, the marketplace's terms, a provider's price list, a
 * card payment refunded.
 */
export const bookingAdminEndpoints = adminOnly({
  /** Answers a message. */
  refund: posting<RefundInput, undefined>(api.adminRefundBooking),
  hideRating: posting<z.input<typeof hideRatingBody>, z.infer<typeof hideRatingResult>>(api.hideRating),
  settings: getting<MarketSettings>(api.adminSettings),
  saveSettings: putting<z.input<typeof marketSettings>, MarketSettings>(api.adminSettings),
  providerPrices: getting<PriceItem[]>(api.adminVendorPrices),
  saveProviderPrices: putting<PricesBody, PriceItem[]>(api.adminVendorPrices),
});
