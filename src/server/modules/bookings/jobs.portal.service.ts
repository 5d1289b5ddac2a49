// The booking lifecycle on the provider side: the provider's jobs by tab, and its
// answers requested → accepted | declined, accepted → completed once the job's time has passed,
// and completed → accepted again moments after (Undo).
// Every change is one conditional UPDATE (the expected status in its WHERE), so a double click
// or two tabs answering at once change the booking once; the loser gets a 409.
import { bookingMoved, completionUndone, reopenWithinSeconds } from './bookings.payment.js';
import { and, asc, count, desc, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import {
  homeLimits,
  type JobAction,
  type JobCounts,
  type JobItem,
  type JobsQuery,
  type JobTab,
  type ProviderHome,
} from '../../../contract/portal.js';
import { bookingText, providerPortalText as t } from '../../../contract/messages.js';
import type { Db } from '../../db/client.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import {
  bookingEvents,
  bookings,
  categories,
  messages,
  notifications,
  providerProfiles,
  ratings,
  users,
  type BookingStatus,
} from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { insertNotification, publishNotification } from '../notifications/notifications.service.js';
import { bookingColumns, bookingFields, contactAsShown, contactShown, slotStartsAt } from './bookings.reads.js';
import { expiryRules } from './bookings.expiry.js';

/** The job's start has passed: its local date and time read in its own time zone, against now(). */
const startHasPassed = sql<boolean>`${slotStartsAt} <= now()`;

/** When a request expires unanswered (bookings.expiry.ts): the earlier of its two limits. */
const expiresAt = sql<string | null>`least(
  ${bookings.createdAt} + make_interval(hours => ${expiryRules.answerWithinHours}),
  ${slotStartsAt} - make_interval(hours => ${expiryRules.hoursBeforeStart}))`;

/**
 * Which bookings each tab holds. An accepted job is upcoming while its start is ahead and moves to
 * toComplete once it has passed, so a job that waits to be marked completed is never upcoming.
 */
const tabs: Record<JobTab, { statuses: BookingStatus[]; when?: SQL; newestFirst: boolean }> = {
  requested: { statuses: ['requested'], newestFirst: false },
  upcoming: { statuses: ['accepted'], when: sql`not ${startHasPassed}`, newestFirst: false },
  // The job just done first.
  toComplete: { statuses: ['accepted'], when: startHasPassed, newestFirst: true },
  past: { statuses: ['completed', 'declined', 'cancelled', 'expired'], newestFirst: true },
};

/** The provider's bookings of one tab; requested and upcoming soonest first, to complete and past newest first. */
export function listJobs(db: Db, providerId: string, query: JobsQuery): Promise<Page<JobItem>> {
  const tab = tabs[query.tab];
  const where = and(eq(bookings.providerId, providerId), inArray(bookings.status, tab.statuses), tab.when);
  const order = tab.newestFirst
    ? [desc(bookings.date), desc(bookings.time), desc(bookings.id)]
    : [asc(bookings.date), asc(bookings.time), asc(bookings.id)];
  return pageOfJobs(db, where, order, query);
}

/**
 * How many jobs the requested, upcoming and toComplete tabs hold, with the same rules as the
 * lists, in one query over the provider's requested and accepted bookings (the provider index).
 */
export async function countJobs(db: Db, providerId: string): Promise<JobCounts> {
  const count = (tab: (typeof tabs)[JobTab]) =>
    sql<number>`count(*) filter (where ${and(inArray(bookings.status, tab.statuses), tab.when)})`.mapWith(Number);
  const [row] = await db
    .select({ requested: count(tabs.requested), upcoming: count(tabs.upcoming), toComplete: count(tabs.toComplete) })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), inArray(bookings.status, ['requested', 'accepted'])));
  return row ?? { requested: 0, upcoming: 0, toComplete: 0 };
}

