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
