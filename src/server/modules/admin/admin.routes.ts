// Back-office API. Every route here is for administrators only: the dashboard, every admin list
// (a page and its Excel export, listing.ts), and the few admin actions that belong to no other
// module's routes (hiding a rating, a provider's detail).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminVendorBody,
  dashboardRange,
  dashboardTotals,
  memberListQuery,
  memberRow,
} from '../../../contract/admin.js';
import {
  adminBookingQuery,
  adminBookingRow,
  adminRatingQuery,
  adminRatingRow,
  hideRatingBody,
  hideRatingResult,
} from '../../../contract/bookings.js';
import {
  adminOffer,
  adminService,
  banner,
  bannerListQuery,
  offerListQuery,
  serviceListQuery,
  serviceProvider,
  serviceProviderListQuery,
} from '../../../contract/catalogue.js';
import { failure, ok } from '../../../contract/common.js';
import { faqListQuery, faqRow } from '../../../contract/content.js';
import { adminBookingText, notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { providerIdParam, vendorDetail } from '../../../contract/providers.js';
import { referralListQuery, referralRow } from '../../../contract/referrals.js';
import {
  broadcastListQuery,
  broadcastRow,
  supportListQuery,
  supportRow,
  ticketListQuery,
  ticketRow,
} from '../../../contract/support.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { setRatingHidden } from '../bookings/bookings.service.js';
import { catalogueCache } from '../catalogue/catalogue.cache.js';
import { getVendorDetail } from '../providers/providers.service.js';
import * as admin from './admin.service.js';
import { bookingListing } from './bookings.listing.js';
import { broadcastListing } from './broadcasts.listing.js';
import { bannerListing, offerListing, serviceListing, serviceProviderListing } from './catalogue.listing.js';
import { faqListing } from './faqs.listing.js';
import { registerListing } from './listing.js';
import { customerListing, providerListing } from './members.listing.js';
import { ratingListing } from './ratings.listing.js';
import { referralListing } from './referrals.listing.js';
import { supportListing } from './support.listing.js';
import { ticketListing } from './tickets.listing.js';
import { saveVendor } from './vendors.service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    api.adminDashboard,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        summary:
          'Dashboard totals for an optional inclusive range of days (yyyy-MM-dd, UTC): members registered, active providers who joined, ' +
          'booking value in cents (booking date; cancelled and declined left out), active coupons (now)',
        security,
        querystring: dashboardRange,
        response: { 200: ok(dashboardTotals) },
      },
    },
    async (request) => ({ status: 1 as const, data: await admin.dashboardTotals(app.deps.database.db, request.query) }),
  );

  registerListing(app, {
    path: api.adminUsers,
    listing: customerListing,
    query: memberListQuery,
    row: memberRow,
    tags,
    summary: 'Customers (/userlisting), newest first; q searches name, email and phone',
  });
  registerListing(app, {
    path: api.adminVendors,
    listing: providerListing,
    query: memberListQuery,
    row: memberRow,
    tags,
    summary: 'Providers (/vendor), newest first; q searches name, email and phone',
  });
  app.post(
    api.adminAddVendor,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'Adds a contractor (no id: a provider account, Deactive, phone taken as verified) or corrects one (id): UserName, phone, email ' +
          'with the member sign-up rules. 404 when id is not a provider; 409 when the phone or email belongs to someone else',
        body: adminVendorBody,
        response: { 200: ok(memberRow), 400: failure, 401: failure, 403: failure, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const { UserName, phone, email, id } = request.body;
      const data = await saveVendor(app.deps.database.db, { name: UserName, phone, email }, id);
      return { status: 1 as const, message: notice.submitted, data };
    },
  );
  // Bookings, ratings, referrals
  registerListing(app, {
    path: api.adminBookings,
    listing: bookingListing,
    query: adminBookingQuery,
    row: adminBookingRow,
    tags,
    summary:
      'Bookings (/bookinglist), newest made first; q searches customer and provider names, address and phone; providerId keeps one provider’s',
  });
  registerListing(app, {
    path: api.adminRatings,
    listing: ratingListing,
    query: adminRatingQuery,
    row: adminRatingRow,
    tags,
    summary:
      'Ratings (/ratings), hidden ones included, newest first; q searches customer and provider names and the comment; providerId keeps one provider’s',
  });
  registerListing(app, {
    path: api.adminReferralListing,
    listing: referralListing,
    query: referralListQuery,
    row: referralRow,
    tags,
    summary:
      'Referrals (/referral): who referred (referBy), who joined (first_referral), whom that member referred (second_referral), newest first; q searches every email',
  });
  app.post(
    api.hideRating,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'Hides a rating from customers (hidden: true) or shows it again; the provider’s average counts visible ratings only. 404 for an unknown id',
        body: hideRatingBody,
        response: { 200: ok(hideRatingResult), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => {
      const { id, hidden } = request.body;
      await setRatingHidden(app.deps.database.db, id, hidden);
      // Cards show the average: the cached top providers must not keep the old one.
      catalogueCache.invalidate(app.readCache, 'topProviders');
      return {
        status: 1 as const,
        message: hidden ? adminBookingText.ratingHidden : adminBookingText.ratingShown,
        data: { _id: id, hidden },
      };
    },
  );
  app.get(
    api.adminVendorDetail,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'One provider for /vendorDetail, whatever its status: account, profile, services (archived marked), weekly hours. 404 for an unknown id or a non-provider',
        params: providerIdParam,
        response: { 200: ok(vendorDetail), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await getVendorDetail(app.deps.database.db, request.params.id) }),
  );
  // Catalogue: services, banners, offers
  registerListing(app, {
    path: api.adminServices,
    listing: serviceListing,
    query: serviceListQuery,
    row: adminService,
    tags,
    summary:
      'Services (/services): the categories not archived, by title, each with how many providers offer it; q searches the title',
  });
  registerListing(app, {
    path: api.adminServiceProviders,
    listing: serviceProviderListing,
    query: serviceProviderListQuery,
    row: serviceProvider,
    tags,
    summary:
      'The providers offering one service (/servicesDetail, categoryId required), by name; q searches name, email and phone',
  });
  registerListing(app, {
    path: api.adminBanners,
    listing: bannerListing,
    query: bannerListQuery,
    row: banner,
    tags,
    summary: 'Banners (/banners), newest first; q searches the title',
  });
  registerListing(app, {
    path: api.adminOffers,
    listing: offerListing,
    query: offerListQuery,
    row: adminOffer,
    tags,
    summary: 'Offers (/offers), active or not, newest first, amount in cents; q searches name and title',
  });
  // Support, tickets, FAQ
  registerListing(app, {
    path: api.adminSupport,
    listing: supportListing,
    query: supportListQuery,
    row: supportRow,
    tags,
    summary: 'Contact messages (/support), newest first; q searches name, email and message',
  });
  registerListing(app, {
    path: api.adminTicketsListing,
    listing: ticketListing,
    query: ticketListQuery,
    row: ticketRow,
    tags,
    summary:
      "Tickets (/tickets) with the member's name and email, newest first; q searches email, name, subject and message; status narrows",
  });
  registerListing(app, {
    path: api.adminBroadcasts,
    listing: broadcastListing,
    query: broadcastListQuery,
    row: broadcastRow,
    tags,
    summary:
      'Broadcast notifications sent to every member (/notification), newest first, with the admin who sent each; q searches the text',
  });
  registerListing(app, {
    path: api.adminFaqs,
    listing: faqListing,
    query: faqListQuery,
    row: faqRow,
    tags,
    summary: "FAQs (/faq, 'Common Questions'), oldest first like the public list; q searches title and about",
  });
  // Withdraw requests are listed at their spec path /transaction/unapprovedTransactionList (+ /export)
  // with the wallet's routes (wallet/withdraw.listing.ts).
};
