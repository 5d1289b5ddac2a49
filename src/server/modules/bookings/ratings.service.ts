// Ratings: a customer rates a completed booking once (the database refuses a second), and an
// administrator hides or shows a rating.
import { and, eq, sql } from 'drizzle-orm';
import type { AddRatingBody } from '../../../contract/bookings.js';
import { adminBookingText, bookingText, notice } from '../../../contract/messages.js';
import type { Db } from '../../db/client.js';
import { bookings, providerProfiles, ratings } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
import { assertCanRate } from './bookings.policy.js';
import { partiesOf } from './bookings.reads.js';

// ---------------------------------------------------------------- rating

/**
 * The customer rates a completed booking once; the provider's rating figures move in the same
 * transaction. A second rating (also two at once) is refused by the unique index.
 */
export async function addRating(db: Db, callerId: string, body: AddRatingBody): Promise<void> {
  const [booking] = await partiesOf(db, body.booking_id);
  if (!booking) throw notFound(bookingText.bookingNotFound);
  assertCanRate(booking, callerId, body.rate_to);
  try {
    await db.transaction(async (tx) => {
      // Under the booking's lock: an Undo of its completion (jobs.portal.service.ts) waits for this
      // rating or comes first, and then the job is no longer completed.
      const [current] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, body.booking_id))
        .for('update');
      if (current?.status !== 'completed') throw badRequest(bookingText.onlyCompletedRated);
      await tx.insert(ratings).values({
        bookingId: body.booking_id,
        rateBy: callerId,
        rateTo: booking.providerId,
        count: body.count,
        comment: body.comment.trim(),
      });
      await tx
        .update(providerProfiles)
        .set({
          ratingSum: sql`${providerProfiles.ratingSum} + ${body.count}`,
          reviewCount: sql`${providerProfiles.reviewCount} + 1`,
        })
        .where(eq(providerProfiles.userId, booking.providerId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(notice.alreadyRated);
    throw error;
  }
}

// ---------------------------------------------------------------- hiding a rating (admin)

/**
 * Hides a rating from customers, or shows it again. The provider's figures (and so its average)
 * count visible ratings only, so they move in the same transaction, and only when the state
 * really changes: the condition on `hidden` makes a repeated or concurrent request a no-op.
 * Answers the provider rated, for the caller to refresh what it caches. 404 for an unknown id.
 */
export async function setRatingHidden(db: Db, ratingId: string, hidden: boolean): Promise<{ providerId: string }> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(ratings)
      .set({ hidden })
      .where(and(eq(ratings.id, ratingId), eq(ratings.hidden, !hidden)))
      .returning({ providerId: ratings.rateTo, count: ratings.count });
    if (!changed) {
      const [existing] = await tx
        .select({ providerId: ratings.rateTo })
        .from(ratings)
        .where(eq(ratings.id, ratingId))
        .limit(1);
      if (!existing) throw notFound(adminBookingText.ratingNotFound);
      return existing;
    }
    const sign = hidden ? -1 : 1;
    await tx
      .update(providerProfiles)
      .set({
        ratingSum: sql`${providerProfiles.ratingSum} + ${sign * changed.count}`,
        reviewCount: sql`${providerProfiles.reviewCount} + ${sign}`,
      })
      .where(eq(providerProfiles.userId, changed.providerId));
    return { providerId: changed.providerId };
  });
}
