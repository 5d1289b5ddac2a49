// The back-office's lists (platform/listing.ts on the server, ui/listing on the web): each answers
// a page of rows of one schema, and `<path>/export` the whole filtered list as a spreadsheet. The
// server registers each list from its entry here, so the path and the row type cannot drift apart.
import type { z } from 'zod';
import type { memberRow } from '../admin.js';
import type { adminBookingRow, adminRatingRow } from '../bookings.js';
import type { adminOffer, adminService, banner, serviceProvider } from '../catalogue.js';
import type { faqRow } from '../content.js';
import { adminOnly, getting } from '../endpoint.js';
import { api } from '../paths.js';
import type { referralRow } from '../referrals.js';
import type { broadcastRow, supportRow, ticketRow } from '../support.js';
import type { withdrawRequest } from '../wallet.js';

const listOf = <Row extends z.ZodType>(path: string) => getting<z.infer<Row>[]>(path);

export const adminLists = adminOnly({
  customers: listOf<typeof memberRow>(api.adminUsers),
  providers: listOf<typeof memberRow>(api.adminVendors),
  referrals: listOf<typeof referralRow>(api.adminReferralListing),
  bookings: listOf<typeof adminBookingRow>(api.adminBookings),
  ratings: listOf<typeof adminRatingRow>(api.adminRatings),
  services: listOf<typeof adminService>(api.adminServices),
  serviceProviders: listOf<typeof serviceProvider>(api.adminServiceProviders),
  banners: listOf<typeof banner>(api.adminBanners),
  offers: listOf<typeof adminOffer>(api.adminOffers),
  faqs: listOf<typeof faqRow>(api.adminFaqs),
  support: listOf<typeof supportRow>(api.adminSupport),
  tickets: listOf<typeof ticketRow>(api.adminTicketsListing),
  broadcasts: listOf<typeof broadcastRow>(api.adminBroadcasts),
  withdrawals: listOf<typeof withdrawRequest>(api.unapprovedTransactionList),
});
