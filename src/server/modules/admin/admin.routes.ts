// The back-office's own API, administrators only: the dashboard. What the back-office does with
// another domain's rows (its lists and exports, and actions on them) is in that domain's
// <domain>.admin.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRange, dashboardTotals } from '../../../contract/dashboard.js';
import { ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { requireAdmin } from '../auth/auth.guard.js';
import * as admin from './admin.service.js';

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
          'booking value in cents (booking date; cancelled and declined left out), active coupons (now); and `queue`, the work waiting now: ' +
          'withdraw requests awaiting the admin, contact messages without a reply, tickets not resolved, providers to approve (Deactive, not blocked, profile complete), hidden reviews; ' +
          'and `trends` over the range (a missing end is today, a missing start 30 days before it): bookings by status, value and fee, new members and providers, ' +
          'per day up to 92 days, per week up to 731, per month beyond; and the top 10 categories and cities by bookings',
        security,
        querystring: dashboardRange,
        response: { 200: ok(dashboardTotals) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await admin.dashboardTotals(app.deps.database.db, request.query, new Date()),
    }),
  );
};
