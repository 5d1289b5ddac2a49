// Every job the queue runs, and when. A domain adds its job here in one entry.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { analyzeDashboardSums } from './modules/admin/admin.trends.js';
import { purgeExpiredSessions, purgeOldCodes, purgeUnverifiedSignups } from './modules/auth/auth.housekeeping.js';
import { purgeSignInTickets } from './modules/auth/auth.totp.js';
import { expireStaleRequests } from './modules/bookings/bookings.expiry.js';
import { bookingPaymentEvents, expireUnpaidBookings, settleCardPayments } from './modules/bookings/bookings.cards.js';
import { remindDue } from './modules/bookings/bookings.reminders.js';
import { countSearchWords, forgetPastFullDays } from './modules/providers/providers.search.js';
import { handleEvents as handleCardEvents, purgeHandledEvents } from './modules/wallet/wallet.cards.js';
import { payProviders } from './modules/wallet/wallet.payouts.js';
import { deliverDue, purgeDelivered, type Transports } from './platform/delivery.js';
import type { JobQueue } from './platform/jobs.js';
import { purgeIdempotencyKeys } from './platform/idempotency.js';
import { purgeExpiredLimits } from './platform/rate-limit.js';
import type { Payments } from './platform/stripe.js';

export const jobNames = {
  /** Texts and mails due in the outbox; asked for after every commit that writes one. */
  deliver: 'outbox-deliver',
  /** Requests nobody answered expire; accepted jobs are reminded of. */
  bookings: 'bookings-sweep',
  housekeeping: 'housekeeping',
  /** Once a day: the planner's figures for the dashboard's sums. */
  daily: 'daily',
  /** Stripe's events not handled yet; asked for as each arrives, and every minute for retries. */
  cardEvents: 'card-events',
  /** Captures, releases and closed pages Stripe is to be told of (bookings.cards.ts). */
  cardSettle: 'card-settle',
  /** Once a week: providers' available earnings transferred to their Stripe accounts. */
  payouts: 'payouts',
} as const;

export interface JobDeps {
  db: Db;
  config: Config;
  transports: Transports;
  log: FastifyBaseLogger;
  /** Stripe, when cards are taken: the app's own client. */
  payments: Payments | null;
}

export function defineJobs(queue: JobQueue, { db, config, transports, log, payments }: JobDeps) {
  /** A run's counts in the log: an error when any failed, else a line when it did anything. */
  const logged = <Counts extends { failed: number }>(counts: Counts, done: string, failed: string): Counts => {
    const fields: Record<string, number> = counts;
    if (counts.failed > 0) log.error(fields, failed);
    else if (Object.values(fields).some((n) => n > 0)) log.info(fields, done);
    return counts;
  };
  queue.define({
    name: jobNames.deliver,
    // Every minute as well: retries that have come due, and rows whose request asked before a crash.
    cron: '* * * * *',
    // Sign-in codes wait on it.
    pollSeconds: 0.5,
    run: async (now) => {
      const report = await deliverDue(
        db,
        transports,
        now,
        (error, row) => log.warn({ err: error, outbox: row.id, channel: row.channel }, 'delivery failed; will retry'),
        { keepCodes: config.DEV_OUTBOX },
      );
      if (report.sent + report.failed > 0) log.info(report, 'outbox delivered');
    },
  });
  queue.define({
    name: jobNames.bookings,
    cron: '* * * * *',
    run: async (now) => {
      const options = { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM };
      const expired = await expireStaleRequests(db, now, options);
      const reminded = await remindDue(db, now, options);
      if (expired.length + reminded.length > 0) queue.kick(jobNames.deliver);
      if ((await expireUnpaidBookings(db, now)) > 0) queue.kick(jobNames.cardSettle);
    },
  });
  const bookingEvents = [bookingPaymentEvents(config.PUBLIC_URL)];
  queue.define({
    name: jobNames.cardEvents,
    cron: '* * * * *',
    pollSeconds: 1,
    run: async (now) => {
      const { handled } = logged(
        await handleCardEvents(db, now, bookingEvents),
        'card events handled',
        'card events failed; see stripe_events.last_error',
      );
      // A payment made a request (the provider's mail), or is to be released.
      if (handled > 0) {
        queue.kick(jobNames.deliver);
        queue.kick(jobNames.cardSettle);
      }
    },
  });
  queue.define({
    name: jobNames.cardSettle,
    cron: '* * * * *',
    run: async (now) => {
      if (!payments) return;
      logged(
        await settleCardPayments(db, payments, now),
        'card payments settled',
        'card payments not settled; see card_payments.last_error',
      );
    },
  });
  queue.define({
    name: jobNames.payouts,
    // Mondays, early (UTC).
    cron: '0 6 * * 1',
    run: async (now) => {
      if (!payments) return;
      logged(await payProviders(db, payments, now), 'payouts sent', 'payouts failed; see payout_transfers.last_error');
    },
  });
  queue.define({
    name: jobNames.housekeeping,
    cron: '7 * * * *',
    run: async (now) => {
      const purged = {
        signups: await purgeUnverifiedSignups(db, now),
        sessions: await purgeExpiredSessions(db, now),
        codes: await purgeOldCodes(db, now),
        counters: await purgeExpiredLimits(db, now),
        delivered: await purgeDelivered(db, now),
        idempotencyKeys: await purgeIdempotencyKeys(db, now),
        signInTickets: await purgeSignInTickets(db, now),
        pastFullDays: await forgetPastFullDays(db, now),
        cardEvents: await purgeHandledEvents(db, now),
      };
      if (Object.values(purged).some((count) => count > 0)) log.info(purged, 'housekeeping: purged');
    },
  });
  queue.define({
    name: jobNames.daily,
    // At a quiet hour (UTC).
    cron: '17 4 * * *',
    run: async () => {
      await analyzeDashboardSums(db);
      await countSearchWords(db);
    },
  });
}

/**
 * After a booking paid by card ended: a worker tells Stripe now (or, for a charge that waits out
 * the provider's Undo, in `seconds`) rather than at the next minute.
 */
export const settleCardsSoon = (jobs: JobQueue, seconds = 0) =>
  seconds > 0 ? jobs.later(jobNames.cardSettle, seconds) : jobs.kick(jobNames.cardSettle);

/** After a Stripe event was stored: a worker handles it now rather than at the next minute. */
export const handleCardEventsSoon = (jobs: JobQueue) => jobs.kick(jobNames.cardEvents);

/** After a commit that wrote to the outbox: a worker delivers it now rather than at the next minute. */
export const deliverSoon = (jobs: JobQueue) => jobs.kick(jobNames.deliver);
