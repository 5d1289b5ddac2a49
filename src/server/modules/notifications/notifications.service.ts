// A member's notifications: their own rows and the admin broadcasts (rows without a user) sent
// since they joined, read in one query. A broadcast is read when it is not newer than the
// member's broadcasts_seen_at; a personal one when it has a read_at.
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import type { NotificationItem, NotificationKind } from '../../../contract/notifications.js';
import { one, type Db, type Queryable } from '../../db/client.js';
import { offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { notifications, users } from '../../db/schema.js';
import type { LiveHub } from '../../platform/live.js';

/** A stored notification; its kind is one the server writes (the column itself is text). */
export type NotificationRow = Omit<typeof notifications.$inferSelect, 'kind'> & { kind: NotificationKind };

/** Stores a personal notification (no live event: publish it after the transaction commits). */
export async function insertNotification(
  db: Queryable,
  userId: string,
  kind: NotificationKind,
  message: string,
  data?: Record<string, unknown>,
): Promise<NotificationRow> {
  const rows = await db
    .insert(notifications)
    .values({ userId, kind, message, data: data ?? null })
    .returning();
  return { ...one(rows), kind };
}

/** Tells the member's open pages (on every instance) that a notification arrived. */
export function publishNotification(
  live: LiveHub,
  row: Pick<NotificationRow, 'id' | 'userId' | 'kind'>,
): Promise<void> {
  return live.publish(row.userId, {
    type: 'notification',
    data: { _id: row.id, kind: row.kind, broadcast: row.userId === null },
  });
}

/**
 * Notifies a member: stores a personal notification and publishes a live `notification` event.
 * For other domains (bookings, …): `await notify(db, app.deps.live, userId, 'booking', 'Booking Successfully', { bookingId })`.
 * Inside a transaction, use insertNotification with the transaction and publishNotification after the commit.
 */
export async function notify(
  db: Db,
  live: LiveHub,
  userId: string,
  kind: NotificationKind,
  message: string,
  data?: Record<string, unknown>,
): Promise<NotificationRow> {
  const row = await insertNotification(db, userId, kind, message, data);
  await publishNotification(live, row);
  return row;
}

/** The notifications a member sees: their own, and the broadcasts sent since they joined. */
const visibleTo = (member: typeof users) =>
  or(
    eq(notifications.userId, member.id),
    and(isNull(notifications.userId), sql`${notifications.createdAt} >= ${member.createdAt}`),
  );

/** A broadcast counts as read up to the member's broadcasts_seen_at. */
const isRead = sql<boolean>`case when ${notifications.userId} is null
  then coalesce(${notifications.createdAt} <= ${users.broadcastsSeenAt}, false)
  else ${notifications.readAt} is not null end`;

/** Newest first, personal and broadcasts merged. */
export async function listNotifications(db: Db, userId: string, query: PageQuery): Promise<Page<NotificationItem>> {
  const rows = await db
    .select({
      _id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      createdAt: notifications.createdAt,
      read: isRead,
      broadcast: sql<boolean>`${notifications.userId} is null`,
      data: notifications.data,
      total: totalOver(),
    })
    .from(users)
    .innerJoin(notifications, visibleTo(users))
    .where(eq(users.id, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .innerJoin(notifications, visibleTo(users))
      .where(eq(users.id, userId));
    return row?.n ?? 0;
  });
  return {
    meta: page.meta,
    items: page.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), data: item.data ?? null })),
  };
}

/** How many of them are unread. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(notifications, visibleTo(users))
    .where(and(eq(users.id, userId), sql`not (${isRead})`));
  return row?.n ?? 0;
}

/** Marks everything read: personal rows get read_at, broadcasts are seen up to now. */
export async function markAllRead(db: Db, live: LiveHub, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = sql`now()`;
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    await tx.update(users).set({ broadcastsSeenAt: now }).where(eq(users.id, userId));
  });
  // The member's other tabs drop their badge.
  await publishAllRead(live, userId);
}

/** Tells the member's open pages that their notifications are all read now (kind 'read', no id). */
export function publishAllRead(live: LiveHub, userId: string): Promise<void> {
  return live.publish(userId, { type: 'notification', data: { _id: null, kind: 'read', broadcast: false } });
}
