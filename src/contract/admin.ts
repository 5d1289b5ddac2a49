import { z } from 'zod';
import { memberEmail, memberName, phone } from './auth.js';
import { cents, pageQuery } from './common.js';

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
});
export type DashboardQueue = z.infer<typeof dashboardQueue>;

export const dashboardTotals = z.object({
  totalRegisteredUsers: z.number().int(),
  /** Active providers. */
  totalAgents: z.number().int(),
  /** Value of the bookings made in the range (cents). */
  totalBusiness: cents,
  totalActiveCoupons: z.number().int(),
  queue: dashboardQueue,
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
    if (value !== undefined && !isCalendarDay(value))
      ctx.addIssue({ code: 'custom', path: [key], message: dashboardErrors.notADate });
  }
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: dashboardErrors.reversedRange });
  }
});
export type DashboardRange = z.infer<typeof dashboardRange>;

// ---------------------------------------------------------------- listings
/** The longest text the admin lists' search box sends. */
export const listSearchMax = 100;

/**
 * The query of every admin list and its Excel export: a page, a search text and one sortable
 * column (each list names its own sort keys). The export takes the same filter and ignores the page.
 */
export const listQuery = <K extends string>(sortKeys: readonly [K, ...K[]]) =>
  pageQuery.extend({
    q: z.string().trim().max(listSearchMax).optional(),
    sort: z.enum(sortKeys).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  });
export type ListQuery<K extends string = string> = z.infer<typeof pageQuery> & {
  q?: string;
  sort?: K;
  order?: 'asc' | 'desc';
};

/** The export of a list is its path plus this suffix. */
export const exportSuffix = '/export';
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------- members (/userlisting, /vendor)
export const memberSorts = ['name', 'email', 'phone', 'status', 'createdAt'] as const;
export const memberListQuery = listQuery(memberSorts);
/** A member list narrowed to Active ('1') or Deactive ('0') members. */
export const memberStatusFilter = ['1', '0'] as const;
export const customerListQuery = memberListQuery.extend({ status: z.enum(memberStatusFilter).optional() });
/** Providers also by 'awaiting': Deactive, not blocked, with a completed profile (to approve). */
export const vendorStatusFilter = ['1', '0', 'awaiting'] as const;
export type VendorStatusFilter = (typeof vendorStatusFilter)[number];
export const vendorListQuery = memberListQuery.extend({ status: z.enum(vendorStatusFilter).optional() });

export const memberRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** '0' Deactive, '1' Active. */
  status: z.enum(['0', '1']),
  isBlocked: z.boolean(),
  createdAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRow>;

/**
 * POST /users/adminAddVendor: the admin adds a contractor (without `id`) or corrects
 * one's name, phone and email (with `id`), with the member sign-up's rules and messages.
 */
export const adminVendorBody = z.object({
  UserName: memberName,
  phone,
  email: memberEmail,
  id: z.uuid().optional(),
});
export type AdminVendorInput = z.input<typeof adminVendorBody>;
