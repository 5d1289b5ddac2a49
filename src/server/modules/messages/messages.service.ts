// Conversations between members (/Messages_new and the provider dialog's message).
// Sending stores the message, a notification for the recipient and the live events that tell both
// members' open pages, in one transaction.
import { and, asc, count, desc, eq, inArray, isNull, ne, not, notExists, or, sql } from 'drizzle-orm';
import {
  contactLimit,
  type ChatMessage,
  type ChatPartner,
  type Conversation,
} from '../../../contract/conversations.js';
import type { PageQuery } from '../../../contract/common.js';
import { serverError } from '../../../contract/messages.js';
import { one, type Db } from '../../db/client.js';
import { advisoryLocks, lockUntilCommit } from '../../db/locks.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import { bookings, favorites, messages, notifications, users } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { publishWith } from '../../platform/live.js';
import { insertNotification, publishAllRead } from '../notifications/notifications.service.js';

export interface Sender {
  id: string;
  name: string;
}

/** A member (customer or provider); blocked ones only when `includeBlocked` (their old threads stay readable). */
export async function findPartner(db: Db, userId: string, includeBlocked = false): Promise<ChatPartner | null> {
  const [row] = await db
    .select({ _id: users.id, name: users.name, image: users.image, role: users.role, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.role === 'admin' || (row.isBlocked && !includeBlocked)) return null;
  return { _id: row._id, name: row.name, image: row.image };
}

/**
 * Whom the member may start a conversation with: the providers they booked or favourited, not
 * blocked, with no message between them yet (those are in the conversation list); by name.
 */
export async function listContacts(db: Db, userId: string): Promise<ChatPartner[]> {
  const between = or(
    and(eq(messages.fromUser, userId), eq(messages.toUser, users.id)),
    and(eq(messages.fromUser, users.id), eq(messages.toUser, userId)),
  );
  return db
    .select({ _id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(
      and(
        or(
          inArray(
            users.id,
            db.select({ id: bookings.providerId }).from(bookings).where(eq(bookings.customerId, userId)),
          ),
          inArray(users.id, db.select({ id: favorites.likedTo }).from(favorites).where(eq(favorites.likedBy, userId))),
        ),
        ne(users.id, userId),
        not(users.isBlocked),
        notExists(
          db
            .select({ one: sql`1` })
            .from(messages)
            .where(between),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(contactLimit);
}

export async function sendMessage(db: Db, sender: Sender, toUser: string, text: string): Promise<ChatMessage> {
  if (toUser === sender.id) throw badRequest(serverError.messageToSelf);
  if (!(await findPartner(db, toUser))) throw notFound(serverError.memberNotFound);

  const message = await db.transaction(async (tx) => {
    const message = one(await tx.insert(messages).values({ fromUser: sender.id, toUser, message: text }).returning());
    // Ids only: each page reads the text through the API.
    const event = {
      type: 'message' as const,
      data: { _id: message.id, fromUser: sender.id, toUser, createdAt: message.createdAt.toISOString() },
    };
    await publishWith(tx, toUser, event);
    await publishWith(tx, sender.id, event);
    // A burst of messages makes one notification: none while one from this sender is still
    // unread. Messages of one pair take turns here, so two sent at once cannot both add one.
    await lockUntilCommit(tx, advisoryLocks.messageNotice(toUser, sender.id));
    const [pending] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(unreadMessageNotice(toUser, sender.id))
      .limit(1);
    if (!pending)
      await insertNotification(tx, toUser, {
        notice: 'message',
        fromUser: sender.id,
        messageId: message.id,
        sender: sender.name,
      });
    return message;
  });
  return {
    _id: message.id,
    message: message.message,
    fromUser: message.fromUser,
    toUser: message.toUser,
    createdAt: message.createdAt.toISOString(),
  };
}

/** The member's unread "new message" notification from `fromUser` (the member's own rows, by its index). */
const unreadMessageNotice = (userId: string, fromUser: string) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.kind, 'message'),
    isNull(notifications.readAt),
    sql`${notifications.data} ->> 'fromUser' = ${fromUser}`,
  );

/**
 * The member's conversations, the latest first: one row per partner with the last message either
 * way and the count of the partner's unread messages. One query: DISTINCT ON picks each partner's
 * last message, a window function counts the unread ones before it does.
 */
export async function listConversations(db: Db, userId: string, query: PageQuery): Promise<Page<Conversation>> {
  const partner = sql<string>`case when ${messages.fromUser} = ${userId} then ${messages.toUser} else ${messages.fromUser} end`;
  const mine = or(eq(messages.fromUser, userId), eq(messages.toUser, userId));
  // The partner as a column first: DISTINCT ON must repeat ORDER BY's first expression exactly.
  const withPartner = db.$with('with_partner').as(
    db
      .select({
        partnerId: partner.as('partner_id'),
        id: messages.id,
        message: messages.message,
        createdAt: messages.createdAt,
        incomingUnread: sql<number>`(${messages.toUser} = ${userId} and ${messages.readAt} is null)::int`.as(
          'incoming_unread',
        ),
      })
      .from(messages)
      .where(mine),
  );
  const latest = db.$with('latest').as(
    db
      .selectDistinctOn([withPartner.partnerId], {
        partnerId: withPartner.partnerId,
        id: withPartner.id,
        message: withPartner.message,
        createdAt: withPartner.createdAt,
        unread: sql<number>`sum(${withPartner.incomingUnread}) over (partition by ${withPartner.partnerId})`.as(
          'unread',
        ),
      })
      .from(withPartner)
      .orderBy(withPartner.partnerId, desc(withPartner.createdAt), desc(withPartner.id)),
  );
  const rows = await db
    .with(withPartner, latest)
    .select({
      partnerId: users.id,
      name: users.name,
      image: users.image,
      message: latest.message,
      createdAt: latest.createdAt,
      unread: sql<number>`${latest.unread}`.mapWith(Number),
      total: totalOver(),
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.partnerId))
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${partner})`.mapWith(Number) })
      .from(messages)
      .where(mine);
    return row?.n ?? 0;
  });
  return {
    meta: page.meta,
    items: page.items.map((row) => ({
      user: { _id: row.partnerId, name: row.name, image: row.image },
      message: row.message,
      createdAt: toIso(row.createdAt),
      unread: row.unread,
    })),
  };
}

/** How many messages to the member are unread, from every partner (the header's Messages badge). */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.toUser, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/**
 * The messages between the caller and `otherId`, newest first; the caller's incoming ones become
 * read, and so does the partner's "new message" notification, which the caller's other tabs
 * (their Messages badge and bell) are told of.
 */
export async function readThread(
  db: Db,
  userId: string,
  otherId: string,
  query: PageQuery,
): Promise<Page<ChatMessage>> {
  const between = or(
    and(eq(messages.fromUser, userId), eq(messages.toUser, otherId)),
    and(eq(messages.fromUser, otherId), eq(messages.toUser, userId)),
  );
  const rows = await db
    .select({
      _id: messages.id,
      message: messages.message,
      fromUser: messages.fromUser,
      toUser: messages.toUser,
      createdAt: messages.createdAt,
      total: totalOver(),
    })
    .from(messages)
    .where(between)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, messages, between));
  await db.transaction(async (tx) => {
    const messagesRead = await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(and(eq(messages.fromUser, otherId), eq(messages.toUser, userId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (messagesRead.length > 0) await publishWith(tx, userId, { type: 'messagesRead', data: { partnerId: otherId } });
    // Read here, their notification is read too: the partner's next message notifies again.
    const noticesRead = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(unreadMessageNotice(userId, otherId))
      .returning({ id: notifications.id });
    if (noticesRead.length > 0) await publishAllRead(tx, userId);
  });
  return { meta: page.meta, items: page.items.map((row) => ({ ...row, createdAt: toIso(row.createdAt) })) };
}

/** Timestamps read through a CTE may come back as the driver's text: one ISO form either way. */
function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
