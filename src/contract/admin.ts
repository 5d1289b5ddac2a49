import { z } from 'zod';
import { cents } from './common.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the format yyyy-MM-dd' });

/** Optional date range (yyyy-MM-dd, inclusive) for the dashboard. */
export const dashboardQuery = z.object({ startDate: day.optional(), endDate: day.optional() });

export const dashboardTotals = z.object({
  totalRegisteredUsers: z.number().int(),
  /** Active providers. */
  totalAgents: z.number().int(),
  /** Value of the bookings made in the range (cents). */
  totalBusiness: cents,
  totalActiveCoupons: z.number().int(),
});
export type DashboardTotals = z.infer<typeof dashboardTotals>;

/** Dashboard range errors (ours: the specs show none). */
export const dashboardErrors = {
  notADate: 'This is not a real date.',
  reversedRange: 'The end date must be on or after the start date.',
} as const;

const isCalendarDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/**
 * The dashboard query as the server checks it: `dashboardQuery` plus real calendar dates and an
 * end that is not before the start. Either bound may be left out (open range).
 */
export const dashboardRange = dashboardQuery.superRefine((query, ctx) => {
  for (const key of ['startDate', 'endDate'] as const) {
    const value = query[key];
    if (value !== undefined && !isCalendarDay(value)) ctx.addIssue({ code: 'custom', path: [key], message: dashboardErrors.notADate });
  }
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: dashboardErrors.reversedRange });
  }
});
export type DashboardRange = z.infer<typeof dashboardRange>;
