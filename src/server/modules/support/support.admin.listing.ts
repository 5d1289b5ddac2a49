// Contact messages as the admin lists them on /support: newest first, searched in name, email and
// message, each with its status (pending until an admin replies), narrowed by status.
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { SupportRow, SupportStatus, supportSorts } from '../../../contract/support.js';
import { supportMessages } from '../../db/schema.js';
import { containsPattern, type Listing } from '../../platform/listing.js';

type Filter = { status?: SupportStatus };

const where = ({ q, status }: Filter & { q?: string }): SQL | undefined => {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    status ? eq(supportMessages.status, status) : undefined,
    pattern
      ? or(
          ilike(supportMessages.name, pattern),
          ilike(supportMessages.email, pattern),
          ilike(supportMessages.message, pattern),
        )
      : undefined,
  );
};

export const supportListing: Listing<SupportRow, (typeof supportSorts)[number], Filter> = {
  sorts: {
    createdAt: supportMessages.createdAt,
    name: supportMessages.name,
    email: supportMessages.email,
    status: supportMessages.status,
  },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: supportMessages.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select({
        _id: supportMessages.id,
        name: supportMessages.name,
        email: supportMessages.email,
        message: supportMessages.message,
        status: supportMessages.status,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .where(where(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
  count: async (db, filter) => (await db.select({ n: count() }).from(supportMessages).where(where(filter)))[0]?.n ?? 0,
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
};
