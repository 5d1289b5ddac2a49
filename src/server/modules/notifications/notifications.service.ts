// A member's notifications: their own rows and the admin broadcasts (rows without a user) sent
// since they joined, read in one query. A broadcast is read when it is not newer than the
// member's broadcasts_seen_at; a personal one when it has a read_at.
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import {
  noticeKinds,
  noticeText,
  type Notice,
  type NotificationItem,
  type NotificationKind,
} from '../../../contract/notifications.js';
import { one, type Db, type Queryable } from '../../db/client.js';
import { offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { notifications, users } from '../../db/schema.js';
import { publishWith } from '../../platform/live.js';

/** A stored notification; its kind is one the server writes (the column itself is text). */
export type NotificationRow = Omit<typeof notifications.$inferSelect, 'kind'> & { kind: NotificationKind };

/**
 * A notice's row: its facts as data, its kind, and its words (what clients without the data show).
 * Its strings pass through UTF-8 as a text column's do: jsonb refuses a lone surrogate (from a
 * typed answer, say) that text stores as U+FFFD.
 */
function rowOf(userId: string, content: Notice) {
  const data = JSON.parse(
    JSON.stringify(content, (_key, value: unknown) =>
      typeof value === 'string' ? Buffer.from(value, 'utf8').toString('utf8') : value,
    ),
  ) as Notice;
  return { userId, kind: noticeKinds[data.notice], message: noticeText(data), data };
}

/** A stored notification's live event: its id and kind, never the text. */
export function publishNotification(db: Queryable, row: Pick<NotificationRow, 'id' | 'userId' | 'kind'>) {
  return publishWith(db, row.userId, {
    type: 'notification',
    data: { _id: row.id, kind: row.kind, broadcast: row.userId === null },
  });
}

/** Stores a personal notification, and its live event, in the caller's transaction. */
export async function insertNotification(db: Queryable, userId: string, content: Notice): Promise<NotificationRow> {
  const row = rowOf(userId, content);
  const stored = { ...one(await db.insert(notifications).values(row).returning()), kind: row.kind };
  await publishNotification(db, stored);
  return stored;
}

/**
 * Stores a personal notification named by `key` (a sweep's, e.g. `expired:<booking>:<user>`) in the
 * caller's transaction. Answers undefined when that key was written before: a sweep that runs twice
 * notifies once.
 */
export async function insertNotificationOnce(
  db: Queryable,
  key: string,
  userId: string,
  content: Notice,
): Promise<NotificationRow | undefined> {
  const row = rowOf(userId, content);
  const [inserted] = await db
    .insert(notifications)
    .values({ ...row, key })
    .onConflictDoNothing({ target: notifications.key })
    .returning();
  if (!inserted) return undefined;
  const stored = { ...inserted, kind: row.kind };
  await publishNotification(db, stored);
  return stored;
}

/** The notifications a member sees: their own, and the broadcasts sent since they joined. */
const visibleTo = (member: typeof users) =>
  or(
    eq(notifications.userId, member.id),
    and(isNull(notifications.userId), sql`${notifications.createdAt} >= ${member.createdAt}`),
  );

/**
 * How many members a broadcast sent now reaches: every customer and provider, as each one's list
 * shows the broadcasts sent since they joined. Administrators read no notifications.
 */
export async function countBroadcastRecipients(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(inArray(users.role, ['customer', 'provider']));
  return row?.n ?? 0;
}

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

/**
 * How many of them are unread, "new message" notices left out: unread messages have their own
 * count on the Messages link, and one message must not be counted twice.
 */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(notifications, visibleTo(users))
    .where(and(eq(users.id, userId), ne(notifications.kind, noticeKinds.message), sql`not (${isRead})`));
  return row?.n ?? 0;
}

/** Marks everything read: personal rows get read_at, broadcasts are seen up to now. */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = sql`now()`;
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    await tx.update(users).set({ broadcastsSeenAt: now }).where(eq(users.id, userId));
    await publishAllRead(tx, userId);
  });
}

/** Tells the member's open pages (their other tabs) that their notifications are read now. */
export const publishAllRead = (db: Queryable, userId: string) =>
  publishWith(db, userId, { type: 'notification', data: { _id: null, kind: 'read', broadcast: false } });
