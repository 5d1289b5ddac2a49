// Members as the admin lists them: customers on /userlisting, providers on /vendor.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { MemberRow, memberSorts, VendorStatusFilter } from '../../../contract/admin.js';
import { adminListText as t } from '../../../contract/messages.js';
import { providerProfiles, users } from '../../db/schema.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

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

/** A member as the back-office shows it in a list (a service's providers too, which have no join date). */
export const memberColumns = {
  _id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  isBlocked: users.isBlocked,
};

/** A member as the back-office lists it (`MemberRow`), before its join date goes out as text. */
export const memberRowColumns = { ...memberColumns, createdAt: users.createdAt };

function memberListing(
  role: 'customer' | 'provider',
  sheet: { name: string; file: string },
): Listing<Row, (typeof memberSorts)[number], { status?: VendorStatusFilter }> {
  return selectListing({
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
    select: (db) => db.select(memberRowColumns).from(users).$dynamic(),
    counted: (db) => db.select({ n: count() }).from(users),
    where: ({ q, status }) =>
      and(eq(users.role, role), statusCondition(status), searchIn(q, users.name, users.email, users.phone)),
    row: withIsoCreatedAt,
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
  });
}

export const customerListing = memberListing('customer', { name: 'Users', file: 'users' });
export const providerListing = memberListing('provider', { name: 'Contractors', file: 'contractors' });