/** One page of a provider's jobs in the given order, with customer and service, in one query. */
export async function pageOfJobs(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  query: PageQuery,
): Promise<Page<JobItem>> {
  const rows = await db
    .select({
      ...bookingColumns,
      customerId: users.id,
      customerName: users.name,
      customerImage: users.image,
      city: bookings.city,
      contactShown,
      started: startHasPassed,
      expiresAt: expiresAt.mapWith((value: Date | string | null) =>
        value === null ? null : new Date(value).toISOString(),
      ),
      total: totalOver(),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .leftJoin(categories, eq(categories.id, bookings.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, bookings, where));
  return {
    meta: page.meta,
    items: page.items.map((r) => ({
      ...bookingFields(r),
      ...contactAsShown({ ...r, shown: r.contactShown }),
      customer: { _id: r.customerId, name: r.customerName, image: r.customerImage },
      canComplete: r.status === 'accepted' && Boolean(r.started),
      expiresAt: r.status === 'requested' ? r.expiresAt : null,
    })),
  };
}

/** Where an answer takes a booking: the statuses the customer's notice tells of. */
type AnsweredStatus = Extract<BookingStatus, 'accepted' | 'declined' | 'completed'>;

const transitions: Record<
  Exclude<JobAction, 'reopen'>,
  { from: BookingStatus; to: AnsweredStatus; when?: SQL; refused: string }
> = {
  // A request whose time has gone can only be declined: nobody can come any more.
  accept: { from: 'requested', to: 'accepted', when: sql`not ${startHasPassed}`, refused: t.notRequested },
  decline: { from: 'requested', to: 'declined', refused: t.notRequested },
  complete: { from: 'accepted', to: 'completed', when: startHasPassed, refused: t.notAccepted },
};

/**
 * The provider answers one of its bookings; the customer's notification is written in the same
 * transaction. 404 for an unknown booking, 403 for another provider's, 409 when the booking is not
 * (or no longer) in the state the action needs. Declining frees the slot at once: the unique index
 * on active slots counts requested and accepted only.
 */
export async function answerJob(
  db: Db,
  provider: { id: string; name: string },
  bookingId: string,
  action: JobAction,
): Promise<BookingStatus> {
  if (action === 'reopen') return reopenJob(db, provider.id, bookingId);
  const providerId = provider.id;
  const rule = transitions[action];
  const answered = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(bookings)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.providerId, providerId), eq(bookings.status, rule.from), rule.when),
      )
      .returning({
        customerId: bookings.customerId,
        date: bookings.date,
        time: bookings.time,
        status: bookings.status,
      });
    if (!changed) return null;
    await bookingMoved(tx, bookingId, changed.status, new Date());
    await insertNotification(tx, changed.customerId, {
      notice: 'bookingAnswered',
      bookingId,
      date: changed.date,
      time: changed.time,
      status: rule.to,
      provider: provider.name,
    });
    return changed.status;
  });
  if (answered) return answered;
  // Nothing changed: say why, in the order a client can act on.
  const [row] = await db
    .select({ providerId: bookings.providerId, status: bookings.status, started: startHasPassed })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) throw notFound(t.jobNotFound);
  if (row.providerId !== providerId) throw forbidden();
  if (row.status === 'expired') throw conflict(bookingText.requestExpired);
  if (row.status !== rule.from) throw conflict(rule.refused);
  throw conflict(action === 'complete' ? t.notYetTime : t.requestTimePassed);
}

/**
 * Undo after Mark completed: the job is accepted again, as if never completed. Its completed step
 * leaves the timeline, a wallet payment is held again and the earning taken back
 * (`completionUndone`), and the customer's "completed" notice is withdrawn (their open pages are
 * told, so it leaves their list). One conditional UPDATE first, so of two at once one reopens. 409
 * once the window has passed, once the customer has rated, or when the earning has left the
 * provider's wallet.
 */
