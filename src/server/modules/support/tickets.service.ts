// The member's side of tickets: open one, list one's own, read the thread and reply; and the
// thread both sides share (the admin's in tickets.admin.service.ts): the same queries and the same
// rule that a reply to a resolved ticket opens it again. Another member's ticket is refused with 403.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import type { MyTicket } from '../../../contract/member-tickets.js';
import { adminSupportText, memberTicketText as t } from '../../../contract/messages.js';
import type { TicketReply, TicketStatus } from '../../../contract/support.js';
import { one, type Db, type Tx } from '../../db/client.js';
import { countRows, offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { ticketReplies, tickets, users } from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';

/** A ticket's own fields, as the member's lists and the admin's detail read them. */
export const ticketColumns = {
  _id: tickets.id,
  subject: tickets.subject,
  message: tickets.message,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

type TicketRecord = Omit<MyTicket, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
export const toTicket = (row: TicketRecord): MyTicket => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function openTicket(
  db: Db,
  userId: string,
  input: { subject: string; message: string },
): Promise<MyTicket> {
  return toTicket(
    one(
      await db
        .insert(tickets)
        .values({ userId, subject: input.subject, message: input.message })
        .returning(ticketColumns),
    ),
  );
}

/**
 * A member's tickets, newest first (tickets_user_idx: user, created), narrowed to one status when
 * `query.status` is set (the admin's /userDetail).
 */
export async function myTickets(
  db: Db,
  userId: string,
  query: PageQuery & { status?: TicketStatus },
): Promise<Page<MyTicket>> {
  const where = and(eq(tickets.userId, userId), query.status ? eq(tickets.status, query.status) : undefined);
  const rows = await db
    .select({ ...ticketColumns, total: totalOver() })
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, tickets, where));
  return { meta: page.meta, items: page.items.map(toTicket) };
}

/** The ticket if it is the caller's: 404 when there is none, 403 when it is someone else's. */
export async function myTicket(db: Db, userId: string, ticketId: string): Promise<MyTicket> {
  const [row] = await db
    .select({ ...ticketColumns, userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) throw notFound(t.ticketNotFound);
  if (row.userId !== userId) throw forbidden();
  const { userId: _owner, ...ticket } = row;
  return toTicket(ticket);
}

/** The thread of the caller's ticket, oldest first. */
export async function myTicketReplies(
  db: Db,
  userId: string,
  ticketId: string,
  query: PageQuery,
): Promise<Page<TicketReply>> {
  await myTicket(db, userId, ticketId);
  return listReplies(db, ticketId, query);
}

/** The member's reply: stored, and the ticket (re)opened and touched, in one transaction. */
export async function replyAsMember(
  db: Db,
  userId: string,
  ticketId: string,
  message: string,
): Promise<{ reply: TicketReply; status: TicketStatus }> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)))
      .returning({ status: tickets.status });
    if (!ticket) {
      const [other] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
      throw other ? forbidden() : notFound(t.ticketNotFound);
    }
    const reply = await insertReply(tx, ticketId, userId, message);
    return { reply, status: ticket.status };
  });
}

// ---------------------------------------------------------------- the thread (both sides)

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
    if (!ticket) throw notFound(adminSupportText.ticketNotFound);
  }
  const page = await pageOf(rows, query, async () => {
    const [row] = await db.select({ n: count() }).from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId));
    return row?.n ?? 0;
  });
  return { meta: page.meta, items: page.items.map(toReply) };
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
