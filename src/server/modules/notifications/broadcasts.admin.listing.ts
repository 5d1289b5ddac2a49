// The broadcasts sent from /notification (notification rows without a member), newest first with
// the admin who posted each, so the admin sees what went out.
import { and, count, eq, isNull } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { BroadcastRow, broadcastSorts } from '../../../contract/support.js';
import { notifications, users } from '../../db/schema.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

export const broadcastListing: Listing<BroadcastRow, (typeof broadcastSorts)[number]> = selectListing({
  sorts: { createdAt: notifications.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: notifications.id,
  select: (db) =>
    db
      .select({
        _id: notifications.id,
        message: notifications.message,
        createdAt: notifications.createdAt,
        sentBy: users.email,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.createdByAdminId))
      .$dynamic(),
  counted: (db) => db.select({ n: count() }).from(notifications),
  where: ({ q }) => and(isNull(notifications.userId), searchIn(q, notifications.message)),
  row: withIsoCreatedAt,
  sheet: {
    name: 'Notifications',
    file: 'notifications',
    columns: [
      { header: t.message, width: 80, cell: (row) => row.message },
      { header: t.sentAt, width: 20, cell: (row) => new Date(row.createdAt) },
      { header: t.sentBy, width: 32, cell: (row) => row.sentBy },
    ],
  },
});
