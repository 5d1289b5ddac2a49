// The back-office dashboard: four totals and the work queue in one statement, and the trends (admin.trends.ts).
import { and, count, eq, gte, inArray, isNotNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DashboardRange, DashboardTotals } from '../../../contract/dashboard.js';
import { one, type Db } from '../../db/client.js';
import {
  cardPayments,
  offers,
  ratings,
  supportMessages,
  tickets,
  transactions,
  userDays,
  users,
} from '../../db/schema.js';
import { awaitingApproval } from '../members/members.admin.listing.js';
import { bookingSums, dashboardTrends, lost, memberRoles } from './admin.trends.js';

const dayMs = 86_400_000;
/** Days are calendar days in UTC: a range covers [start 00:00Z, end + 1 day 00:00Z). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Totals for an inclusive date range (yyyy-MM-dd); a missing bound leaves that side open. */
export async function dashboardTotals(db: Db, range: DashboardRange, now: Date): Promise<DashboardTotals> {
  const { startDate, endDate } = range;
  const createdIn = (column: PgColumn): SQL | undefined =>
    and(
      startDate ? gte(column, startOfDay(startDate)) : undefined,
      endDate ? lt(column, new Date(startOfDay(endDate).getTime() + dayMs)) : undefined,
    );

  /** Members who registered in the range (customers and providers, not admins), summed by day. */
  const registered = db
    .select({ n: sql`coalesce(sum(${userDays.users}), 0)` })
    .from(userDays)
    .where(
      and(
        inArray(userDays.role, memberRoles),
        startDate ? gte(userDays.day, startDate) : undefined,
        endDate ? lte(userDays.day, endDate) : undefined,
      ),
    );
  /** Active, unblocked providers who joined in the range. */
  const agents = db
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.role, 'provider'), eq(users.status, '1'), eq(users.isBlocked, false), createdIn(users.createdAt)),
    );
  /**
   * What customers pay for the bookings of days in the range, not cancelled, declined or expired:
   * from the sums of its whole months and of the days at its edges.
   */
  const sums = bookingSums(db, { from: startDate, to: endDate });
  const business = db
    .with(sums)
    .select({ n: sql`coalesce(sum(${sums.totalCents}), 0)` })
    .from(sums)
    .where(notInArray(sums.status, lost));
  /** Coupons are counted as they stand now: the range does not apply. */
  const coupons = db.select({ n: count() }).from(offers).where(eq(offers.active, true));
  // The work queue, as it stands now.
  const withdrawals = db
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.type, 'withdraw'), eq(transactions.status, '3')));
  const unanswered = db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.status, 'pending'));
  const openTickets = db.select({ n: count() }).from(tickets).where(eq(tickets.status, 'pending'));
  const toApprove = db.select({ n: count() }).from(users).where(awaitingApproval);
  const hiddenRatings = db.select({ n: count() }).from(ratings).where(eq(ratings.hidden, true));
  const cardTrouble = db.select({ n: count() }).from(cardPayments).where(isNotNull(cardPayments.attention));

  // One statement of scalar sub-selects; counts and sums are bigint, so they are mapped to numbers.
  const [totals, trends] = await Promise.all([
    db
      .select({
        totalRegisteredUsers: sql<number>`${registered}`.mapWith(Number),
        totalAgents: sql<number>`${agents}`.mapWith(Number),
        totalBusiness: sql<number>`${business}`.mapWith(Number),
        totalActiveCoupons: sql<number>`${coupons}`.mapWith(Number),
        withdrawRequests: sql<number>`${withdrawals}`.mapWith(Number),
        supportUnanswered: sql<number>`${unanswered}`.mapWith(Number),
        ticketsInProgress: sql<number>`${openTickets}`.mapWith(Number),
        providersAwaitingApproval: sql<number>`${toApprove}`.mapWith(Number),
        ratingsHidden: sql<number>`${hiddenRatings}`.mapWith(Number),
        cardPayments: sql<number>`${cardTrouble}`.mapWith(Number),
      })
      .from(sql`(values (1)) as dashboard (one)`),
    dashboardTrends(db, range, now),
  ]);
  // The four counters of the range; the rest is the work queue.
  const { totalRegisteredUsers, totalAgents, totalBusiness, totalActiveCoupons, ...queue } = one(totals);
  return { totalRegisteredUsers, totalAgents, totalBusiness, totalActiveCoupons, queue, trends };
}
