// Finding providers, the provider portal and the admin's contractors. Web routes and API paths (relative to `/v1`).

export const routes = {
  servicesBooking: '/Services_booking',
  search: '/Search',
  /** A provider's public page, by the slug its profile was given. */
  providerPage: '/providers/:slug',
  /** The providers of a category in a served city: `/services/plumbing/austin`. */
  categoryCity: '/services/:category/:city',
  vendor: '/vendor',
  vendorDetail: '/vendorDetail',
  providerPortal: '/provider',
  providerSchedule: '/provider/schedule',
  /** `?view=day|week&date=YYYY-MM-DD`. */
  providerCalendar: '/provider/calendar',
  providerProfile: '/provider/profile',
  providerEarnings: '/provider/earnings',
} as const;

/**
 * The query of the discovery pages (/Search, /Services_booking) that keeps their search in the URL:
 * the area (a served city, or a point and its label) and the filters (`category` on /Search only).
 * The pages read them (web/features/providers/discovery.ts) and the route table names them.
 */
export const searchAreaKeys = ['city', 'lat', 'lng', 'near'] as const;
export const filterKeys = ['category', 'radiusKm', 'minPrice', 'maxPrice', 'minRating', 'date', 'sort'] as const;

export const api = {
  search: '/services/search',
  searchRecord: '/services/searchrecord',
  suggest: '/services/suggest',
  serviceUserList: '/services/serviceUserList/:serviceId',
  providerDetail: '/services/provider/:id',
  providerReviews: '/services/getUserRating/:id',
  /** A listed provider by its page's slug: the same answer as providerDetail. */
  providerBySlug: '/providers/page/:slug',
  /** Whether a booking at `?address=` is in the provider's service area. */
  providerServes: '/providers/:id/serves',
  providerSchedule: '/provider/schedule',
  providerDaysOff: '/provider/schedule/daysoff',
  providerDayOff: '/provider/schedule/daysoff/:day',
  providerCalendar: '/provider/calendar',
  providerBlocks: '/provider/calendar/blocks',
  providerBlock: '/provider/calendar/blocks/:id',
  providerProfile: '/provider/profile',
  providerEarnings: '/provider/earnings',
  providerEarningsJobs: '/provider/earnings/jobs',
  adminVendors: '/admin/vendors',
  adminAddVendor: '/users/adminAddVendor',
  adminVendorDetail: '/admin/vendors/:id',
} as const;