async function reopenJob(db: Db, providerId: string, bookingId: string): Promise<BookingStatus> {
  const reopened = await db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ status: 'accepted', updatedAt: new Date() })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.providerId, providerId),
          eq(bookings.status, 'completed'),
          exists(
            tx
              .select({ one: sql`1` })
              .from(bookingEvents)
              .where(
                and(
                  eq(bookingEvents.bookingId, bookings.id),
                  eq(bookingEvents.status, 'completed'),
                  sql`${bookingEvents.at} > now() - make_interval(secs => ${reopenWithinSeconds})`,
                ),
              ),
          ),
        ),
      )
      .returning({
        id: bookings.id,
        customerId: bookings.customerId,
        totalCents: bookings.totalCents,
        payment: bookings.payment,
      });
    if (!booking) return null;
    // Rated? Read now the row is locked: addRating takes the same lock first, so a rating is
    // either committed and seen here, or waits and then finds the job no longer completed.
    const [rated] = await tx
      .select({ one: sql`1` })
      .from(ratings)
      .where(eq(ratings.bookingId, bookingId))
      .limit(1);
    if (rated) throw conflict(t.reopenRated);
    await tx
      .delete(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.status, 'completed')));
    await completionUndone(tx, booking);
    const withdrawn = await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, booking.customerId),
          sql`${notifications.data}->>'notice' = 'bookingAnswered'`,
          sql`${notifications.data}->>'bookingId' = ${bookingId}`,
          sql`${notifications.data}->>'status' = 'completed'`,
        ),
      )
      .returning({ id: notifications.id, userId: notifications.userId });
    for (const row of withdrawn) await publishNotification(tx, { ...row, kind: 'booking' });
    return 'accepted' as const;
  });
  if (reopened) return reopened;
  const [row] = await db
    .select({
      providerId: bookings.providerId,
      status: bookings.status,
      rated: exists(
        db
          .select({ one: sql`1` })
          .from(ratings)
          .where(eq(ratings.bookingId, bookings.id)),
      ),
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) throw notFound(t.jobNotFound);
  if (row.providerId !== providerId) throw forbidden();
  if (row.status !== 'completed') throw conflict(t.notCompleted);
  throw conflict(row.rated ? t.reopenRated : t.reopenTooLate);
}

// ---------------------------------------------------------------- home

/**
 * The provider's home in one round of queries, each on the provider's own rows (its bookings by
 * the provider index, its unread messages by the recipient index). Days are the provider's own:
 * a booking's date is read against now() in the booking's time zone; the month in the profile's.
 */
export async function providerHome(db: Db, providerId: string): Promise<ProviderHome> {
  const first = (limit: number) => ({ page: 1, limit });
  const onDay = (offset: number) =>
    and(
      eq(bookings.providerId, providerId),
      eq(bookings.status, 'accepted'),
      sql`${bookings.date} = (now() at time zone ${bookings.timeZone})::date + ${offset}::int`,
    );
  const byTime = [asc(bookings.time), asc(bookings.id)];
  const [counts, requests, today, tomorrow, [month], [unread]] = await Promise.all([
    countJobs(db, providerId),
    pageOfJobs(
      db,
      and(eq(bookings.providerId, providerId), eq(bookings.status, 'requested')),
      [asc(expiresAt), asc(bookings.id)],
      first(homeLimits.requests),
    ),
    pageOfJobs(db, onDay(0), byTime, first(homeLimits.jobsPerDay)),
    pageOfJobs(db, onDay(1), byTime, first(homeLimits.jobsPerDay)),
    db
      .select({
        month: sql<string>`to_char(now() at time zone ${providerProfiles.timeZone}, 'YYYY-MM')`,
        jobs: sql<number>`count(${bookings.id})`.mapWith(Number),
        total: sql<number>`coalesce(sum(${bookings.chargesCents}), 0)`.mapWith(Number),
      })
      .from(providerProfiles)
      .leftJoin(
        bookings,
        and(
          eq(bookings.providerId, providerProfiles.userId),
          eq(bookings.status, 'completed'),
          sql`to_char(${bookings.date}, 'YYYY-MM') = to_char(now() at time zone ${providerProfiles.timeZone}, 'YYYY-MM')`,
        ),
      )
      .where(eq(providerProfiles.userId, providerId))
      .groupBy(providerProfiles.timeZone),
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.toUser, providerId), isNull(messages.readAt))),
  ]);
  return {
    counts,
    requests: requests.items,
    today: today.items,
    tomorrow: tomorrow.items,
    month: month ?? { month: new Date().toISOString().slice(0, 7), jobs: 0, total: 0 },
    unreadMessages: unread?.n ?? 0,
  };
}
