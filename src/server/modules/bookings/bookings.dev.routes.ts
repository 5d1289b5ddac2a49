// Development only, registered with the outbox (DEV_OUTBOX=1, which the config refuses in
// production): a booking's time passes. A job can be completed only once its time has passed, so
// a browser test that books a job and then completes it moves the job into the past here; the
// money then moves through the real completion.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/common.js';
import { bookingText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { bookings } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { slotClash } from './bookings.lifecycle.js';
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
};
