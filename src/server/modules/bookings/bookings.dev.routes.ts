// Development only, registered with the outbox (DEV_OUTBOX=1, which the config refuses in
// production): a booking's time passes. A job can be completed only once its time has passed, so
// a browser test that books a job and then completes it moves the job into the past here; the
// money then moves through the real completion. Likewise a card's capture waits out the provider's
// Undo: a browser test asks for it now rather than waiting.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/common.js';
import { bookingText, checkoutText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { bookings } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { settleCardPayments } from './bookings.cards.js';
import { slotClash } from './bookings.lifecycle.js';
import { reopenWithinSeconds } from './bookings.payment.js';
import { shiftDay } from '../../../contract/format.js';

const day = 86_400_000;

export const bookingDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    api.devElapseBooking,
    {
      schema: {
        tags: ['dev'],
        summary: 'Move a booking back whole weeks so its time has passed (development only)',
        params: idParam,
        response: { 200: z.object({ status: z.literal(1), data: z.object({ date: z.string() }) }) },
      },
    },
    async (request) => {
      const { db } = app.deps.database;
      const [booking] = await db
        .select({ date: bookings.date })
        .from(bookings)
        .where(eq(bookings.id, request.params.id))
        .limit(1);
      if (!booking) throw notFound(bookingText.bookingNotFound);
      // Whole weeks keep the weekday and the time, so the job stays within the provider's hours;
      // a week more than it is ahead puts it in the past in any time zone. A slot taken then by
      // (or overlapped) by another active booking: a week further back.
      const ahead = Math.max(0, Math.ceil((Date.parse(booking.date) - Date.now()) / (7 * day)));
      for (let weeks = ahead + 1; weeks <= ahead + 52; weeks++) {
        const date = shiftDay(booking.date, -7 * weeks);
        try {
          await db.update(bookings).set({ date }).where(eq(bookings.id, request.params.id));
          return { status: 1 as const, data: { date } };
        } catch (error) {
          if (!slotClash(error)) throw error;
        }
      }
      throw new Error(`booking ${request.params.id}: no free week in the past year`);
    },
  );

  app.post(
    api.devSettleCards,
    {
      schema: {
        tags: ['dev'],
        summary:
          'Tell Stripe now what card payments will be due once the provider’s Undo has passed: captures, releases, closed pages (development only)',
        response: {
          200: z.object({ status: z.literal(1), data: z.object({ settled: z.number(), failed: z.number() }) }),
        },
      },
    },
    async () => {
      if (!app.payments) throw notFound(checkoutText.cardUnavailable);
      const afterUndo = new Date(Date.now() + (reopenWithinSeconds + 1) * 1000);
      return { status: 1 as const, data: await settleCardPayments(app.deps.database.db, app.payments, afterUndo) };
    },
  );
};
