import { z } from 'zod';
import { memberEmail, memberName, phone } from './auth.js';
import { pageQuery } from './common.js';

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
export type MemberStatusFilter = (typeof memberStatusFilter)[number];
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
