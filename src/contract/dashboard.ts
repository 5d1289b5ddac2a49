// The back-office dashboard: four counters for a range of days, the work waiting now,
// and the trends and breakdowns over the range.
import { z } from 'zod';
import { bookingStatuses, isCalendarDate, type BookingStatus } from './bookings.js';
import { cents } from './common.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the format yyyy-MM-dd' });

/** Optional date range (yyyy-MM-dd, inclusive) for the dashboard. */
export const dashboardQuery = z.object({ startDate: day.optional(), endDate: day.optional() });

/** The work waiting for an administrator, as it stands now (the range does not apply). */
export const dashboardQueue = z.object({
  /** Withdraw requests awaiting the admin (status '3'). */
  withdrawRequests: z.number().int(),
  /** Contact messages not replied to yet. */
  supportUnanswered: z.number().int(),
  /** Members' tickets not resolved yet. */
  ticketsInProgress: z.number().int(),
  /** Providers with a completed profile, not blocked, still Deactive: to approve. */
  providersAwaitingApproval: z.number().int(),
  /** Reviews an admin hid from customers: to look at again. */
  ratingsHidden: z.number().int(),
  /** Card payments disputed by the customer, or that Stripe kept refusing. */
  cardPayments: z.number().int(),
});
export type DashboardQueue = z.infer<typeof dashboardQueue>;

/** How long one point of a trend is: days up to a quarter, weeks up to two years, months beyond. */
export const trendUnits = ['day', 'week', 'month'] as const;
export type TrendUnit = (typeof trendUnits)[number];
export const trendLimits = { dayUpTo: 92, weekUpTo: 731, defaultDays: 30 } as const;

const count = z.number().int().nonnegative();

/** One period of the trends: its bookings by status, their value and fee, and who joined. */
export const trendPoint = z.object({
  /** The period's first day (yyyy-MM-dd; a week starts on Monday). */
  period: z.string(),
  /** Bookings for days in the period, by their status now. */
  bookings: z.object(Object.fromEntries(bookingStatuses.map((s) => [s, count])) as Record<BookingStatus, typeof count>),
  /** What customers pay for those not cancelled, declined or expired (cents), and the platform's fee of it. */
  valueCents: cents,
  feeCents: cents,
  newCustomers: count,
  newProviders: count,
});
export type TrendPoint = z.infer<typeof trendPoint>;

/** A share of the range's bookings: a category's or a city's. */
export const breakdownRow = z.object({ name: z.string(), bookings: count, valueCents: cents });
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const dashboardTrends = z.object({
  /**
   * The days the trends cover (yyyy-MM-dd, inclusive): the asked range, with a missing end being
   * today and a missing start 30 days before the end.
   */
  from: z.string(),
  to: z.string(),
  unit: z.enum(trendUnits),
  /** Every period of the range, earliest first, empty ones included. */
  points: z.array(trendPoint),
  /** Categories and cities by bookings in the range, most first (the top 10). */
  byCategory: z.array(breakdownRow),
  byCity: z.array(breakdownRow),
});
export type DashboardTrends = z.infer<typeof dashboardTrends>;

export const dashboardTotals = z.object({
  totalRegisteredUsers: z.number().int(),
  /** Active providers. */
  totalAgents: z.number().int(),
  /** Value of the bookings made in the range (cents). */
  totalBusiness: cents,
  totalActiveCoupons: z.number().int(),
  queue: dashboardQueue,
  trends: dashboardTrends,
});
export type DashboardTotals = z.infer<typeof dashboardTotals>;

/** Dashboard range errors (our wording). */
export const dashboardErrors = {
  notADate: 'This is not a real date.',
  reversedRange: 'The end date must be on or after the start date.',
} as const;

/**
 * The dashboard query as the server checks it: `dashboardQuery` plus real calendar dates and an
 * end that is not before the start. Either bound may be left out (open range).
 */
export const dashboardRange = dashboardQuery.superRefine((query, ctx) => {
  for (const key of ['startDate', 'endDate'] as const) {
    const value = query[key];
    if (value !== undefined && !isCalendarDate(value))
      ctx.addIssue({ code: 'custom', path: [key], message: dashboardErrors.notADate });
  }
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: dashboardErrors.reversedRange });
  }
});
export type DashboardRange = z.infer<typeof dashboardRange>;
