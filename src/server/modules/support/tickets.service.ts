// Tickets as the admin works them on /ticketdetail: the ticket with its member, the reply thread,
// replies (which tell the member) and resolving. A reply to a resolved ticket opens it again: an
// answer means the conversation goes on, so the ticket is back 'In Progress' until resolved anew.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { TicketDetail, TicketReply, TicketStatus } from '../../../contract/support.js';
import { one, type Db, type Tx } from '../../db/client.js';
import { offsetOf, pageOf, totalOver, type Page } from '../../db/paging.js';
import { ticketReplies, tickets, users } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { insertNotification, type NotificationRow } from '../notifications/notifications.service.js';

export async function ticketDetail(db: Db, ticketId: string): Promise<TicketDetail> {
  const [row] = await db
    .select({
      _id: tickets.id,
      subject: tickets.subject,
      message: tickets.message,
      status: tickets.status,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw notFound(t.ticketNotFound);
  const { userId, name, email, phone, ...ticket } = row;
  return {
    ...ticket,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    user: { _id: userId, name, email, phone },
  };
}

const replyColumns = {
  _id: ticketReplies.id,
  message: ticketReplies.message,
  createdAt: ticketReplies.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorIsAdmin: sql<boolean>`${users.role} = 'admin'`,
};

type ReplyRecord = {
  _id: string;
  message: string;
  createdAt: Date;
  authorId: string;
  authorName: string;
  authorIsAdmin: boolean;
};

const toReply = (row: ReplyRecord): TicketReply => ({
  _id: row._id,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  author: { _id: row.authorId, name: row.authorName, admin: row.authorIsAdmin },
});

/** The thread, oldest first, a page at a time (404 for an unknown ticket). */
export async function listReplies(db: Db, ticketId: string, query: PageQuery): Promise<Page<TicketReply>> {
  const rows = await db
    .select({ ...replyColumns, total: totalOver() })
    .from(ticketReplies)
    .innerJoin(users, eq(users.id, ticketReplies.authorId))
    .where(eq(ticketReplies.ticketId, ticketId))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  if (rows.length === 0) {
    // An empty thread and an unknown ticket look alike: tell them apart.
    const [ticket] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket) throw notFound(t.ticketNotFound);
  }
  const page = await pageOf(rows, query, async () => {
    const [row] = await db.select({ n: count() }).from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId));
    return row?.n ?? 0;
  });
  return { meta: page.meta, items: page.items.map(toReply) };
}

export interface TicketReplyOutcome {
  reply: TicketReply;
  status: TicketStatus;
  /** Publish it after the commit (live delivery to the member's open pages). */
  notification: NotificationRow;
}

/** An admin's answer: stored, the ticket (re)opened and touched, the member notified, atomically. */
export async function replyToTicket(
  db: Db,
  adminId: string,
  ticketId: string,
  message: string,
): Promise<TicketReplyOutcome> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(tickets.id, ticketId))
      .returning({ userId: tickets.userId, subject: tickets.subject, status: tickets.status });
    if (!ticket) throw notFound(t.ticketNotFound);
    const reply = await insertReply(tx, ticketId, adminId, message);
    const notification = await insertNotification(
      tx,
      ticket.userId,
      'ticket',
      t.ticketAnswered(ticket.subject, message),
      { ticketId },
    );
    return { reply, status: ticket.status, notification };
  });
}

/** Appends a reply to the thread (an admin's or the member's) and answers it as the thread shows it. */
export async function insertReply(tx: Tx, ticketId: string, authorId: string, message: string): Promise<TicketReply> {
  const inserted = one(
    await tx.insert(ticketReplies).values({ ticketId, authorId, message }).returning({ id: ticketReplies.id }),
  );
  const rows = await tx
    .select(replyColumns)
    .from(ticketReplies)
    .innerJoin(users, eq(users.id, ticketReplies.authorId))
    .where(eq(ticketReplies.id, inserted.id));
  return toReply(one(rows));
}

/** Resolves a ticket once (409 when it already is) and tells the member. */
export async function resolveTicket(db: Db, ticketId: string): Promise<{ notification: NotificationRow }> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ userId: tickets.userId, subject: tickets.subject, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    if (!ticket) throw notFound(t.ticketNotFound);
    if (ticket.status === 'resolved') throw conflict(t.alreadyResolved);
    await tx
      .update(tickets)
      .set({ status: 'resolved', updatedAt: sql`now()` })
      .where(eq(tickets.id, ticketId));
    const notification = await insertNotification(tx, ticket.userId, 'ticket', t.ticketClosed(ticket.subject), {
      ticketId,
    });
    return { notification };
  });
}
