// Members as the admin lists them: customers on /userlisting, providers on /vendor.
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MemberRow, memberSorts, VendorStatusFilter } from '../../../contract/admin.js';
import { adminListText as t } from '../../../contract/messages.js';
import { providerProfiles, users } from '../../db/schema.js';
import { containsPattern, type Listing } from '../../platform/listing.js';

type Row = MemberRow;

/**
 * A provider waiting for an administrator's approval: its profile is complete, it is not blocked,
 * and it is still Deactive. The dashboard's work queue counts these; /vendor?status=awaiting lists them.
 */
export const awaitingApproval = and(
  eq(users.role, 'provider'),
  eq(users.status, '0'),
  eq(users.isBlocked, false),
  sql`exists (select 1 from ${providerProfiles} where ${providerProfiles.userId} = ${users.id})`,
);

function statusCondition(status: VendorStatusFilter | undefined): SQL | undefined {
  if (status === 'awaiting') return awaitingApproval;
  return status ? eq(users.status, status) : undefined;
}

function memberListing(
  role: 'customer' | 'provider',
  sheet: { name: string; file: string },
): Listing<Row, (typeof memberSorts)[number], { status?: VendorStatusFilter }> {
  const where = ({ q, status }: { q?: string; status?: VendorStatusFilter }): SQL | undefined => {
    const pattern = q ? containsPattern(q) : undefined;
    return and(
      eq(users.role, role),
      statusCondition(status),
      pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined,
    );
  };
  return {
    sorts: {
      name: users.name,
      email: users.email,
      phone: users.phone,
      status: users.status,
      createdAt: users.createdAt,
    },
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    tiebreak: users.id,
    rows: async (db, filter, window) => {
      const rows = await db
        .select({
          _id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          status: users.status,
          isBlocked: users.isBlocked,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where(filter))
        .orderBy(...window.orderBy)
        .limit(window.limit)
        .offset(window.offset);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    count: async (db, filter) => (await db.select({ n: count() }).from(users).where(where(filter)))[0]?.n ?? 0,
    sheet: {
      ...sheet,
      columns: [
        { header: t.userName, width: 28, cell: (row) => row.name },
        { header: t.email, width: 32, cell: (row) => row.email },
        { header: t.phone, width: 16, cell: (row) => row.phone },
        { header: t.status, width: 12, cell: (row) => (row.status === '1' ? t.active : t.deactive) },
        { header: t.blocked, width: 10, cell: (row) => (row.isBlocked ? t.yes : t.no) },
        { header: t.joined, width: 14, cell: (row) => new Date(row.createdAt) },
      ],
    },
  };
}

export const customerListing = memberListing('customer', { name: 'Users', file: 'users' });
export const providerListing = memberListing('provider', { name: 'Contractors', file: 'contractors' });
