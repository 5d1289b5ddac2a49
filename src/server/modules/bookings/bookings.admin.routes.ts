// The back-office's bookings and ratings, administrators only: the booking list (/bookinglist) and
// the rating list (/ratings), each a page and its Excel export (platform/listing.ts), and hiding a
// rating from customers. An admin books for a customer through the customers' own call
// (bookings.routes.ts), so the same slot rules hold.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingQuery,
  adminBookingRow,
  adminRatingQuery,
  adminRatingRow,
  hideRatingBody,
  hideRatingResult,
} from '../../../contract/bookings.js';
import { failure, idParam, ok, okMessage } from '../../../contract/common.js';
import { money } from '../../../contract/format.js';
import { adminBookingText, refundText } from '../../../contract/messages.js';
import { refundBody } from '../../../contract/payments.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import { registerListing } from '../../platform/listing.js';
import { notFound } from '../../errors.js';
import { perMember } from '../../platform/rate-limit.js';
import { caller, requireAdmin } from '../auth/auth.guard.js';
import { refundCardPayment } from './bookings.cards.js';
import { catalogueCache } from '../catalogue/catalogue.cache.js';
import { bookingListing } from './bookings.admin.listing.js';
import { setRatingHidden } from './ratings.service.js';
import { ratingListing } from './ratings.admin.listing.js';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const bookingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin();

  registerListing(app, {
    endpoint: adminLists.bookings,
    guard: adminOnly,
    listing: bookingListing,
    query: adminBookingQuery,
    row: adminBookingRow,
    tags,
    summary:
      'Bookings (/bookinglist), newest made first; q searches customer and provider names, address and phone; providerId keeps one provider’s; status keeps one status',
  });
  registerListing(app, {
    endpoint: adminLists.ratings,
    guard: adminOnly,
    listing: ratingListing,
    query: adminRatingQuery,
    row: adminRatingRow,
    tags,
    summary:
      'Ratings (/ratings), hidden ones included, newest first; q searches customer and provider names and the comment; providerId keeps one provider’s; status keeps the visible or the hidden ones',
  });
  app.post(
    api.hideRating,
    {
      onRequest: adminOnly,
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
  app.post(
    api.adminRefundBooking,
    {
      onRequest: adminOnly,
      config: { limits: [perMember('refunds', 60, '1 hour')], idempotent: true },
      schema: {
        tags,
        security,
        summary:
          'Gives back `amount` dollars of a booking’s charged card payment, in full or in part, through Stripe (its charge.refunded webhook confirms it). 404 for a booking not paid by card, 409 for a payment not charged or an amount above what is left, 503 when Stripe refuses or cannot be reached (nothing is refunded)',
        params: idParam,
        body: refundBody,
        response: {
          200: okMessage,
          400: failure,
          401: failure,
          403: failure,
          404: failure,
          409: failure,
          429: failure,
          503: failure,
        },
      },
    },
    async (request) => {
      const { payments } = app;
      if (!payments) throw notFound(refundText.notCard);
      const { amount } = request.body;
      await refundCardPayment(app.deps.database.db, payments, caller(request).id, request.params.id, amount);
      return { status: 1 as const, message: refundText.done(money(amount)) };
    },
  );
};
