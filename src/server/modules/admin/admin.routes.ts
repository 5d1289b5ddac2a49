// Back-office API. Every route here is for administrators only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRange, dashboardTotals, memberListQuery, memberRow } from '../../../contract/admin.js';
import { ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { requireAdmin } from '../auth/auth.guard.js';
import * as admin from './admin.service.js';
import { registerListing } from './listing.js';
import { customerListing, providerListing } from './members.listing.js';

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
  // Bookings, ratings, referrals
  // Catalogue: services, banners, offers
  // Support, tickets, FAQ
  // Money: withdraw requests
};
