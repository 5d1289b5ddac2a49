// Bookings on the customer side (booking dialog, /Ongoing, /History):
// free slots, book, the two lists, cancel and rate. Each handler: authenticate → validate →
// authorise (assertSelf and the policy functions) → service → envelope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addBookingBody,
  addRatingBody,
  bookingItem,
  bookingMade,
  rescheduleBody,
  slotList,
  slotsParams,
  slotsQuery,
  userIdParam,
} from '../../../contract/bookings.js';
import { failure, idParam, ok, okMessage, okPage, pageQuery, refusalsOf } from '../../../contract/common.js';
import { bookingEndpoints } from '../../../contract/endpoints/bookings.js';
import { bookingText, checkoutText, notice, rescheduleText } from '../../../contract/messages.js';
import { cardDaysAhead, cardHoldMinutes } from '../../../contract/payments.js';
import { siteOrigin } from '../../config.js';
import { badRequest } from '../../errors.js';
import { openCheckout } from './bookings.cards.js';
import { api } from '../../../contract/paths.js';
import { deliverSoon, settleCardsSoon } from '../../jobs.js';
import { assertSelf, caller, requireMember, requireRole } from '../auth/auth.guard.js';
import { freeSlots } from './bookings.availability.js';
import { addBooking, cancelBooking, rescheduleBooking } from './bookings.lifecycle.js';
import { listBookings } from './bookings.reads.js';
import { addRating } from './ratings.service.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';

const tags = ['bookings'];
const security = [{ bearer: [] }];
const bookingPage = okPage(bookingItem);
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Booking, cancelling and rescheduling share one budget per member and per address.
  const bookingLimits = [perMember('bookings', 30, '1 hour'), perAddress('bookings', 120, '1 hour')];
  const db = () => app.deps.database.db;

  app.get(
    api.availableSlots,
    {
      schema: {
        tags,
        summary:
          'Free start times (HH:MM, the provider’s local time) of a provider on a date: working hours (09:00–18:00 daily when none are set) in slot steps, minus days off, the times the provider blocked on its calendar, booked jobs (each as long as its duration) with their travel buffer, and anything sooner than 2 hours from now; at most 90 days ahead. With `minutes` only the starts where a job that long fits',
        params: slotsParams,
        querystring: slotsQuery,
        response: { 200: ok(slotList), 400: failure, 404: failure },
      },
    },
    async (request) => {
      const { date, minutes } = request.query;
      const data = await freeSlots(db(), request.params.providerId, date, new Date(), minutes);
      return { status: 1 as const, data };
    },
  );

  app.post(
    bookingEndpoints.add.path,
    {
      config: { limits: bookingLimits, idempotent: true },
      // Members book for themselves; administrators for any customer (the Create Booking modal).
      onRequest: requireRole('customer', 'provider', 'admin'),
      schema: {
        tags,
        security,
        summary:
          'Book a free slot (status requested). Checks date, time, phone, location, description in that order; a member books for themself ' +
          '(bookedby must be the caller, 403 otherwise); an administrator books for any customer who is not blocked (404 otherwise) and may ' +
          'leave the description out; 404 for a provider who cannot be booked; 400 at `address` for an address we cannot place in Austin, Dallas or New York ' +
          'or one outside the provider’s service area (GET /providers/{id}/serves asks beforehand); 409 when the time is not free (also when someone else got it first). ' +
          `Paid by \`card\` (when the marketplace takes cards, for a job in the next ${cardDaysAhead} days): the booking is awaiting_payment, its slot held ${cardHoldMinutes} minutes, ` +
          'and `payUrl` is Stripe’s page to pay on; it becomes a request when Stripe’s webhook says the card holds the total. 503 when Stripe cannot be reached (the booking then expires, freeing its slot)',
        body: addBookingBody,
        response: { 200: ok(bookingMade), ...errors, ...refusalsOf(bookingEndpoints.add), 503: failure },
      },
    },
    async (request) => {
      const { payments } = app;
      if (request.body.payment === 'card' && !payments)
        throw badRequest(checkoutText.cardUnavailable, { payment: checkoutText.cardUnavailable });
      const now = new Date();
      const booking = await addBooking(db(), caller(request), request.body, now, app.deps.config.PUBLIC_URL);
      if (payments && booking.status === 'awaiting_payment') {
        const payUrl = await openCheckout(db(), payments, booking, siteOrigin(app.deps.config), now);
        return { status: 1 as const, message: notice.bookingOk, data: { ...booking, payUrl } };
      }
      // The provider hears of it at once: live with the commit, by mail from the queue.
      deliverSoon(app.deps.jobs);
      return { status: 1 as const, message: notice.bookingOk, data: booking };
    },
  );

  // The two lists of the caller's bookings: one route each, alike but for which bookings they hold.
  const bookingLists = [
    {
      path: api.ongoingBookings,
      which: 'ongoing',
      summary: 'The caller’s requested and accepted bookings, soonest first',
    },
    {
      path: api.previousBookings,
      which: 'previous',
      summary:
        'The caller’s completed, declined, cancelled and expired bookings, newest first, each with its rating once given',
    },
  ] as const;
  for (const list of bookingLists) {
    app.get(
      list.path,
      {
        onRequest: requireMember(),
        schema: {
          tags,
          security,
          summary: list.summary,
          params: userIdParam,
          querystring: pageQuery,
          response: { 200: bookingPage, 400: failure, 401: failure, 403: failure },
        },
      },
      async (request) => {
        assertSelf(request, request.params.userId);
        const { items, meta } = await listBookings(db(), request.params.userId, list.which, request.query);
        return { status: 1 as const, data: items, meta };
      },
    );
  }

  app.get(
    api.cancelBooking,
    {
      config: { limits: bookingLimits },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: 'Cancel the caller’s own booking while requested or accepted (status cancelled; nothing is deleted)',
        params: idParam,
        response: { 200: okMessage, ...errors },
      },
    },
    async (request) => {
      await cancelBooking(db(), caller(request), request.params.id);
      if (app.payments) settleCardsSoon(app.deps.jobs);
      return { status: 1 as const, message: bookingText.bookingCancelled };
    },
  );

  app.post(
    bookingEndpoints.reschedule.path,
    {
      config: { limits: bookingLimits },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          'Move the caller’s own requested or accepted booking to another free slot of the same provider (same id, charges and history; ' +
          'an accepted one goes back to requested for the provider to confirm). 403 for another member’s booking, 404 unknown, 409 when ' +
          'the booking is no longer requested or accepted, or when the time is not free (also when someone else got it first)',
        body: rescheduleBody,
        response: { 200: ok(bookingItem), ...errors, ...refusalsOf(bookingEndpoints.reschedule) },
      },
    },
    async (request) => {
      const booking = await rescheduleBooking(db(), caller(request), request.body, new Date());
      return { status: 1 as const, message: rescheduleText.rescheduled, data: booking };
    },
  );

  app.post(
    api.addRating,
    {
      config: { limits: [perMember('ratings', 20, '1 hour'), perAddress('ratings', 60, '1 hour')] },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          'Rate a completed booking once (1–5 stars and a comment, checked in that order); rate_by must be the caller and rate_to the booking’s provider; 409 “Already give rating” for a second one',
        body: addRatingBody,
        response: { 200: okMessage, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.rate_by);
      await addRating(db(), caller(request).id, request.body);
      return { status: 1 as const, message: notice.ratingSent };
    },
  );
};
