// The broadcasts sent from /notification (notification rows without a member), newest first with
// the admin who posted each, so the admin sees what went out.
import { and, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { BroadcastRow, broadcastSorts } from '../../../contract/support.js';
import { notifications, users } from '../../db/schema.js';
import { containsPattern, type Listing } from '../../platform/listing.js';

const where = ({ q }: { q?: string }): SQL | undefined =>
  and(isNull(notifications.userId), q ? ilike(notifications.message, containsPattern(q)) : undefined);

export const broadcastListing: Listing<BroadcastRow, (typeof broadcastSorts)[number]> = {
  sorts: { createdAt: notifications.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: notifications.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select({
        _id: notifications.id,
        message: notifications.message,
        createdAt: notifications.createdAt,
        sentBy: users.email,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.createdByAdminId))
      .where(where(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
  count: async (db, filter) => (await db.select({ n: count() }).from(notifications).where(where(filter)))[0]?.n ?? 0,
  sheet: {
    name: 'Notifications',
    file: 'notifications',
    columns: [
      { header: t.message, width: 80, cell: (row) => row.message },
      { header: t.sentAt, width: 20, cell: (row) => new Date(row.createdAt) },
      { header: t.sentBy, width: 32, cell: (row) => row.sentBy },
    ],
  },
};
