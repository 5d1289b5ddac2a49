// A request the provider never answers expires: 12 hours after it was made, or 2 hours before its
// time, whichever comes first. The sweep is one conditional UPDATE, so however many instances run
// it at once each booking expires once; the rows it changed are told in the same transaction (an
// in-app notification to both sides, a mail to the customer) under keys that a second run cannot
// write again. Expiring frees the slot: the unique index on active slots and the free-slot
// computation count requested and accepted bookings only.
import { bookingMoved } from './bookings.payment.js';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { clockTime, noticeDate } from '../../../contract/format.js';
import { bookingText } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import type { Db } from '../../db/client.js';
import { bookings, users } from '../../db/schema.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { insertNotificationOnce, type NotificationRow } from '../notifications/notifications.service.js';
import { slotStartsAt } from './bookings.reads.js';

export const expiryRules = {
  /** A request not answered this long after it was made expires. */
  answerWithinHours: 12,
  /** A request still unanswered this close to its time expires. */
  hoursBeforeStart: 2,
} as const;

const hourMs = 3_600_000;
/** The furthest any time zone is ahead of UTC (UTC+14). */
const maxZoneAheadMs = 14 * hourMs;

export interface ExpiryOptions {
  /** Config PUBLIC_URL: makes the mail's link absolute. */
  publicUrl?: string;
}

/**
 * Expires every stale request as of `now` and writes what tells the customer and the provider.
 * Answers the notifications it stored (each sent live with its transaction).
 */
export async function expireStaleRequests(db: Db, now: Date, options: ExpiryOptions = {}): Promise<NotificationRow[]> {
  const madeBy = new Date(now.getTime() - expiryRules.answerWithinHours * hourMs).toISOString();
  const startsBy = new Date(now.getTime() + expiryRules.hoursBeforeStart * hourMs);
  // A slot starting by `startsBy` is on a local date no later than `startsBy`'s date in UTC+14:
  // this bound lets the date index narrow the rows before each one's start is computed.
  const lastDay = new Date(startsBy.getTime() + maxZoneAheadMs).toISOString().slice(0, 10);

  return db.transaction(async (tx) => {
    // The status in the condition: a provider's answer or a concurrent sweep that came first wins.
    const expired = await tx
      .update(bookings)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'requested'),
          or(
            lte(bookings.createdAt, sql`${madeBy}::timestamptz`),
            and(lte(bookings.date, lastDay), sql`${slotStartsAt} <= ${startsBy.toISOString()}::timestamptz`),
          ),
        ),
      )
      .returning({
        id: bookings.id,
        customerId: bookings.customerId,
        providerId: bookings.providerId,
        categoryId: bookings.categoryId,
        date: bookings.date,
        time: bookings.time,
      });
    if (expired.length === 0) return [];

    const people = new Map(
      (
        await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(
            inArray(users.id, [...new Set(expired.flatMap((booking) => [booking.customerId, booking.providerId]))]),
          )
      ).map((person) => [person.id, person]),
    );

    const written: NotificationRow[] = [];
    for (const booking of expired) {
      const customer = people.get(booking.customerId);
      const provider = people.get(booking.providerId);
      // Foreign keys keep both parties; a missing one would be a bug, not something to tell.
      if (!customer || !provider) throw new Error(`Booking ${booking.id} has no customer or provider`);
      await bookingMoved(tx, booking.id, 'expired', now);
      const at = { bookingId: booking.id, date: booking.date, time: booking.time, status: 'expired' } as const;
      const forCustomer = await insertNotificationOnce(tx, `expired:${booking.id}:${customer.id}`, customer.id, {
        notice: 'requestExpired',
        ...at,
        provider: provider.name,
        // What the page needs to link to booking another time with the same provider.
        providerId: provider.id,
        serviceId: booking.categoryId,
      });
      const forProvider = await insertNotificationOnce(tx, `expired:${booking.id}:${provider.id}`, provider.id, {
        notice: 'requestExpiredForProvider',
        ...at,
        customer: customer.name,
      });
      for (const row of [forCustomer, forProvider]) if (row) written.push(row);
      if (customer.email) {
        const copy = bookingText.expiredMail;
        const { text, html } = renderMail({
          heading: copy.heading,
          paragraphs: [
            copy.greeting(customer.name),
            copy.lead(provider.name, noticeDate(booking.date), clockTime(booking.time)),
          ],
          action: { label: bookingText.bookAnotherTime, path: rebookPath(provider.id, booking.categoryId) },
          publicUrl: options.publicUrl,
        });
        await enqueueMessage(tx, {
          channel: 'email',
          to: customer.email,
          subject: copy.subject,
          body: text,
          html,
          key: `expired:${booking.id}:email`,
        });
      }
    }
    return written;
  });
}

/** The page where the customer books the provider again: its dialog open, with the same service. */
function rebookPath(providerId: string, serviceId: string | null): string {
  const query = new URLSearchParams();
  if (serviceId) query.set('service', serviceId);
  query.set('provider', providerId);
  return `${routes.servicesBooking}?${query.toString()}`;
}
