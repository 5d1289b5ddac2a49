// Checkout's public and member calls: the marketplace's terms and a provider's price list
// (anyone), one booking's page with its timeline and its calendar file (its customer, its
// provider, an admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDetail as bookingDetailSchema, marketSettings, priceItem } from '../../../contract/checkout.js';
import { failure, idParam, ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { caller, requireRole } from '../auth/auth.guard.js';
import { bookingCalendar } from './bookings.calendar.js';
import { marketTerms } from './bookings.payment.js';
import { bookingDetail } from './bookings.reads.js';
import { priceList } from './prices.service.js';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.checkoutTerms,
    {
      schema: {
        tags: ['bookings'],
        summary:
          'The marketplace’s terms as the booking dialog shows them: the platform fee in hundredths of a percent of the service price, and the late-cancellation fee in cents. The booking itself is priced on the server',
        response: { 200: ok(marketSettings) },
      },
    },
    async () => ({ status: 1 as const, data: await marketTerms(db()) }),
  );

  app.get(
    api.providerPrices,
    {
      schema: {
        tags: ['providers'],
        summary:
          'A listed provider’s price list: per offered service a price in cents, its unit (visit | hour) and the expected minutes; a service without its own line is priced at the provider’s charges per visit. 404 for a provider customers cannot see',
        params: idParam,
        response: { 200: ok(z.array(priceItem)), 400: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await priceList(db(), request.params.id, 'public') }),
  );

  app.get(
    api.booking,
    {
      onRequest: requireRole(),
      schema: {
        tags: ['bookings'],
        security: [{ bearer: [] }],
        summary:
          'One booking with its price, payment, cancellation terms and timeline of statuses, for its customer, its provider or an administrator (403 for anyone else, 404 unknown)',
        params: idParam,
        response: { 200: ok(bookingDetailSchema), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await bookingDetail(db(), caller(request), request.params.id) }),
  );

  app.get(
    api.bookingCalendar,
    {
      onRequest: requireRole(),
      schema: {
        tags: ['bookings'],
        security: [{ bearer: [] }],
        summary:
          'One booking as an iCalendar file to add to a calendar (the same event as the reminders’ invitations: a later download updates it), for the same callers as the booking (403 for anyone else, 404 unknown)',
        params: idParam,
        // A file, not the envelope (as the Excel exports): refusals still answer the envelope.
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { fileName, ics } = await bookingCalendar(db(), caller(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );
};
