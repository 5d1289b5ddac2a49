// Contact messages as the admin lists them on /support: newest first, searched in name, email and
// message, each with its status (pending until an admin replies), narrowed by status.
import { and, count, eq } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { SupportRow, SupportStatus, supportSorts } from '../../../contract/support.js';
import { supportMessages } from '../../db/schema.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

type Filter = { status?: SupportStatus };

export const supportListing: Listing<SupportRow, (typeof supportSorts)[number], Filter> = selectListing({
  sorts: {
    createdAt: supportMessages.createdAt,
    name: supportMessages.name,
    email: supportMessages.email,
    status: supportMessages.status,
  },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: supportMessages.id,
  select: (db) =>
    db
      .select({
        _id: supportMessages.id,
        name: supportMessages.name,
        email: supportMessages.email,
        message: supportMessages.message,
        status: supportMessages.status,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .$dynamic(),
  counted: (db) => db.select({ n: count() }).from(supportMessages),
  where: ({ q, status }) =>
    and(
      status ? eq(supportMessages.status, status) : undefined,
      searchIn(q, supportMessages.name, supportMessages.email, supportMessages.message),
    ),
  row: withIsoCreatedAt,
  sheet: {
    name: 'Support',
    file: 'support',
    columns: [
      { header: t.name, width: 24, cell: (row) => row.name },
      { header: t.email, width: 32, cell: (row) => row.email },
      { header: t.message, width: 60, cell: (row) => row.message },
      { header: t.status, width: 12, cell: (row) => t.supportStatus[row.status] },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
});
